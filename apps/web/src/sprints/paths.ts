import { workspacePath } from "../workspaces/paths";

/** A sprint's page; here, not in SprintPage, so a link to it does not bring the page into the board's bundle. */
export const sprintPagePath = (workspaceId: string, sprintId: string) =>
  `${workspacePath(workspaceId)}/sprints/${encodeURIComponent(sprintId)}`;
