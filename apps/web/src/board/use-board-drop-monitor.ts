import { monitorForElements } from "@atlaskit/pragmatic-drag-and-drop/element/adapter";
import { extractClosestEdge } from "@atlaskit/pragmatic-drag-and-drop-hitbox/closest-edge";
import { useEffect } from "react";
import { useStore } from "react-redux";
import type { BoardRootState } from "./board-store";
import { isCardData, isPipelineData } from "./drag-data";
import type { MoveTarget } from "./use-issue-mover";

/** The card after `issueId` in its pipeline, leaving out the dragged card: dropping below a card lands above that one. */
function cardAfter(ids: readonly string[], issueId: string, draggedId: string): string | null {
  const others = ids.filter((id) => id !== draggedId);
  return others[others.indexOf(issueId) + 1] ?? null;
}

/** Turns every card drop on the board into a move. */
export function useBoardDropMonitor(moveIssue: (issueId: string, target: MoveTarget) => unknown) {
  const store = useStore<BoardRootState>();
  useEffect(
    () =>
      monitorForElements({
        canMonitor: ({ source }) => isCardData(source.data),
        onDrop: ({ source, location }) => {
          const [innermost] = location.current.dropTargets;
          if (!innermost || !isCardData(source.data)) return;
          const draggedId = source.data.issueId;
          const target = innermost.data;
          if (isCardData(target)) {
            const ids = store.getState().boardIssues.pipelineIssueIds[target.pipelineId] ?? [];
            const beforeIssueId =
              extractClosestEdge(target) === "bottom" ? cardAfter(ids, target.issueId, draggedId) : target.issueId;
            moveIssue(draggedId, { pipelineId: target.pipelineId, beforeIssueId });
          } else if (isPipelineData(target)) {
            moveIssue(draggedId, { pipelineId: target.pipelineId, beforeIssueId: null });
          }
        },
      }),
    [store, moveIssue],
  );
}
