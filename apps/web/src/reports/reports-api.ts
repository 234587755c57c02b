import { useQuery } from "@tanstack/react-query";
import { useGraphQL } from "../api/use-graphql";

export interface BurndownAnswer {
  sprint: { id: string; name: string };
  /** The sprint's start (the commitment), then one reading per sprint day. */
  points: { at: string; day: string; remainingPoints: number | null; idealPoints: number }[];
}

export interface VelocityAnswer {
  sprints: { sprint: { id: string; name: string }; committedPoints: number; completedPoints: number }[];
  averageCompletedPoints: number | null;
}

export interface CumulativeFlowAnswer {
  pipelines: string[];
  days: { day: string; counts: { pipelineName: string; count: number }[] }[];
}

export interface ControlChartAnswer {
  issues: {
    issueId: string;
    issueNumber: number;
    issueTitle: string;
    startedAt: string;
    closedAt: string;
    days: number;
    rollingAverageDays: number;
    rollingDeviationDays: number;
  }[];
}

export interface ProgressDay {
  day: string;
  totalPoints: number;
  completedPoints: number;
  totalIssues: number;
  closedIssues: number;
}

export interface ReleaseAnswer {
  release: { id: string; title: string };
  days: ProgressDay[];
  remainingPoints: number;
  velocity: number | null;
  projectedCompletion: string | null;
}

export interface EpicAnswer {
  epic: { id: string; title: string };
  days: ProgressDay[];
}

const PROGRESS = "days { day totalPoints completedPoints totalIssues closedIssues }";

const QUERIES = {
  burndown: `query reportBurndown($workspaceId: ID!, $sprintId: ID!) {
  workspace(id: $workspaceId) { id reports { burndown(sprintId: $sprintId) {
    sprint { id name } points { at day remainingPoints idealPoints } } } } }`,
  velocity: `query reportVelocity($workspaceId: ID!, $sprintCount: Int) {
  workspace(id: $workspaceId) { id reports { velocity(sprintCount: $sprintCount) {
    sprints { sprint { id name } committedPoints completedPoints } averageCompletedPoints } } } }`,
  cumulativeFlow: `query reportCumulativeFlow($workspaceId: ID!, $from: ISO8601Date!, $to: ISO8601Date!) {
  workspace(id: $workspaceId) { id reports { cumulativeFlow(from: $from, to: $to) {
    pipelines days { day counts { pipelineName count } } } } } }`,
  controlChart: `query reportControlChart($workspaceId: ID!, $from: ISO8601Date!, $to: ISO8601Date!) {
  workspace(id: $workspaceId) { id reports { controlChart(from: $from, to: $to) {
    issues { issueId issueNumber issueTitle startedAt closedAt days rollingAverageDays rollingDeviationDays } } } } }`,
  release: `query reportRelease($workspaceId: ID!, $releaseId: ID!) {
  workspace(id: $workspaceId) { id reports { release(releaseId: $releaseId) {
    release { id title } ${PROGRESS} remainingPoints velocity projectedCompletion } } } }`,
  epic: `query reportEpic($workspaceId: ID!, $epicId: ID!) {
  workspace(id: $workspaceId) { id reports { epic(epicId: $epicId) { epic { id title } ${PROGRESS} } } } }`,
} as const;

interface Answers {
  burndown: BurndownAnswer;
  velocity: VelocityAnswer;
  cumulativeFlow: CumulativeFlowAnswer;
  controlChart: ControlChartAnswer;
  release: ReleaseAnswer;
  epic: EpicAnswer;
}

/** One report for the workspace; not asked until `enabled` (a picker still empty). */
export function useReport<Name extends keyof Answers>(
  name: Name,
  workspaceId: string,
  variables: Record<string, unknown>,
  enabled = true,
) {
  const request = useGraphQL();
  return useQuery({
    queryKey: ["report", name, workspaceId, variables],
    enabled,
    queryFn: async () => {
      const answer = await request<{ workspace: { reports: Record<Name, Answers[Name]> } }>(QUERIES[name], {
        workspaceId,
        ...variables,
      });
      return answer.workspace.reports[name];
    },
  });
}

export interface PickerOption {
  id: string;
  name: string;
}

const PICKERS = {
  sprints: `query reportSprints($workspaceId: ID!) {
  workspace(id: $workspaceId) { id activeSprint { id }
    sprints(first: 100, orderBy: { field: START_AT, direction: DESC }) { nodes { id name startAt } } } }`,
  releases: `query reportReleases($workspaceId: ID!) {
  workspace(id: $workspaceId) { id releases(first: 100) { nodes { id title } } } }`,
  epics: `query reportEpics($workspaceId: ID!) {
  workspace(id: $workspaceId) { id gantryEpics(first: 100) { nodes { id title } } } }`,
} as const;

interface PickerAnswer {
  workspace: {
    activeSprint?: { id: string } | null;
    sprints?: { nodes: { id: string; name: string; startAt: string }[] };
    releases?: { nodes: { id: string; title: string }[] };
    gantryEpics?: { nodes: { id: string; title: string }[] };
  };
}

/**
 * What a report can be about, and the one to show first: the running sprint (else the latest that
 * started), or the first release or epic.
 */
export function usePickerOptions(kind: keyof typeof PICKERS, workspaceId: string, now: Date) {
  const request = useGraphQL();
  return useQuery({
    queryKey: ["report-picker", kind, workspaceId],
    queryFn: async () => {
      const { workspace } = await request<PickerAnswer>(PICKERS[kind], { workspaceId });
      if (kind === "sprints") {
        const sprints = workspace.sprints?.nodes ?? [];
        const started = sprints.find((sprint) => new Date(sprint.startAt) <= now);
        return {
          options: sprints.map((sprint) => ({ id: sprint.id, name: sprint.name })),
          initial: workspace.activeSprint?.id ?? started?.id ?? sprints[0]?.id ?? null,
        };
      }
      const nodes = (kind === "releases" ? workspace.releases?.nodes : workspace.gantryEpics?.nodes) ?? [];
      const options: PickerOption[] = nodes.map((node) => ({ id: node.id, name: node.title }));
      return { options, initial: options[0]?.id ?? null };
    },
  });
}
