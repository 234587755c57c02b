import { workspacePath } from "../workspaces/paths";

export function roadmapPath(workspaceId: string): string {
  return `${workspacePath(workspaceId)}/roadmap`;
}

export function organizationRoadmapPath(organizationId: string): string {
  return `/organizations/${encodeURIComponent(organizationId)}/roadmap`;
}
