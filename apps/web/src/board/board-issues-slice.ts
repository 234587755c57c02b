import { CLOSED_PIPELINE_ID } from "@gantry/domain";
import { createSlice, type PayloadAction } from "@reduxjs/toolkit";
import type { BoardIssue } from "./board-issue";
import { boardReset, issueMoveFailed, issueMoveStarted, pipelineReloadMarked } from "./board-slice";
import { type BoardPlace, placeIssue } from "./issue-move";

/** How far a pipeline's pages have been read. */
export interface PipelinePages {
  endCursor: string | null;
  hasNextPage: boolean;
  isLoading: boolean;
  error: string | null;
}

/** The cards, normalised: each issue once by id, and each pipeline's order as ids. */
export interface BoardIssuesState {
  byId: Record<string, BoardIssue>;
  pipelineIssueIds: Record<string, string[]>;
  pages: Record<string, PipelinePages>;
  /** The card being moved by keyboard and where it would land. */
  keyboardMove: ({ issueId: string } & BoardPlace) | null;
  /**
   * The workspace's running sprint as the server last said, so the `current_sprint` filter keeps on
   * the board the cards the server kept (local-issues.ts); null when no sprint runs.
   */
  currentSprintId: string | null;
}

const initialState: BoardIssuesState = {
  byId: {},
  pipelineIssueIds: {},
  pages: {},
  keyboardMove: null,
  currentSprintId: null,
};

interface PageLoaded {
  pipelineId: string;
  issues: BoardIssue[];
  endCursor: string | null;
  hasNextPage: boolean;
  /** The pipeline's first page, read again: it takes the place of the cards the pipeline showed. */
  replaces?: boolean;
}

function removeEverywhere(state: BoardIssuesState, issueId: string) {
  for (const [pipelineId, ids] of Object.entries(state.pipelineIssueIds)) {
    if (ids.includes(issueId)) state.pipelineIssueIds[pipelineId] = ids.filter((id) => id !== issueId);
  }
}

function putAt(state: BoardIssuesState, issueId: string, place: BoardPlace) {
  removeEverywhere(state, issueId);
  state.pipelineIssueIds[place.pipelineId] = placeIssue(
    state.pipelineIssueIds[place.pipelineId] ?? [],
    issueId,
    place.index,
  );
}

export const boardIssuesSlice = createSlice({
  name: "boardIssues",
  initialState,
  reducers: {
    pageRequested(state, action: PayloadAction<string>) {
      const pages = state.pages[action.payload];
      state.pages[action.payload] = { endCursor: null, hasNextPage: true, ...pages, isLoading: true, error: null };
    },
    /**
     * A page of a pipeline's issues. A card already on the board elsewhere stays where it is:
     * a page read before a local move must not bring the card back.
     */
    pageLoaded(state, { payload }: PayloadAction<PageLoaded>) {
      if (payload.replaces) delete state.pipelineIssueIds[payload.pipelineId];
      const shown = new Set(Object.values(state.pipelineIssueIds).flat());
      const ids = state.pipelineIssueIds[payload.pipelineId] ?? [];
      for (const issue of payload.issues) {
        state.byId[issue.id] = issue;
        if (!shown.has(issue.id)) ids.push(issue.id);
      }
      state.pipelineIssueIds[payload.pipelineId] = ids;
      state.pages[payload.pipelineId] = {
        endCursor: payload.endCursor,
        hasNextPage: payload.hasNextPage,
        isLoading: false,
        error: null,
      };
    },
    pageFailed(state, action: PayloadAction<{ pipelineId: string; error: string }>) {
      const pages = state.pages[action.payload.pipelineId];
      if (pages) Object.assign(pages, { isLoading: false, error: action.payload.error });
    },
    /**
     * The board's pipelines as the server lists them: a deleted pipeline's cards and paging go, or
     * its cards would count as shown there and be kept out of the pipeline they moved to.
     */
    pipelinesKept(state, action: PayloadAction<string[]>) {
      const kept = new Set(action.payload);
      for (const pipelineId of Object.keys(state.pipelineIssueIds)) {
        if (!kept.has(pipelineId)) delete state.pipelineIssueIds[pipelineId];
      }
      for (const pipelineId of Object.keys(state.pages)) {
        if (!kept.has(pipelineId)) delete state.pages[pipelineId];
      }
    },
    /** A new issue's card, on top of its pipeline at once, before the server has answered. */
    optimisticIssueAdded(state, { payload }: PayloadAction<{ issue: BoardIssue; pipelineId: string }>) {
      state.byId[payload.issue.id] = payload.issue;
      putAt(state, payload.issue.id, { pipelineId: payload.pipelineId, index: 0 });
    },
    /** The server created it: the real card takes the optimistic one's place (if the board event has not already put it somewhere). */
    optimisticIssueReplaced(
      state,
      { payload }: PayloadAction<{ optimisticId: string; issue: BoardIssue; pipelineId: string }>,
    ) {
      const [pipelineId, ids] = Object.entries(state.pipelineIssueIds).find(([, list]) =>
        list.includes(payload.optimisticId),
      ) ?? [payload.pipelineId, []];
      const alreadyShown = Object.values(state.pipelineIssueIds).some((list) => list.includes(payload.issue.id));
      const index = Math.max(0, ids.indexOf(payload.optimisticId));
      removeEverywhere(state, payload.optimisticId);
      delete state.byId[payload.optimisticId];
      state.byId[payload.issue.id] = payload.issue;
      if (!alreadyShown) putAt(state, payload.issue.id, { pipelineId, index });
    },
    /** The server refused: the card goes. */
    optimisticIssueRemoved(state, { payload: optimisticId }: PayloadAction<string>) {
      removeEverywhere(state, optimisticId);
      delete state.byId[optimisticId];
    },
    keyboardMoveStarted(state, action: PayloadAction<{ issueId: string } & BoardPlace>) {
      state.keyboardMove = action.payload;
    },
    /** The keyboard move's landing place, already kept inside the board by the caller. */
    keyboardMoveAimed(state, action: PayloadAction<BoardPlace>) {
      if (state.keyboardMove) Object.assign(state.keyboardMove, action.payload);
    },
    keyboardMoveEnded(state) {
      state.keyboardMove = null;
    },
    currentSprintLoaded(state, action: PayloadAction<string | null>) {
      state.currentSprintId = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(issueMoveStarted, (state, { payload: move }) => {
        putAt(state, move.issueId, move.to);
        const issue = state.byId[move.issueId];
        if (issue) issue.state = move.to.pipelineId === CLOSED_PIPELINE_ID ? "CLOSED" : "OPEN";
      })
      .addCase(issueMoveFailed, (state, { payload: move }) => {
        putAt(state, move.issueId, move.from);
        const issue = state.byId[move.issueId];
        if (issue) issue.state = move.from.pipelineId === CLOSED_PIPELINE_ID ? "CLOSED" : "OPEN";
      })
      // A pipeline marked for reload is read again from the first page; its cards stay (filtered and
      // sorted on the board at once) until that page replaces them.
      .addCase(pipelineReloadMarked, (state, { payload: pipelineId }) => {
        delete state.pages[pipelineId];
      })
      .addCase(boardReset, () => initialState);
  },
});

export const {
  pageRequested,
  pageLoaded,
  pageFailed,
  pipelinesKept,
  optimisticIssueAdded,
  optimisticIssueReplaced,
  optimisticIssueRemoved,
  keyboardMoveStarted,
  keyboardMoveAimed,
  keyboardMoveEnded,
  currentSprintLoaded,
} = boardIssuesSlice.actions;
