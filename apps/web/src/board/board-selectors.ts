import { createSelector } from "@reduxjs/toolkit";
import type { BoardSettingName } from "./board-settings";
import type { BoardRootState } from "./board-store";

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

/** The pipeline's cards the display toggles let through, in board order. */
export const selectVisibleIssueIds = createSelector(
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

/** Where the keyboard-moved card would land in this pipeline, if it is this one. */
export const selectKeyboardDropIndex = (state: BoardRootState, pipelineId: string) => {
  const move = state.boardIssues.keyboardMove;
  return move?.pipelineId === pipelineId ? move.index : null;
};
