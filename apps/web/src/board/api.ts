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
import { firstPagesQuery, firstPagesVariables, ISSUE_FIELDS } from "./board-queries";
import { BOARD_PIPELINES, takeEarlyBoardRequest, takeEarlyFirstPage } from "./early-board-request";

import { firstPageBatcher, type IssuePageOf } from "./first-pages";

export { BOARD_PIPELINES, firstPagesQuery, firstPagesVariables, ISSUE_FIELDS };

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

type IssuePage = IssuePageOf<BoardIssue>;

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

type FilteredPage = { first: number; filters: ReturnType<typeof boardFiltersToSearchInput>; query: string };

/**
 * Reads one page of a pipeline's cards under the board's filters; the Closed pipeline has its own
 * query, and open pipelines' first pages asked for together go in one request (first-pages.ts).
 */
export function usePipelinePageReader(workspaceId: string) {
  const request = useGraphQL();
  const { state } = useAuth();
  const token = "token" in state ? state.token : null;
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
      if (after === null) {
        // On a first visit the page may have left while the code loaded (early-board-request.ts).
        const sent = takeEarlyFirstPage<BoardIssue>(
          { workspaceId, pipelineId, sortType: search.sortType, ...filtered },
          token,
        );
        const early = sent && (await sent);
        return early ?? readFirstPage(filtered, { pipelineId, sortType: search.sortType });
      }
      const answer = await request<{ searchIssuesByPipeline: IssuePage }>(OPEN_PAGE, {
        pipelineId,
        workspaceId,
        sortType: search.sortType,
        ...filtered,
        after,
      });
      return answer.searchIssuesByPipeline;
    },
    [request, workspaceId, readFirstPage, token],
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
