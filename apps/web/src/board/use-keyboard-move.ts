import { type KeyboardEvent, type RefObject, useCallback } from "react";
import { useStore } from "react-redux";
import { keyboardMoveAimed, keyboardMoveEnded, keyboardMoveStarted } from "./board-issues-slice";
import { selectVisibleIssueIds } from "./board-selectors";
import type { BoardRootState } from "./board-store";
import type { MoveTarget } from "./use-issue-mover";

interface ShownPipeline {
  id: string;
  name: string;
}

interface Options {
  /** The pipelines shown, left to right; a ref so the handler stays the same while they change. */
  pipelines: RefObject<ShownPipeline[]>;
  canMove: boolean;
  moveIssue: (issueId: string, target: MoveTarget) => unknown;
  announce: (text: string) => void;
}

export const KEYBOARD_MOVE_HELP =
  "Press Space to pick up a card, the arrow keys to choose its place, Enter to drop it and Escape to cancel.";

/**
 * Moving a card by keyboard: Space picks the focused card up, the arrows choose the place
 * (up and down within a pipeline, left and right between pipelines), Enter or Space drops
 * it and Escape cancels. Each step is announced for screen readers.
 */
export function useKeyboardMove({ pipelines, canMove, moveIssue, announce }: Options) {
  const store = useStore<BoardRootState>();
  return useCallback(
    (event: KeyboardEvent<HTMLElement>, issueId: string, pipelineId: string) => {
      const state = store.getState();
      const number = state.boardIssues.byId[issueId]?.number;
      const moving = state.boardIssues.keyboardMove;
      const othersIn = (id: string) => selectVisibleIssueIds(state, id).filter((other) => other !== issueId);
      const nameOf = (id: string) => pipelines.current.find((pipeline) => pipeline.id === id)?.name ?? "";
      const aim = (place: { pipelineId: string; index: number }) => {
        store.dispatch(keyboardMoveAimed(place));
        const count = othersIn(place.pipelineId).length + 1;
        announce(`#${number} would go to ${nameOf(place.pipelineId)}, position ${place.index + 1} of ${count}.`);
      };

      if (moving?.issueId !== issueId) {
        if (event.key !== " " || !canMove) return;
        event.preventDefault();
        const index = selectVisibleIssueIds(state, pipelineId).indexOf(issueId);
        store.dispatch(keyboardMoveStarted({ issueId, pipelineId, index }));
        announce(`Picked up #${number} in ${nameOf(pipelineId)}. ${KEYBOARD_MOVE_HELP}`);
        return;
      }
      const order = pipelines.current.map((pipeline) => pipeline.id);
      switch (event.key) {
        case "ArrowUp":
        case "ArrowDown": {
          const step = event.key === "ArrowUp" ? -1 : 1;
          const last = othersIn(moving.pipelineId).length;
          aim({ pipelineId: moving.pipelineId, index: Math.max(0, Math.min(last, moving.index + step)) });
          break;
        }
        case "ArrowLeft":
        case "ArrowRight": {
          const next = order[order.indexOf(moving.pipelineId) + (event.key === "ArrowLeft" ? -1 : 1)];
          if (next) aim({ pipelineId: next, index: Math.min(moving.index, othersIn(next).length) });
          break;
        }
        case "Enter":
        case " ": {
          store.dispatch(keyboardMoveEnded());
          const beforeIssueId = othersIn(moving.pipelineId)[moving.index] ?? null;
          moveIssue(issueId, { pipelineId: moving.pipelineId, beforeIssueId });
          // The card is drawn anew in its new place; keep the keyboard on it.
          requestAnimationFrame(() =>
            document.querySelector<HTMLElement>(`[data-issue-id="${CSS.escape(issueId)}"] a`)?.focus(),
          );
          announce(`Dropped #${number} in ${nameOf(moving.pipelineId)}, position ${moving.index + 1}.`);
          break;
        }
        case "Escape":
          store.dispatch(keyboardMoveEnded());
          announce(`Move of #${number} cancelled.`);
          break;
        default:
          return;
      }
      event.preventDefault();
    },
    [store, pipelines, canMove, moveIssue, announce],
  );
}
