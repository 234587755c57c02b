export function workspacePath(workspaceId: string): string {
  return `/workspaces/${encodeURIComponent(workspaceId)}`;
}

/** The query that opens a workspace page's settings at its priorities (an admin's way to add the first ones). */
export const SETTINGS_PARAM = "settings";
export const PRIORITIES_SETTINGS = "priorities";

export function workspacePrioritiesPath(workspaceId: string): string {
  return `${workspacePath(workspaceId)}?${SETTINGS_PARAM}=${PRIORITIES_SETTINGS}`;
}
