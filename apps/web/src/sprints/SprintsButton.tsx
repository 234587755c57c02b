import { IterationsIcon } from "@primer/octicons-react";
import { useCallback } from "react";
import { useStore } from "react-redux";
import { pipelineReloadMarked } from "../board/board-slice";
import type { BoardRootState } from "../board/board-store";
import { Button } from "../ui/Button";
import { useSprintsModal } from "./use-sprints-modal";

/**
 * The board toolbar's way into the sprints settings modal, beside the other board settings. A new
 * schedule changes the cards' predicted sprints, so the pipelines read so far are read again.
 */
export function SprintsButton({ workspaceId }: { workspaceId: string }) {
  const store = useStore<BoardRootState>();
  const reloadPipelines = useCallback(() => {
    for (const pipelineId of Object.keys(store.getState().boardIssues.pages)) {
      store.dispatch(pipelineReloadMarked(pipelineId));
    }
  }, [store]);
  const sprintsModal = useSprintsModal(workspaceId, reloadPipelines);
  return (
    <>
      <Button aria-haspopup="dialog" onClick={() => sprintsModal.open()}>
        <IterationsIcon aria-hidden />
        Sprint settings
      </Button>
      {sprintsModal.modal}
    </>
  );
}
