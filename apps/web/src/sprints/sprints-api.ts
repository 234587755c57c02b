import { queryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useGraphQL } from "../api/use-graphql";

export type SprintState = "OPEN" | "CLOSED";

export interface SprintSummary {
  id: string;
  name: string;
  state: SprintState;
  startAt: string;
  endAt: string;
}

export type WeekDay = "SUNDAY" | "MONDAY" | "TUESDAY" | "WEDNESDAY" | "THURSDAY" | "FRIDAY" | "SATURDAY";

/** SPEC §3 SprintConfig, as the `sprintConfig` fragment reads it. */
export interface SprintConfig {
  id: string;
  name: string;
  startDay: WeekDay;
  endDay: WeekDay;
  tzIdentifier: string;
  period: number;
  settings: {
    moveUnfinishedIssues: boolean;
    issuesFromPipeline: { enabled: boolean; pipelineId: string | null; totalStoryPoints: number | null };
  };
}

/** SPEC §7 fragment `sprintConfig` on SprintConfig. */
export const SPRINT_CONFIG_FRAGMENT = `fragment sprintConfig on SprintConfig {
  id name startDay endDay tzIdentifier period
  settings { moveUnfinishedIssues issuesFromPipeline { enabled pipelineId totalStoryPoints } }
}`;

export const SPRINT_FIELDS = "id name state startAt endAt";

/** SPEC §9: the picker asks for 8 open sprints. */
export const PICKER_OPEN_SPRINTS = 8;
/** SPEC §9: sprint search pages hold 100. */
export const SPRINT_SEARCH_PAGE = 100;

const GET_SPRINT_CONFIG = `query getSprintConfig($workspaceId: ID!, $first: Int, $filters: SprintFiltersInput, $query: String, $after: String) {
  workspace(id: $workspaceId) {
    id viewerPermission
    sprintConfig { ...sprintConfig }
    activeSprint { id }
    sprints(first: $first, filters: $filters, query: $query, after: $after) { nodes { ${SPRINT_FIELDS} } }
  }
}
${SPRINT_CONFIG_FRAGMENT}`;

export interface WorkspaceSprints {
  viewerPermission: "ADMIN" | "WRITE" | "READ" | "NONE";
  sprintConfig: SprintConfig | null;
  activeSprint: { id: string } | null;
  /** The first open sprints, soonest first. */
  openSprints: SprintSummary[];
}

export const sprintConfigKey = (workspaceId: string) => ["sprint-config", workspaceId] as const;

type Request = ReturnType<typeof useGraphQL>;

/** The workspace's sprint config with its first open sprints (SPEC §7 `getSprintConfig`, `first` 8). */
export const sprintConfigQuery = (request: Request, workspaceId: string) =>
  queryOptions({
    queryKey: sprintConfigKey(workspaceId),
    queryFn: async (): Promise<WorkspaceSprints> => {
      const { workspace } = await request<{
        workspace: Omit<WorkspaceSprints, "openSprints"> & { sprints: { nodes: SprintSummary[] } };
      }>(GET_SPRINT_CONFIG, { workspaceId, first: PICKER_OPEN_SPRINTS, filters: { state: { eq: "OPEN" } } });
      const { sprints, ...rest } = workspace;
      return { ...rest, openSprints: sprints.nodes };
    },
  });

export function useSprintConfig(workspaceId: string, enabled = true) {
  return useQuery({ ...sprintConfigQuery(useGraphQL(), workspaceId), enabled });
}

const SEARCH_SPRINTS = `query searchSprints($workspaceId: ID!, $first: Int, $after: String, $query: String, $filters: SprintFiltersInput, $orderBy: SprintOrderInput) {
  workspace(id: $workspaceId) {
    id
    sprints(first: $first, after: $after, query: $query, filters: $filters, orderBy: $orderBy) {
      totalCount pageInfo { hasNextPage hasPreviousPage endCursor } nodes { ${SPRINT_FIELDS} }
    }
  }
}`;

interface SprintPage {
  nodes: SprintSummary[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

/** Closed sprints, most recently ended first, page by page (SPEC §7 `searchSprints`, pages of 100). */
export function useClosedSprints(workspaceId: string, enabled: boolean) {
  const request = useGraphQL();
  return useInfiniteQuery({
    queryKey: ["closed-sprints", workspaceId],
    enabled,
    initialPageParam: null as string | null,
    getNextPageParam: (last: SprintPage) => (last.pageInfo.hasNextPage ? last.pageInfo.endCursor : null),
    queryFn: async ({ pageParam }): Promise<SprintPage> => {
      const { workspace } = await request<{ workspace: { sprints: SprintPage } }>(SEARCH_SPRINTS, {
        workspaceId,
        first: SPRINT_SEARCH_PAGE,
        after: pageParam,
        filters: { state: { eq: "CLOSED" } },
        orderBy: { field: "END_AT", direction: "DESC" },
      });
      return workspace.sprints;
    },
    select: (data) => data.pages.flatMap((page) => page.nodes),
  });
}

const ISSUE_SPRINTS = `query issueSprints($issueId: ID!, $workspaceId: ID!) {
  issue: node(id: $issueId) {
    ... on Issue {
      id
      sprints(workspaceId: $workspaceId) { nodes { ${SPRINT_FIELDS} } }
      predictedSprint(workspaceId: $workspaceId) { ${SPRINT_FIELDS} }
    }
  }
}`;

export interface IssueSprints {
  sprints: SprintSummary[];
  predictedSprint: SprintSummary | null;
}

export const issueSprintsKey = (issueId: string, workspaceId: string) =>
  ["issue-sprints", issueId, workspaceId] as const;

/** The issue's sprints in the workspace and the sprint it is predicted to land in. */
export function useIssueSprints(issueId: string, workspaceId: string) {
  const request = useGraphQL();
  return useQuery({
    queryKey: issueSprintsKey(issueId, workspaceId),
    queryFn: async (): Promise<IssueSprints> => {
      const { issue } = await request<{
        issue: { sprints: { nodes: SprintSummary[] }; predictedSprint: SprintSummary | null };
      }>(ISSUE_SPRINTS, { issueId, workspaceId });
      return { sprints: issue.sprints.nodes, predictedSprint: issue.predictedSprint };
    },
  });
}

export const ADD_ISSUES_TO_SPRINTS = `mutation addIssuesToSprints($issueIds: [ID!]!, $sprintIds: [ID!]!) {
  addIssuesToSprints(input: { issueIds: $issueIds, sprintIds: $sprintIds }) { successCount failedIssues { id } }
}`;

export const REMOVE_ISSUES_FROM_SPRINTS = `mutation removeIssuesFromSprints($issueIds: [ID!]!, $sprintIds: [ID!]!) {
  removeIssuesFromSprints(input: { issueIds: $issueIds, sprintIds: $sprintIds }) { successCount failedIssues { id } }
}`;

/** SPEC §7 / reference: createSprintConfig and updateSprintConfig take the same `sprintConfig` input. */
export const SAVE_SPRINT_CONFIG = {
  create: `mutation createSprintConfig($input: CreateSprintConfigInput!) {
    createSprintConfig(input: $input) { sprintConfig { ...sprintConfig } }
  }
  ${SPRINT_CONFIG_FRAGMENT}`,
  update: `mutation updateSprintConfig($input: UpdateSprintConfigInput!) {
    updateSprintConfig(input: $input) { sprintConfig { ...sprintConfig } }
  }
  ${SPRINT_CONFIG_FRAGMENT}`,
} as const;

/** Stops sprints: the config and its open sprints go, closed ones stay (reference deleteSprintConfigAndOpenSprints). */
export const DELETE_SPRINT_CONFIG = `mutation deleteSprintConfigAndOpenSprints($workspaceId: ID!) {
  deleteSprintConfigAndOpenSprints(input: { workspaceId: $workspaceId }) { workspace { id } }
}`;

const WORKSPACE_ESTIMATES = `query sprintSettingsWorkspace($workspaceId: ID!) {
  workspace(id: $workspaceId) { id name description assumeEstimates assumedEstimateValue }
}`;

/** How unestimated issues count when sprints are filled and predicted, with what updateWorkspace must resend. */
export interface WorkspaceEstimates {
  name: string;
  description: string | null;
  assumeEstimates: boolean;
  /** Null: the workspace's median estimate, else 2 (decision 0019). */
  assumedEstimateValue: number | null;
}

export const workspaceEstimatesKey = (workspaceId: string) => ["sprint-settings-workspace", workspaceId] as const;

export function useWorkspaceEstimates(workspaceId: string, enabled: boolean) {
  const request = useGraphQL();
  return useQuery({
    queryKey: workspaceEstimatesKey(workspaceId),
    enabled,
    queryFn: async () =>
      (await request<{ workspace: WorkspaceEstimates }>(WORKSPACE_ESTIMATES, { workspaceId })).workspace,
  });
}

/** updateWorkspace replaces the name and description, so both are sent back as they are. */
export const UPDATE_ASSUMED_ESTIMATE = `mutation updateWorkspace($workspaceId: ID!, $name: String!, $description: String, $assumeEstimates: Boolean, $assumedEstimateValue: Int) {
  updateWorkspace(input: { workspaceId: $workspaceId, name: $name, description: $description, assumeEstimates: $assumeEstimates, assumedEstimateValue: $assumedEstimateValue }) { workspace { id } }
}`;
