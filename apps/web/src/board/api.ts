import {
  type BoardFilters,
  boardFiltersToSearchInput,
  CLOSED_PIPELINE_ID,
  type FilterLogic,
  type PipelineCounts,
  type SortType,
} from "@gantry/domain";
import { useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import { useGraphQL } from "../api/use-graphql";
import type { PermissionLevel } from "../organizations/api";
import type { BoardIssue } from "./board-issue";

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
}

/** Cards per page; the server answers at most 100. */
export const BOARD_PAGE_SIZE = 50;

export const boardPipelinesKey = (workspaceId: string) => ["board-pipelines", workspaceId] as const;

export const BOARD_PIPELINES = `query boardPipelines($workspaceId: ID!) {
  workspace(id: $workspaceId) {
    id name viewerPermission
    pipelines(includeClosed: true) { id name description issueCounts { issuesCount pullRequestsCount totalStoryPoints } }
  }
}`;

export function useBoardPipelines(workspaceId: string) {
  const request = useGraphQL();
  return useQuery({
    queryKey: boardPipelinesKey(workspaceId),
    queryFn: async () => (await request<{ workspace: BoardWorkspace }>(BOARD_PIPELINES, { workspaceId })).workspace,
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

interface IssuePage {
  nodes: BoardIssue[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

export const OPEN_PAGE = `query boardPipelineIssues($pipelineId: ID!, $workspaceId: ID!, $first: Int!, $after: String, $filters: IssueSearchFiltersInput, $query: String, $sortType: IssueSortType) {
  searchIssuesByPipeline(pipelineId: $pipelineId, first: $first, after: $after, filters: $filters, query: $query, sortType: $sortType) {
    pageInfo { hasNextPage endCursor } nodes { ${ISSUE_FIELDS} }
  }
}`;

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

/** Reads one page of a pipeline's cards under the board's filters; the Closed pipeline has its own query. */
export function usePipelinePageReader(workspaceId: string) {
  const request = useGraphQL();
  return useCallback(
    async (pipelineId: string, after: string | null, search: PipelineSearch): Promise<IssuePage> => {
      const filtered = {
        first: BOARD_PAGE_SIZE,
        after,
        filters: boardFiltersToSearchInput(search.filters, search.filterLogic),
        query: search.filters.search,
      };
      if (pipelineId === CLOSED_PIPELINE_ID) {
        const answer = await request<{ searchClosedIssues: IssuePage }>(CLOSED_PAGE, { workspaceId, ...filtered });
        return answer.searchClosedIssues;
      }
      const answer = await request<{ searchIssuesByPipeline: IssuePage }>(OPEN_PAGE, {
        pipelineId,
        workspaceId,
        sortType: search.sortType,
        ...filtered,
      });
      return answer.searchIssuesByPipeline;
    },
    [request, workspaceId],
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
