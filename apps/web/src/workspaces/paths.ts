export function workspacePath(workspaceId: string): string {
  return `/workspaces/${encodeURIComponent(workspaceId)}`;
}

/**
 * The query that opens a workspace page's settings at one section: priorities (an admin's way to add
 * the first ones), or the ZenHub import (chosen when creating the workspace).
 */
export const SETTINGS_PARAM = "settings";
export const PRIORITIES_SETTINGS = "priorities";
export const ZENHUB_IMPORT_SETTINGS = "zenhub-import";

export function workspaceSettingsPath(workspaceId: string, section: string): string {
  return `${workspacePath(workspaceId)}?${SETTINGS_PARAM}=${section}`;
}

export function workspacePrioritiesPath(workspaceId: string): string {
  return workspaceSettingsPath(workspaceId, PRIORITIES_SETTINGS);
}
