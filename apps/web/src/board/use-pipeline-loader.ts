import { DEFAULT_SORT_TYPE } from "@gantry/domain";
import { useCallback } from "react";
import { useStore } from "react-redux";
import { usePipelinePageReader } from "./api";
import { pageFailed, pageLoaded, pageRequested } from "./board-issues-slice";
import { pipelineReloaded } from "./board-slice";
import type { BoardRootState } from "./board-store";

/** Loads a pipeline's next page of cards under the board's filters and the pipeline's sort, once at a time per pipeline. */
export function usePipelineLoader(workspaceId: string) {
  const store = useStore<BoardRootState>();
  const readPage = usePipelinePageReader(workspaceId);
  return useCallback(
    async (pipelineId: string) => {
      const pages = store.getState().boardIssues.pages[pipelineId];
      if (pages && (pages.isLoading || !pages.hasNextPage)) return;
      store.dispatch(pageRequested(pipelineId));
      // The pipeline's paging as this request left it: a reload marked meanwhile (new filters, a
      // new sort, a board event, a deleted pipeline's issues arriving) replaces it and sends its own request.
      const request = store.getState().boardIssues.pages[pipelineId];
      const isStale = () => store.getState().boardIssues.pages[pipelineId] !== request;
      try {
        const { filters, filterLogic, sortedPipelines } = store.getState().board;
        const sortType = sortedPipelines[pipelineId] ?? DEFAULT_SORT_TYPE;
        const after = pages?.endCursor ?? null;
        const page = await readPage(pipelineId, after, { filters, filterLogic, sortType });
        // An answer to a request a reload has overtaken would put back what the reload replaces.
        if (isStale()) return;
        // A first page is the server's answer for the whole pipeline: it replaces the cards kept meanwhile.
        store.dispatch(pageLoaded({ pipelineId, issues: page.nodes, ...page.pageInfo, replaces: after === null }));
        if (store.getState().board.pendingPipelineReloads.includes(pipelineId))
          store.dispatch(pipelineReloaded(pipelineId));
      } catch (error) {
        if (isStale()) return;
        store.dispatch(pageFailed({ pipelineId, error: error instanceof Error ? error.message : String(error) }));
      }
    },
    [store, readPage],
  );
}
