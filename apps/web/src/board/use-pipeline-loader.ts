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
      try {
        const { filters, filterLogic, sortedPipelines } = store.getState().board;
        const sortType = sortedPipelines[pipelineId] ?? DEFAULT_SORT_TYPE;
        const after = pages?.endCursor ?? null;
        const page = await readPage(pipelineId, after, { filters, filterLogic, sortType });
        // Filters or the sort changed while the page was on its way: the pipeline is being read again under the new ones.
        const now = store.getState().board;
        const sortNow = now.sortedPipelines[pipelineId] ?? DEFAULT_SORT_TYPE;
        if (now.filters !== filters || now.filterLogic !== filterLogic || sortNow !== sortType) return;
        // A first page is the server's answer for the whole pipeline: it replaces the cards kept meanwhile.
        store.dispatch(pageLoaded({ pipelineId, issues: page.nodes, ...page.pageInfo, replaces: after === null }));
        if (store.getState().board.pendingPipelineReloads.includes(pipelineId))
          store.dispatch(pipelineReloaded(pipelineId));
      } catch (error) {
        store.dispatch(pageFailed({ pipelineId, error: error instanceof Error ? error.message : String(error) }));
      }
    },
    [store, readPage],
  );
}
