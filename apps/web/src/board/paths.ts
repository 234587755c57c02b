import { workspacePath } from "../workspaces/paths";

export function boardPath(workspaceId: string): string {
  return `${workspacePath(workspaceId)}/board`;
}

/** The board narrowed to one bucket (a sprint, release or epic): SPEC §9's `issuesBucketId` key. */
export function bucketBoardPath(workspaceId: string, bucketId: string): string {
  return `${boardPath(workspaceId)}?${new URLSearchParams({ issuesBucketId: bucketId })}`;
}
