import { DEFAULT_SORT_TYPE } from "@gantry/domain";
import { createSelector } from "@reduxjs/toolkit";
import type { BoardSettingName } from "./board-settings";
import type { BoardRootState } from "./board-store";
import { locallyShownIds } from "./local-issues";

const NO_IDS: string[] = [];

/** Per card id, so a change to one card redraws that card alone. */
export const selectIssue = (state: BoardRootState, issueId: string) => state.boardIssues.byId[issueId];
export const selectIsIssueSelected = (state: BoardRootState, issueId: string) =>
  state.board.selectedIssueIds.includes(issueId);
export const selectIsIssuePending = (state: BoardRootState, issueId: string) =>
  state.board.pendingIssueIds.includes(issueId);
export const selectIsKeyboardMoving = (state: BoardRootState, issueId: string) =>
  state.boardIssues.keyboardMove?.issueId === issueId;

export const selectSetting = (state: BoardRootState, name: BoardSettingName) => state.board.settings[name];

export const selectPipelineIssueIds = (state: BoardRootState, pipelineId: string) =>
  state.boardIssues.pipelineIssueIds[pipelineId] ?? NO_IDS;

/** The pipeline's cards the display toggles let through, in the order the server sent them. */
const selectToggledIssueIds = createSelector(
  [
    selectPipelineIssueIds,
    (state: BoardRootState) => state.boardIssues.byId,
    (state: BoardRootState) => state.board.settings.showPullRequests,
    (state: BoardRootState) => state.board.settings.showOpenIssues,
  ],
  (ids, byId, showPullRequests, showOpenIssues) => {
    if (showPullRequests && showOpenIssues) return ids;
    // showOpenIssues hides issues that are not pull requests; closed ones show only in Closed.
    return ids.filter((id) => (byId[id]?.pullRequest === true ? showPullRequests : showOpenIssues));
  },
);

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, index) => id === b[index]);

/**
 * The pipeline's cards as shown: the display toggles, then the board's filters and the
 * pipeline's sort applied to the loaded cards at once (local-issues.ts). The same list of ids
 * keeps its identity, so a change to one card redraws that card, not its pipeline.
 */
export const selectVisibleIssueIds = createSelector(
  [
    selectToggledIssueIds,
    (state: BoardRootState) => state.boardIssues.byId,
    (state: BoardRootState) => state.board.filters,
    (state: BoardRootState) => state.board.filterLogic,
    (state: BoardRootState, pipelineId: string) => state.board.sortedPipelines[pipelineId] ?? DEFAULT_SORT_TYPE,
    (state: BoardRootState) => state.boardIssues.currentSprintId,
  ],
  (ids, byId, filters, filterLogic, sortType, currentSprintId) =>
    locallyShownIds(ids, byId, { filters, filterLogic, sortType, currentSprintId }),
  { memoizeOptions: { resultEqualityCheck: sameIds } },
);

/** Where the keyboard-moved card would land in this pipeline, if it is this one. */
export const selectKeyboardDropIndex = (state: BoardRootState, pipelineId: string) => {
  const move = state.boardIssues.keyboardMove;
  return move?.pipelineId === pipelineId ? move.index : null;
};
