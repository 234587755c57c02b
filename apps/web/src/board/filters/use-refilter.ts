import { useEffect, useRef } from "react";
import { useStore } from "react-redux";
import { afterNextPaint } from "../after-paint";
import { pipelineReloadMarked } from "../board-slice";
import type { BoardRootState } from "../board-store";
import { useBoardSelector } from "../board-store";

/**
 * When the filters, the search text or the logic change, every pipeline read so far is read again
 * from the first page under the new filters (the server filters); meanwhile its loaded cards are
 * filtered on the board at once (local-issues.ts), and the re-read starts after that is painted.
 */
export function useRefilter() {
  const store = useStore<BoardRootState>();
  const filters = useBoardSelector((state) => state.board.filters);
  const filterLogic = useBoardSelector((state) => state.board.filterLogic);
  const shown = useRef({ filters, filterLogic });

  useEffect(() => {
    if (shown.current.filters === filters && shown.current.filterLogic === filterLogic) return;
    return afterNextPaint(() => {
      shown.current = { filters, filterLogic };
      for (const pipelineId of Object.keys(store.getState().boardIssues.pages)) {
        store.dispatch(pipelineReloadMarked(pipelineId));
      }
    });
  }, [filters, filterLogic, store]);
}
