import {
  BOARD_PAGE_SIZE,
  type BoardFilters,
  boardFiltersToSearchInput,
  CLOSED_PIPELINE_ID,
  type FilterLogic,
  type PipelineCounts,
  type SortType,
} from "@gantry/domain";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useMemo, useRef } from "react";
import { useAuth } from "../accounts/auth-context";
import { useGraphQL } from "../api/use-graphql";
import type { PermissionLevel } from "../organizations/api";
import type { BoardIssue } from "./board-issue";
import { BOARD_PIPELINES, takeEarlyBoardRequest } from "./early-board-request";

export { BOARD_PIPELINES };

import { type FirstPageWanted, firstPageBatcher, type IssuePageOf } from "./first-pages";

export interface BoardPipeline {
  id: string;
  name: string;
  description: string | null;
  issueCounts: PipelineCounts;
}

export interface BoardWorkspace {
  id: string;
  name: string;
  viewerPermission: PermissionLevel;
  pipelines: BoardPipeline[];
  activeSprint: { id: string } | null;
}

export const boardPipelinesKey = (workspaceId: string) => ["board-pipelines", workspaceId] as const;

/** The pipelines' counts under the board's filters and search (filters/use-filtered-counts.ts). */
export const FILTERED_COUNTS = `query boardFilteredCounts($workspaceId: ID!, $filters: IssueSearchFiltersInput, $query: String) {
  workspace(id: $workspaceId) {
    id pipelines(includeClosed: true) { id issueCounts(filters: $filters, query: $query) { issuesCount pullRequestsCount totalStoryPoints } }
  }
}`;

/**
 * The board's pipelines and counts. `onAnswer` hears the answer as it arrives, before React draws
 * anything with it (early-first-pages.ts); only the board passes one.
 */
export function useBoardPipelines(workspaceId: string, onAnswer?: (workspace: BoardWorkspace) => void) {
  const request = useGraphQL();
  const { state } = useAuth();
  const token = "token" in state ? state.token : null;
  const onAnswerRef = useRef(onAnswer);
  onAnswerRef.current = onAnswer;
  return useQuery({
    queryKey: boardPipelinesKey(workspaceId),
    queryFn: async () => {
      // On a first visit the request left while the code loaded (early-board-request.ts): its answer, once.
      const sent = takeEarlyBoardRequest(workspaceId, token);
      const { workspace } = await request<{ workspace: BoardWorkspace }>(BOARD_PIPELINES, { workspaceId }, sent);
      if (workspace) onAnswerRef.current?.(workspace);
      return workspace;
    },
  });
}

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

type IssuePage = IssuePageOf<BoardIssue>;

export const OPEN_PAGE = `query boardPipelineIssues($pipelineId: ID!, $workspaceId: ID!, $first: Int!, $after: String, $filters: IssueSearchFiltersInput, $query: String, $sortType: IssueSortType) {
  searchIssuesByPipeline(pipelineId: $pipelineId, first: $first, after: $after, filters: $filters, query: $query, sortType: $sortType) {
    pageInfo { hasNextPage endCursor } nodes { ${ISSUE_FIELDS} }
  }
}`;

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

const CLOSED_PAGE = `query boardClosedIssues($workspaceId: ID!, $first: Int!, $after: String, $filters: IssueSearchFiltersInput, $query: String) {
  searchClosedIssues(workspaceId: $workspaceId, first: $first, after: $after, filters: $filters, query: $query) {
    pageInfo { hasNextPage endCursor } nodes { ${ISSUE_FIELDS} }
  }
}`;

/** What the board asks the server to keep and how to order a pipeline (SPEC §3 filters, §9 sort types). */
export interface PipelineSearch {
  filters: BoardFilters;
  filterLogic: FilterLogic;
  sortType: SortType;
}

type FilteredPage = { first: number; filters: ReturnType<typeof boardFiltersToSearchInput>; query: string };

/**
 * Reads one page of a pipeline's cards under the board's filters; the Closed pipeline has its own
 * query, and open pipelines' first pages asked for together go in one request (first-pages.ts).
 */
export function usePipelinePageReader(workspaceId: string) {
  const request = useGraphQL();
  const readFirstPage = useMemo(
    () =>
      firstPageBatcher<FilteredPage, BoardIssue>(
        async (filtered, wanted) => {
          const answer = await request<Record<string, IssuePage>>(
            firstPagesQuery(wanted.length),
            firstPagesVariables({ workspaceId, ...filtered }, wanted),
          );
          return wanted.map((_, index) => answer[`p${index}`] as IssuePage);
        },
        async (filtered, { pipelineId, sortType }) =>
          (
            await request<{ searchIssuesByPipeline: IssuePage }>(OPEN_PAGE, {
              pipelineId,
              workspaceId,
              sortType,
              ...filtered,
              after: null,
            })
          ).searchIssuesByPipeline,
        (filtered) => JSON.stringify(filtered),
      ),
    [request, workspaceId],
  );
  return useCallback(
    async (pipelineId: string, after: string | null, search: PipelineSearch): Promise<IssuePage> => {
      const filtered: FilteredPage = {
        first: BOARD_PAGE_SIZE,
        filters: boardFiltersToSearchInput(search.filters, search.filterLogic),
        query: search.filters.search,
      };
      if (pipelineId === CLOSED_PIPELINE_ID) {
        const answer = await request<{ searchClosedIssues: IssuePage }>(CLOSED_PAGE, {
          workspaceId,
          ...filtered,
          after,
        });
        return answer.searchClosedIssues;
      }
      if (after === null) return readFirstPage(filtered, { pipelineId, sortType: search.sortType });
      const answer = await request<{ searchIssuesByPipeline: IssuePage }>(OPEN_PAGE, {
        pipelineId,
        workspaceId,
        sortType: search.sortType,
        ...filtered,
        after,
      });
      return answer.searchIssuesByPipeline;
    },
    [request, workspaceId, readFirstPage],
  );
}

const MOVE_ISSUE = `mutation moveIssue($pipelineId: ID!, $issueId: ID!, $position: Int, $workspaceId: ID, $clientMutationId: String) {
  moveIssue(input: { pipelineId: $pipelineId, issueId: $issueId, position: $position, workspaceId: $workspaceId, clientMutationId: $clientMutationId }) {
    pipeline { id }
  }
}`;

export function useMoveIssueRequest(workspaceId: string) {
  const request = useGraphQL();
  return useCallback(
    (variables: { pipelineId: string; issueId: string; position: number; clientMutationId: string }) =>
      request<unknown>(MOVE_ISSUE, { ...variables, workspaceId }),
    [request, workspaceId],
  );
}
