import type { ViewedIssue } from "../issues/issue-api";

/** The server's answer to `viewedWorkspaceIssue`: the issue with what its sidebar reads beside it (no votes, no predicted sprint). */
export const workspaceIssueAnswer = (issue: ViewedIssue) => ({
  data: { issue: { ...issue, predictedSprint: null, estimationVotes: { nodes: [] } } },
});
