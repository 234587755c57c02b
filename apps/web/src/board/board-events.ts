import { emptyFilters } from "@gantry/domain";
import { createAction, createNextState as produce, type Reducer, type UnknownAction } from "@reduxjs/toolkit";
import { ISSUE_FIELDS } from "./api";
import type { BoardIssue } from "./board-issue";
import { type BoardIssuesState, pageLoaded } from "./board-issues-slice";
import { type BoardState, pipelineReloadMarked } from "./board-slice";
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
 * The server's positions are in board order with nothing filtered out. Under filters or a
 * pipeline sort the board's lists are in another order, so the pipelines concerned are read
 * again instead.
 */
const inServerOrder = (board: BoardState, pipelineId: string) =>
  !board.sortedPipelines[pipelineId] && JSON.stringify(board.filters) === JSON.stringify(emptyFilters());

const shownIn = (issues: BoardIssuesState, issueId: string) =>
  Object.keys(issues.pipelineIssueIds).filter((pipelineId) => issues.pipelineIssueIds[pipelineId]?.includes(issueId));

/**
 * Puts a card where the server says it is, if that place is within what the board has read of
 * the pipeline; otherwise the card leaves the board until paging reaches it.
 */
function applyPlacement(issues: BoardIssuesState, place: IssuePlacement) {
  for (const pipelineId of shownIn(issues, place.issueId)) {
    issues.pipelineIssueIds[pipelineId] = (issues.pipelineIssueIds[pipelineId] ?? []).filter(
      (id) => id !== place.issueId,
    );
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
 * Under filters or a sort the card's new place waits for its pipeline's first page, but it is no longer
 * where it was: it leaves the other pipelines at once. Left there, it would count as shown, and the new
 * pipeline's page, if it came before the old one's, would leave it out (a page never takes a card
 * another pipeline shows); the old one's page then took it off the board.
 */
function leaveOtherPipelines(issues: BoardIssuesState, place: IssuePlacement) {
  if (place.issue) issues.byId[place.issueId] = place.issue;
  for (const pipelineId of shownIn(issues, place.issueId)) {
    if (pipelineId === place.pipelineId) continue;
    issues.pipelineIssueIds[pipelineId] = (issues.pipelineIssueIds[pipelineId] ?? []).filter(
      (id) => id !== place.issueId,
    );
  }
}

/**
 * A pipeline's first page read again replaces its cards; a card moved here whose move the server
 * has not answered yet may be missing from a page read before the move, so it keeps its place.
 */
function keepPendingCards<State extends BoardParts>(previous: unknown, state: State, pipelineId: string): State {
  const before = (previous as BoardParts | undefined)?.boardIssues?.pipelineIssueIds[pipelineId] ?? [];
  const lost = state.board.pendingIssueIds.filter(
    (issueId) => before.includes(issueId) && shownIn(state.boardIssues, issueId).length === 0,
  );
  if (lost.length === 0) return state;
  return produce(state, (draft) => {
    for (const issueId of lost) {
      const ids = draft.boardIssues.pipelineIssueIds[pipelineId] ?? [];
      draft.boardIssues.pipelineIssueIds[pipelineId] = placeIssue(ids, issueId, before.indexOf(issueId));
    }
  });
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
    if (pageLoaded.match(action) && action.payload.replaces)
      return keepPendingCards(previous, state, action.payload.pipelineId);
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
    if (isOwnEcho(state.board, event)) {
      return produce(state, (draft) => {
        draft.board.userEventIds = draft.board.userEventIds.filter((id) => id !== event.clientMutationId);
      });
    }
    if (event.__typename === "PipelinesChangedEvent") return state;
    const reloads = new Set<string>();
    const placed = produce(state, (draft) => {
      for (const place of event.placements) {
        // This board's own move of the card is on its way: the server read its place before that move.
        if (draft.board.pendingIssueIds.includes(place.issueId)) continue;
        if (place.pipelineId === null || inServerOrder(draft.board, place.pipelineId)) {
          applyPlacement(draft.boardIssues, place);
        } else {
          for (const pipelineId of [place.pipelineId, ...shownIn(draft.boardIssues, place.issueId)])
            reloads.add(pipelineId);
          leaveOtherPipelines(draft.boardIssues, place);
        }
      }
    });
    return [...reloads]
      .filter((pipelineId) => placed.boardIssues.pages[pipelineId])
      .reduce((next, pipelineId) => reducer(next, pipelineReloadMarked(pipelineId)), placed);
  };
}
