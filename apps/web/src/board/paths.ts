import { workspacePath } from "../workspaces/paths";

export function boardPath(workspaceId: string): string {
  return `${workspacePath(workspaceId)}/board`;
}
