import { CLOSED_PIPELINE_ID } from "@gantry/domain";
import { useCallback, useEffect, useRef } from "react";
import { useStore } from "react-redux";
import type { BoardWorkspace } from "./api";
import type { BoardRootState } from "./board-store";
import { dropEarlyFirstPages } from "./early-board-request";
import { readRememberedPipelines, rememberPipelines } from "./remembered-pipelines";

/**
 * Sends for the columns' first pages before the columns exist (decision 0059, issue #27 item 11):
 * on a return visit for the pipelines this browser remembers, beside the pipeline list; and for
 * every shown pipeline the moment the list's answer arrives, not after React has drawn the board
 * and run the columns' effects (120–230 ms later on a small board). A column asking afterwards
 * finds its page already on its way (usePipelineLoader sends one request at a time per pipeline);
 * a remembered pipeline that is gone meanwhile is dropped with the list's answer (pipelinesKept).
 * On a first visit the early script has usually sent these already (early-board-request.ts): the
 * page reader takes its answers instead of asking again.
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
  // Pages sent early and not taken by now would be stale on a later visit.
  useEffect(() => dropEarlyFirstPages, []);

  return useCallback(
    (workspace: BoardWorkspace) => {
      const pipelineIds = workspace.pipelines.map(({ id }) => id);
      rememberPipelines(storage, workspaceId, pipelineIds);
      for (const pipelineId of pipelineIds) loadUnlessAsked(pipelineId);
      // Each column has taken its early page by now, if it had one; a later reading is a new one.
      dropEarlyFirstPages();
    },
    [workspaceId, storage, loadUnlessAsked],
  );
}
