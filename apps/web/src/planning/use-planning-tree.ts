import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { GraphQLRequestError } from "../api/graphql";
import { useGraphQL } from "../api/use-graphql";
import { useToasts } from "../ui/toast/toast-context";
import {
  apiInstruction,
  filterCount,
  MOVE_STRATEGIC_ISSUE,
  type PlanningFilters,
  SEARCH_STRATEGIC_ISSUES,
  type SearchStrategicIssuesAnswer,
  type StrategicPage,
  searchVariables,
} from "./planning-api";
import {
  childrenLoaded,
  confirmed,
  initialPlanningState,
  type PlanningItem,
  type PlanningMove,
  planningSlice,
  reset,
  reverted,
  topLevelPageLoaded,
} from "./planning-slice";

const PAGE_SIZE = 50;
const CHILDREN_PAGE_SIZE = 100;

const messageOf = (error: unknown) =>
  error instanceof GraphQLRequestError || error instanceof Error ? error.message : "Something went wrong.";

/**
 * The planning panel's tree for an organisation and filters: the top level paged in on demand,
 * children loaded when a parent is first expanded, and moves shown at once, then kept when the
 * server agrees or put back with a message when it refuses.
 */
export function usePlanningTree(organizationId: string, filters: PlanningFilters) {
  const request = useGraphQL();
  const toasts = useToasts();
  const [state, dispatch] = useReducer(planningSlice.reducer, undefined, initialPlanningState);
  const [status, setStatus] = useState<"loading" | "idle" | "error">("loading");
  const [error, setError] = useState<string | null>(null);
  const [loadingChildren, setLoadingChildren] = useState<ReadonlySet<string>>(new Set());
  // Answers for an earlier organisation or filters are dropped.
  const generation = useRef(0);
  const count = filterCount(filters);
  const variablesKey = JSON.stringify(searchVariables(organizationId, filters));

  const fetchPage = useCallback(
    async (extra: { first: number; after?: string | null; parentIssueId?: string }): Promise<StrategicPage> => {
      const answer = await request<SearchStrategicIssuesAnswer>(SEARCH_STRATEGIC_ISSUES, {
        ...(JSON.parse(variablesKey) as Record<string, unknown>),
        ...extra,
      });
      if (!answer.node) throw new Error("This organization does not exist.");
      return answer.node.searchStrategicIssues;
    },
    [request, variablesKey],
  );

  const loadTopLevel = useCallback(
    async (after: string | null) => {
      const mine = generation.current;
      setStatus("loading");
      try {
        const page = await fetchPage({ first: PAGE_SIZE, after });
        if (mine !== generation.current) return;
        dispatch(topLevelPageLoaded({ items: page.nodes, pageInfo: page.pageInfo, filterCount: count }));
        setStatus("idle");
      } catch (caught) {
        if (mine !== generation.current) return;
        setError(messageOf(caught));
        setStatus("error");
      }
    },
    [fetchPage, count],
  );

  useEffect(() => {
    generation.current += 1;
    dispatch(reset());
    setError(null);
    void loadTopLevel(null);
  }, [loadTopLevel]);

  const loadMore = useCallback(() => {
    if (status !== "idle" || typeof state.topLevelCursor !== "string") return;
    void loadTopLevel(state.topLevelCursor);
  }, [status, state.topLevelCursor, loadTopLevel]);

  const loadChildren = useCallback(
    async (parentId: string) => {
      const mine = generation.current;
      setLoadingChildren((current) => new Set(current).add(parentId));
      try {
        const items: PlanningItem[] = [];
        let after: string | null = null;
        do {
          const page: StrategicPage = await fetchPage({ first: CHILDREN_PAGE_SIZE, after, parentIssueId: parentId });
          items.push(...page.nodes);
          after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
        } while (after);
        if (mine === generation.current) dispatch(childrenLoaded({ parentId, items }));
      } catch (caught) {
        toasts.show({ kind: "error", message: `The sub-issues could not be loaded: ${messageOf(caught)}` });
      } finally {
        setLoadingChildren((current) => {
          const next = new Set(current);
          next.delete(parentId);
          return next;
        });
      }
    },
    [fetchPage, toasts],
  );

  const move = useCallback(
    async (planned: PlanningMove, unloadedParent: boolean) => {
      if (state.preMoveTree) return;
      dispatch(planningSlice.actions.moved(planned));
      try {
        await request(MOVE_STRATEGIC_ISSUE, {
          input: {
            gantryOrganizationId: organizationId,
            issueId: planned.itemId,
            targetIssueId: planned.targetId,
            instruction: apiInstruction(planned.instruction),
          },
        });
        dispatch(confirmed());
        // A parent whose children were never loaded shows only the moved issue until they are.
        if (unloadedParent) void loadChildren(planned.targetId);
      } catch (caught) {
        dispatch(reverted());
        toasts.show({ kind: "error", message: `The issue was put back: ${messageOf(caught)}` });
      }
    },
    [state.preMoveTree, request, organizationId, toasts, loadChildren],
  );

  return {
    state,
    status,
    error,
    isMoving: state.preMoveTree !== null,
    loadingChildren,
    loadMore,
    loadChildren,
    move,
    retry: () => void loadTopLevel(typeof state.topLevelCursor === "string" ? state.topLevelCursor : null),
  };
}
