/** Where this browser keeps the pipelines a board last had, so a return visit can ask for their cards at once. */
export const BOARD_PIPELINES_STORAGE_PREFIX = "gantryBoardPipelines_";

const keyOf = (workspaceId: string) => `${BOARD_PIPELINES_STORAGE_PREFIX}${workspaceId}`;

/** The pipeline ids this board had on the last visit, or none when nothing (or nothing readable) is kept. */
export function readRememberedPipelines(storage: Storage, workspaceId: string): string[] {
  try {
    const stored: unknown = JSON.parse(storage.getItem(keyOf(workspaceId)) ?? "[]");
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

export function rememberPipelines(storage: Storage, workspaceId: string, pipelineIds: readonly string[]) {
  try {
    storage.setItem(keyOf(workspaceId), JSON.stringify(pipelineIds));
  } catch {
    // A full or refused storage only costs the next visit its head start.
  }
}
