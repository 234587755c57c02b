/** The reference's PipelineCounts: an issue connection's issues and pull requests, and their story points. */
export interface IssueCounts {
  issuesCount: number;
  pullRequestsCount: number;
  sumEstimates: number;
  /** The same pipeline without the search's filters; null where the connection is no search. */
  unfilteredIssueCount: number | null;
  unfilteredSumEstimates: number | null;
}

/**
 * Where an issue connection that holds one page of a larger search keeps how to count the whole search
 * (searchIssuesByPipeline and the like); a connection over a list in memory is counted from the list.
 */
export const ISSUE_COUNTS: unique symbol = Symbol("issueCounts");

/** Where a connection over a list in memory keeps the whole list, past the page it shows (connections.ts). */
export const CONNECTION_ITEMS: unique symbol = Symbol("connectionItems");

/** The counts of a connection that holds no issue at all. */
export const NO_ISSUES: IssueCounts = Object.freeze({
  issuesCount: 0,
  pullRequestsCount: 0,
  sumEstimates: 0,
  unfilteredIssueCount: null,
  unfilteredSumEstimates: null,
});
