import { createContext, type KeyboardEvent, useContext } from "react";
import type { MoveTarget } from "./use-issue-mover";

/** What cards and pipelines may do on this board; stable for the board's life, so cards do not redraw for it. */
export interface BoardActions {
  canMove: boolean;
  moveIssue: (issueId: string, target: MoveTarget) => unknown;
  onCardKeyDown: (event: KeyboardEvent<HTMLElement>, issueId: string, pipelineId: string) => void;
  loadNextPage: (pipelineId: string) => void;
}

export const BoardActionsContext = createContext<BoardActions | null>(null);

export function useBoardActions(): BoardActions {
  const actions = useContext(BoardActionsContext);
  if (!actions) throw new Error("useBoardActions needs the board around it");
  return actions;
}
