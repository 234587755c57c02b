import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { vi } from "vitest";
import { AuthProvider } from "../accounts/auth-context";
import { SESSION_TOKEN_KEY } from "../accounts/token-storage";
import { renderPage } from "../test/render";
import { ToastProvider } from "../ui/toast/ToastProvider";
import type { SprintConfig, SprintSummary, WorkspaceSprints } from "./sprints-api";

export const sprint = (id: string, name: string, overrides: Partial<SprintSummary> = {}): SprintSummary => ({
  id,
  name,
  state: "OPEN",
  startAt: "2026-11-23T00:00:00Z",
  endAt: "2026-12-07T00:00:00Z",
  ...overrides,
});

export const config = (automation: boolean): SprintConfig => ({
  id: "c1",
  name: "Sprint",
  startDay: "MONDAY",
  endDay: "SUNDAY",
  tzIdentifier: "UTC",
  period: 2,
  settings: {
    moveUnfinishedIssues: true,
    issuesFromPipeline: { enabled: automation, pipelineId: automation ? "p1" : null, totalStoryPoints: 20 },
  },
});

export interface SprintServerState {
  workspace: WorkspaceSprints;
  closed: SprintSummary[];
  issue: { sprints: SprintSummary[]; predictedSprint: SprintSummary | null };
  settings: Record<string, unknown>;
  /** The operations that fail, answered with a GraphQL error. */
  failing?: string[];
}

const NO_ISSUES = { issuesCount: 0, pullRequestsCount: 0, totalStoryPoints: 0 };

export interface GraphQLCall {
  operation: string;
  variables: Record<string, unknown>;
}

/** The server as the sprint UI sees it: user info, settings, the sprint queries and the sprint mutations. */
export function fakeSprintServer(state: SprintServerState) {
  const calls: GraphQLCall[] = [];
  localStorage.setItem(SESSION_TOKEN_KEY, "session");
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.startsWith("/api/user-info"))
        return Response.json({ flags: [], user: { zh: { raptorId: "u1", email: "ada@acme.io" }, gh: null } });
      const body = JSON.parse(String(init?.body)) as { query: string; variables: Record<string, unknown> };
      const operation = body.query.match(/^\s*(?:query|mutation)\s+(\w+)/)?.[1] ?? "anonymous";
      calls.push({ operation, variables: body.variables });
      if (state.failing?.includes(operation))
        return Response.json({ errors: [{ message: "Refused", extensions: { code: "FORBIDDEN" } }] });
      return Response.json({ data: answer(state, operation, body.variables) });
    }),
  );
  return calls;
}

function answer(state: SprintServerState, operation: string, variables: Record<string, unknown>): unknown {
  const { openSprints, ...workspace } = state.workspace;
  switch (operation) {
    case "ViewerUserSettings":
      return { viewer: { userSettings: Object.entries(state.settings).map(([name, value]) => ({ name, value })) } };
    case "SetUserSetting":
      state.settings[String(variables.name)] = variables.value;
      return { setUserSetting: { userSetting: { name: variables.name } } };
    case "getSprintConfig":
      return { workspace: { id: "w1", ...workspace, sprints: { nodes: openSprints } } };
    case "boardFilterOptions":
      return {
        workspace: { id: "w1", sprints: { pageInfo: { hasNextPage: false, endCursor: null }, nodes: openSprints } },
      };
    case "sprintSettingsWorkspace":
      return {
        workspace: { id: "w1", name: "Acme", description: "Shop", assumeEstimates: true, assumedEstimateValue: null },
      };
    case "updateWorkspace":
      return { updateWorkspace: { workspace: { id: "w1" } } };
    case "searchSprints":
      return {
        workspace: {
          id: "w1",
          sprints: { pageInfo: { hasNextPage: false, endCursor: null }, nodes: state.closed },
        },
      };
    case "issueSprints":
      return {
        issue: { id: "i1", sprints: { nodes: state.issue.sprints }, predictedSprint: state.issue.predictedSprint },
      };
    case "boardPipelines":
      return {
        workspace: {
          id: "w1",
          name: "Acme",
          viewerPermission: "ADMIN",
          pipelines: [{ id: "p1", name: "Backlog", description: null, issueCounts: NO_ISSUES }],
        },
      };
    case "addIssuesToSprints":
    case "removeIssuesFromSprints": {
      const ids = variables.sprintIds as string[];
      const all = [...openSprints, ...state.closed];
      state.issue.sprints =
        operation === "addIssuesToSprints"
          ? [...state.issue.sprints, ...all.filter((sprint) => ids.includes(sprint.id))]
          : state.issue.sprints.filter((sprint) => !ids.includes(sprint.id));
      return { [operation]: { successCount: 1, failedIssues: [] } };
    }
    default:
      return {};
  }
}

/** Renders sprint UI inside the query client, a signed-in session, toasts and a router. */
export function renderSprintUi(ui: ReactNode, path = "/") {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderPage(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <ToastProvider>{ui}</ToastProvider>
      </AuthProvider>
    </QueryClientProvider>,
    { path },
  );
}
