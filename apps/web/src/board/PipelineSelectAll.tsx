import { useState } from "react";
import { useStore } from "react-redux";
import { useParams } from "react-router";
import { Button } from "../ui/Button";
import type { BoardPipeline } from "./api";
import { selectVisibleIssueIds } from "./board-selectors";
import { issuesSelected, issuesUnselected } from "./board-slice";
import type { BoardRootState } from "./board-store";
import { useBoardSelector } from "./board-store";
import editing from "./PipelineEditing.module.css";
import { usePipelineLoader } from "./use-pipeline-loader";

/**
 * In quick-action selection mode, for a pipeline with cards: select every card of the pipeline (reading the pages not
 * loaded yet first), or unselect them all once they are.
 */
export function PipelineSelectAll({ pipeline }: { pipeline: BoardPipeline }) {
  const { workspaceId = "" } = useParams();
  const store = useStore<BoardRootState>();
  const loadNextPage = usePipelineLoader(workspaceId);
  const isSelectionMode = useBoardSelector((state) => state.board.isQuickActionSelectionMode);
  const hasCards = useBoardSelector((state) => selectVisibleIssueIds(state, pipeline.id).length > 0);
  const allSelected = useBoardSelector((state) => {
    const ids = selectVisibleIssueIds(state, pipeline.id);
    return ids.length > 0 && ids.every((id) => state.board.selectedIssueIds.includes(id));
  });
  const [loading, setLoading] = useState(false);
  if (!isSelectionMode || !hasCards) return null;

  const selectAll = async () => {
    setLoading(true);
    for (;;) {
      const pages = store.getState().boardIssues.pages[pipeline.id];
      if (pages && (!pages.hasNextPage || pages.error)) break;
      await loadNextPage(pipeline.id);
      // Another reader may hold this pipeline's next page; wait for it rather than spin.
      if (store.getState().boardIssues.pages[pipeline.id]?.isLoading) await new Promise((r) => setTimeout(r, 100));
    }
    setLoading(false);
    store.dispatch(issuesSelected(selectVisibleIssueIds(store.getState(), pipeline.id)));
  };
  const unselectAll = () => store.dispatch(issuesUnselected(selectVisibleIssueIds(store.getState(), pipeline.id)));

  return (
    <Button
      variant="link"
      className={editing.selectAll}
      disabled={loading}
      aria-label={`${allSelected ? "Unselect" : "Select"} all in ${pipeline.name}`}
      onClick={() => (allSelected ? unselectAll() : void selectAll())}
    >
      {loading ? "Loading…" : allSelected ? "Unselect all" : "Select all"}
    </Button>
  );
}
