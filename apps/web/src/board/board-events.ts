import { createAction, createNextState as produce, type Reducer, type UnknownAction } from "@reduxjs/toolkit";
import { ISSUE_FIELDS } from "./api";
import type { BoardIssue } from "./board-issue";
import type { BoardIssuesState } from "./board-issues-slice";
import type { BoardState } from "./board-slice";
import { placeIssue } from "./issue-move";

export const BOARD_EVENTS = `subscription boardEvents($workspaceId: ID!) {
  boardEvents(workspaceId: $workspaceId) {
    __typename clientMutationId
    ... on IssuesMovedEvent { placements { issueId pipelineId position issue { ${ISSUE_FIELDS} } } }
    ... on IssuesChangedEvent { placements { issueId pipelineId position issue { ${ISSUE_FIELDS} } } }
    ... on PipelinesChangedEvent { pipelineIds }
  }
}`;

/** Where the server says an issue now is; all null when the board no longer shows it. */
export interface IssuePlacement {
  issueId: string;
  pipelineId: string | null;
  position: number | null;
  issue: BoardIssue | null;
}

export type BoardEvent =
  | {
      __typename: "IssuesMovedEvent" | "IssuesChangedEvent";
      clientMutationId: string | null;
      placements: IssuePlacement[];
    }
  | { __typename: "PipelinesChangedEvent"; clientMutationId: string | null; pipelineIds: string[] };

/** Another member, GitHub or another tab changed the board. */
export const boardEventReceived = createAction<BoardEvent>("board/boardEventReceived");
/** This tab sent a change whose echo should be ignored (SPEC §3 userEventIds). */
export const userEventSent = createAction<string>("board/userEventSent");
/** The change failed, so no echo will come. */
export const userEventFailed = createAction<string>("board/userEventFailed");

interface BoardParts {
  board: BoardState;
  boardIssues: BoardIssuesState;
}

/** Whether the event is the echo of a change this tab made (and applied) itself. */
export const isOwnEcho = (board: BoardState, event: BoardEvent) =>
  event.clientMutationId !== null && board.userEventIds.includes(event.clientMutationId);

/**
 * Puts a card where the server says it is, if that place is within what the board has read of
 * the pipeline; otherwise the card leaves the board until paging reaches it.
 */
function applyPlacement(issues: BoardIssuesState, place: IssuePlacement) {
  for (const [pipelineId, ids] of Object.entries(issues.pipelineIssueIds)) {
    if (ids.includes(place.issueId)) issues.pipelineIssueIds[pipelineId] = ids.filter((id) => id !== place.issueId);
  }
  if (!place.issue || place.pipelineId === null || place.position === null) return;
  issues.byId[place.issueId] = place.issue;
  const pages = issues.pages[place.pipelineId];
  const ids = issues.pipelineIssueIds[place.pipelineId];
  if (!pages || !ids) return;
  const withinRead = place.position < ids.length || (place.position === ids.length && !pages.hasNextPage);
  if (withinRead) issues.pipelineIssueIds[place.pipelineId] = placeIssue(ids, place.issueId, place.position);
}

/**
 * Board events touch both slices (the echo list and the cards), so they are reduced over the
 * whole board state, after the slices' own reducers.
 */
export function withBoardEvents<State extends BoardParts, Preloaded>(
  reducer: Reducer<State, UnknownAction, Preloaded>,
): Reducer<State, UnknownAction, Preloaded> {
  return (previous: State | Preloaded | undefined, action: UnknownAction) => {
    const state = reducer(previous, action);
    if (userEventSent.match(action)) {
      return produce(state, (draft) => {
        draft.board.userEventIds.push(action.payload);
      });
    }
    if (userEventFailed.match(action)) {
      return produce(state, (draft) => {
        draft.board.userEventIds = draft.board.userEventIds.filter((id) => id !== action.payload);
      });
    }
    if (!boardEventReceived.match(action)) return state;
    const event = action.payload;
    return produce(state, (draft) => {
      if (isOwnEcho(draft.board, event)) {
        draft.board.userEventIds = draft.board.userEventIds.filter((id) => id !== event.clientMutationId);
        return;
      }
      if (event.__typename === "PipelinesChangedEvent") return;
      for (const place of event.placements) applyPlacement(draft.boardIssues, place);
    });
  };
}
