import { CLOSED_PIPELINE_ID } from "@gantry/domain";
import { useCallback, useEffect, useRef } from "react";
import { useStore } from "react-redux";
import type { BoardWorkspace } from "./api";
import type { BoardRootState } from "./board-store";

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

/**
 * Sends for the columns' first pages before the columns exist (decision 0059, issue #27 item 11):
 * on a return visit for the pipelines this browser remembers, beside the pipeline list; and for
 * every shown pipeline the moment the list's answer arrives, not after React has drawn the board
 * and run the columns' effects (120–230 ms later on a small board). A column asking afterwards
 * finds its page already on its way (usePipelineLoader sends one request at a time per pipeline);
 * a remembered pipeline that is gone meanwhile is dropped with the list's answer (pipelinesKept).
 *
 * Returns what the pipeline list's request calls with its answer.
 */
export function useEarlyFirstPages(
  workspaceId: string,
  loadFirstPage: (pipelineId: string) => void,
  storage: Storage = localStorage,
) {
  const store = useStore<BoardRootState>();
  const isShown = useCallback(
    (pipelineId: string) =>
      pipelineId !== CLOSED_PIPELINE_ID || store.getState().board.settings.showClosedPipeline === true,
    [store],
  );
  const loadRef = useRef(loadFirstPage);
  loadRef.current = loadFirstPage;
  const loadUnlessAsked = useCallback(
    (pipelineId: string) => {
      // Only first pages: a pipeline already asked for (or loaded) is its column's to page on.
      if (isShown(pipelineId) && !store.getState().boardIssues.pages[pipelineId]) loadRef.current(pipelineId);
    },
    [store, isShown],
  );

  useEffect(() => {
    for (const pipelineId of readRememberedPipelines(storage, workspaceId)) loadUnlessAsked(pipelineId);
  }, [workspaceId, storage, loadUnlessAsked]);

  return useCallback(
    (workspace: BoardWorkspace) => {
      const pipelineIds = workspace.pipelines.map(({ id }) => id);
      rememberPipelines(storage, workspaceId, pipelineIds);
      for (const pipelineId of pipelineIds) loadUnlessAsked(pipelineId);
    },
    [workspaceId, storage, loadUnlessAsked],
  );
}
