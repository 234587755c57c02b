import type { FirstPageWanted } from "./first-pages";

/**
 * What a card shows, and what the board filters and sorts loaded cards by at once (local-issues.ts);
 * pages and board events read the same fields, for the board's workspace ($workspaceId).
 */
export const ISSUE_FIELDS = `id number title body createdAt state pullRequest htmlUrl type labels { name color } assignees { login avatarUrl }
  user { login } repository { id ghId name ownerName } issueType { ... on BaseIssueType { name } } estimate { value }
  milestone { title } parentIssue { id number title }
  issueCountProgress { open closed total } issueEstimateProgress { open closed total }
  parentEpics { nodes { issue { id number title } } } parentGantryEpics(workspaceId: $workspaceId) { nodes { id title } }
  sprints(workspaceId: $workspaceId) { nodes { id name startAt } } predictedSprint(workspaceId: $workspaceId) { id name }
  releases(workspaceId: $workspaceId) { nodes { id title } }
  blockingIssues(workspaceId: $workspaceId) { totalCount } blockedIssues(workspaceId: $workspaceId) { totalCount }
  reviewRequests { nodes { reviewer { login avatarUrl } } }
  pipelineIssue(workspaceId: $workspaceId) { latestTransferTime priority { id name color rank } }`;

/**
 * Several pipelines' first pages in one operation, aliased p0, p1, …; variables $p<i> (pipeline id)
 * and $s<i> (its sort type) beside the board's shared ones.
 */
export function firstPagesQuery(count: number): string {
  const indexes = Array.from({ length: count }, (_, index) => index);
  const variables = indexes.map((index) => `$p${index}: ID!, $s${index}: IssueSortType`).join(", ");
  const pages = indexes.map(
    (index) =>
      `p${index}: searchIssuesByPipeline(pipelineId: $p${index}, first: $first, filters: $filters, query: $query, sortType: $s${index}) { pageInfo { hasNextPage endCursor } nodes { ...BoardCard } }`,
  );
  return `query boardFirstPages($workspaceId: ID!, $first: Int!, $filters: IssueSearchFiltersInput, $query: String, ${variables}) {
  ${pages.join("\n  ")}
}
fragment BoardCard on Issue { ${ISSUE_FIELDS} }`;
}

/** The variables of firstPagesQuery for these pipelines, in order. */
export function firstPagesVariables(
  shared: { workspaceId: string; first: number; filters?: unknown; query?: string | null },
  wanted: readonly FirstPageWanted[],
): Record<string, unknown> {
  const variables: Record<string, unknown> = { ...shared };
  wanted.forEach(({ pipelineId, sortType }, index) => {
    variables[`p${index}`] = pipelineId;
    variables[`s${index}`] = sortType;
  });
  return variables;
}
