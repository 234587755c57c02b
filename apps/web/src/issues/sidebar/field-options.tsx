import { DEFAULT_ESTIMATE_SET } from "@gantry/domain";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useGraphQL } from "../../api/use-graphql";
import { useBoardPipelines } from "../../board/api";
import type { FilterKey } from "../../board/filters/filter-menus";
import { useFilterOptions } from "../../board/filters/filter-options-api";
import { Avatar } from "../../ui/Avatar";
import { LabelDot } from "../../ui/LabelList";
import type { SelectionOption } from "../../ui/selection-list/SelectionList";
import { workspacePrioritiesPath } from "../../workspaces/paths";
import { useEstimateSet, useWorkspacePriorities } from "../fields-api";
import type { IssuePerson, LinkedIssue, ViewedIssue } from "../issue-api";
import type { SidebarFieldKey } from "./sidebar-fields";

/** A picker's options as they load. `onServer`: the server searches what is typed; else the list filters itself. */
export interface OptionList {
  options: SelectionOption[];
  onServer: boolean;
  isPending: boolean;
  error: string | null;
  loadMore?: () => void;
  /** The server matches in any case, so the typed text reaches the list as typed (a new milestone's title). */
  keepsCase?: boolean;
  /** Said under the list once it has loaded: how to get options the list lacks. */
  hint?: ReactNode;
  /** How a picked option shows in its row while the change is applied, if not as listed. */
  shownAs?: (option: SelectionOption) => SelectionOption;
}

/** The option meaning "none": picking it clears a single-valued field. */
export const CLEAR_OPTION_ID = "";

export const pointsText = (value: number) => `${value} ${value === 1 ? "point" : "points"}`;

const dot = (color: string) => <LabelDot color={color} />;

export const labelOption = (label: { name: string; color: string }): SelectionOption => ({
  id: label.name,
  label: label.name,
  icon: dot(label.color),
});
export const personOption = (person: { login: string; avatarUrl: string | null }): SelectionOption => ({
  id: person.login,
  label: person.login,
  icon: <Avatar name={person.login} src={person.avatarUrl} />,
});
export const issueOption = (issue: LinkedIssue): SelectionOption => ({
  id: issue.id,
  label: `#${issue.number} ${issue.title}`,
});
export const priorityOption = (priority: { id: string; name: string; color: string }): SelectionOption => ({
  id: priority.id,
  label: priority.name,
  icon: dot(priority.color),
});

/** What the issue holds now, as the options that stand for it. */
export function currentValues(key: SidebarFieldKey, issue: ViewedIssue): SelectionOption[] {
  switch (key) {
    case "pipeline": {
      const pipeline = issue.pipelineIssue?.pipeline;
      return pipeline ? [{ id: pipeline.id, label: pipeline.name }] : [];
    }
    case "estimate":
      return issue.estimate ? [{ id: String(issue.estimate.value), label: pointsText(issue.estimate.value) }] : [];
    case "priority": {
      const priority = issue.pipelineIssue?.priority;
      return priority ? [priorityOption(priority)] : [];
    }
    case "assignees":
      return issue.assignees.map(personOption);
    case "labels":
      return issue.labels.map(labelOption);
    case "sprints":
      return issue.sprints.nodes.map((sprint) => ({ id: sprint.id, label: sprint.name }));
    case "epics":
      return [
        ...issue.parentEpics.nodes.map(({ issue: epic }) => issueOption(epic)),
        ...issue.parentGantryEpics.nodes.map((epic) => ({ id: epic.id, label: epic.title })),
      ];
    case "parent":
      return issue.parentIssue ? [issueOption(issue.parentIssue)] : [];
    case "releases":
      return issue.releases.nodes.map((release) => ({ id: release.id, label: release.title }));
    case "milestone":
      return issue.milestone ? [{ id: String(issue.milestone.number), label: issue.milestone.title }] : [];
    case "blockedBy":
      return issue.blockingIssues.nodes.map(issueOption);
    case "blocking":
      return issue.blockedIssues.nodes.map(issueOption);
  }
}

const ready = (options: SelectionOption[]): OptionList => ({ options, onServer: false, isPending: false, error: null });

type FilterOptions = ReturnType<typeof useFilterOptions>;
const fromFilter = (answer: FilterOptions, onServer: boolean): OptionList => ({
  options: answer.data ?? [],
  onServer,
  isPending: answer.isPending,
  error: answer.error?.message ?? null,
  loadMore: answer.hasNextPage ? () => void answer.fetchNextPage() : undefined,
});

export interface OptionsRequest {
  workspaceId: string;
  issue: ViewedIssue;
  /** What is typed, for the lists the server searches. */
  query: string;
}

function usePipelineOptions({ workspaceId }: OptionsRequest): OptionList {
  const pipelines = useBoardPipelines(workspaceId);
  return {
    ...ready((pipelines.data?.pipelines ?? []).map((pipeline) => ({ id: pipeline.id, label: pipeline.name }))),
    isPending: pipelines.isPending,
    error: pipelines.error?.message ?? null,
  };
}

function useEstimateOptions({ workspaceId, issue }: OptionsRequest): OptionList {
  const estimateSet = useEstimateSet(workspaceId);
  const scale = [...(estimateSet.data ?? DEFAULT_ESTIMATE_SET)];
  // An estimate set before the scale changed stays pickable, so opening the list never loses it.
  if (issue.estimate && !scale.includes(issue.estimate.value)) scale.push(issue.estimate.value);
  return {
    ...ready([
      { id: CLEAR_OPTION_ID, label: "No estimate" },
      ...scale.sort((a, b) => a - b).map((value) => ({ id: String(value), label: pointsText(value) })),
    ]),
    isPending: estimateSet.isPending,
    error: estimateSet.error?.message ?? null,
  };
}

/**
 * A workspace has no priorities until an admin adds them (SPEC names no defaults, decision 0059),
 * so an empty list says where they are added: a link for admins, who to ask for everyone else.
 */
function noPrioritiesHint(workspaceId: string, issue: ViewedIssue): ReactNode {
  if (issue.viewerPermission !== "ADMIN")
    return "No priorities yet: a workspace admin adds them in the workspace settings.";
  return <Link to={workspacePrioritiesPath(workspaceId)}>Add priorities in the workspace settings</Link>;
}

function usePriorityOptions({ workspaceId, issue }: OptionsRequest): OptionList {
  const priorities = useWorkspacePriorities(workspaceId);
  return {
    ...ready([{ id: CLEAR_OPTION_ID, label: "No priority" }, ...(priorities.data ?? []).map(priorityOption)]),
    isPending: priorities.isPending,
    error: priorities.error?.message ?? null,
    ...(priorities.data?.length === 0 ? { hint: noPrioritiesHint(workspaceId, issue) } : {}),
  };
}

/** A list the board's filter menus already read, searched on the server as the person types. */
function searchedOnServer(key: FilterKey) {
  return function useSearchedOptions({ workspaceId, query }: OptionsRequest): OptionList {
    return fromFilter(useFilterOptions(workspaceId, key, query), true);
  };
}

/** GitHub epics and Gantry epics in one list; a GitHub epic says which issue it is. */
function useEpicOptions({ workspaceId, query }: OptionsRequest): OptionList {
  const github = useFilterOptions(workspaceId, "epics", query);
  const gantry = useFilterOptions(workspaceId, "gantryEpics", query);
  const both = [fromFilter(github, true), fromFilter(gantry, true)];
  return {
    options: both.flatMap((list) => list.options),
    onServer: true,
    isPending: both.some((list) => list.isPending),
    error: both.find((list) => list.error)?.error ?? null,
    loadMore: both.find((list) => list.loadMore)?.loadMore,
  };
}

/** Any issue of the workspace but this one, for the parent and dependency pickers. */
function useOtherIssueOptions({ workspaceId, issue, query }: OptionsRequest): OptionList {
  const list = fromFilter(useFilterOptions(workspaceId, "parentIssues", query), true);
  return { ...list, options: list.options.filter((option) => option.id !== issue.id) };
}

function useParentOptions(request: OptionsRequest): OptionList {
  const list = useOtherIssueOptions(request);
  return { ...list, options: [{ id: CLEAR_OPTION_ID, label: "No parent issue" }, ...list.options] };
}

const MILESTONES = `query sidebarMilestones($repositoryId: ID!, $issueNumber: Int!, $query: String) {
  issueByInfo(repositoryId: $repositoryId, issueNumber: $issueNumber) {
    repository { milestones(query: $query, first: 100) { nodes { number title } } }
  }
}`;

/** The id of the option creating a milestone titled as typed; numbers are the other options' ids. */
const NEW_MILESTONE_PREFIX = "new-milestone:";

/** The title of the milestone an option creates, or null for an existing milestone (or none). */
export function newMilestoneTitle(optionId: string): string | null {
  return optionId.startsWith(NEW_MILESTONE_PREFIX) ? optionId.slice(NEW_MILESTONE_PREFIX.length) : null;
}

/**
 * The milestones of the issue's own repository, since a milestone is a number within it. A Gantry
 * issue's repository holds Gantry's own (decision 0028): typed text no milestone is titled (in any
 * case) is offered as a new one, created when picked.
 */
function useMilestoneOptions({ issue, query }: OptionsRequest): OptionList {
  const request = useGraphQL();
  const milestones = useQuery({
    queryKey: ["repository-milestones", issue.repository.id, query],
    queryFn: async () => {
      type Answer = { issueByInfo: { repository: { milestones: { nodes: { number: number; title: string }[] } } } };
      const variables = { repositoryId: issue.repository.id, issueNumber: issue.number, query: query || null };
      return (await request<Answer>(MILESTONES, variables)).issueByInfo.repository.milestones.nodes;
    },
  });
  const listed = (milestones.data ?? []).map((milestone) => ({ id: String(milestone.number), label: milestone.title }));
  const typed = query.trim();
  const offerNew =
    issue.type === "GantryIssue" &&
    typed !== "" &&
    milestones.isSuccess &&
    !listed.some((option) => option.label.toLowerCase() === typed.toLowerCase());
  return {
    options: [
      { id: CLEAR_OPTION_ID, label: "No milestone" },
      ...listed,
      ...(offerNew ? [{ id: `${NEW_MILESTONE_PREFIX}${typed}`, label: `Create milestone “${typed}”` }] : []),
    ],
    onServer: true,
    isPending: milestones.isPending,
    error: milestones.error?.message ?? null,
    keepsCase: true,
    shownAs: (option) => {
      const title = newMilestoneTitle(option.id);
      return title === null ? option : { id: option.id, label: title };
    },
  };
}

const ASSIGNABLE = `query sidebarAssignableUsers($repositoryId: ID!, $issueNumber: Int!, $query: String) {
  issueByInfo(repositoryId: $repositoryId, issueNumber: $issueNumber) {
    repository { assignableUsers(query: $query, first: 100) { nodes { login avatarUrl } } }
  }
}`;

/**
 * Who the issue can be assigned to: the workspace's members for a Gantry issue, GitHub's
 * assignable users for a GitHub one (decision 0028). Those assigned now stay listed, so they can
 * be taken off even when they no longer could be assigned.
 */
function useAssigneeOptions({ issue, query }: OptionsRequest): OptionList {
  const request = useGraphQL();
  const people = useQuery({
    queryKey: ["repository-assignable-users", issue.repository.id, query],
    queryFn: async () => {
      type Answer = { issueByInfo: { repository: { assignableUsers: { nodes: IssuePerson[] } } } };
      const variables = { repositoryId: issue.repository.id, issueNumber: issue.number, query: query || null };
      return (await request<Answer>(ASSIGNABLE, variables)).issueByInfo.repository.assignableUsers.nodes;
    },
  });
  const listed = people.data ?? [];
  const kept = issue.assignees.filter((person) => !listed.some((other) => other.login === person.login));
  return {
    options: [...kept, ...listed].map(personOption),
    onServer: true,
    isPending: people.isPending,
    error: people.error?.message ?? null,
  };
}

/** Each field's options; every picker calls one of these, always the same one. */
export const FIELD_OPTIONS: Record<SidebarFieldKey, (request: OptionsRequest) => OptionList> = {
  pipeline: usePipelineOptions,
  estimate: useEstimateOptions,
  priority: usePriorityOptions,
  assignees: useAssigneeOptions,
  labels: searchedOnServer("labels"),
  sprints: searchedOnServer("sprints"),
  epics: useEpicOptions,
  parent: useParentOptions,
  releases: searchedOnServer("releases"),
  milestone: useMilestoneOptions,
  blockedBy: useOtherIssueOptions,
  blocking: useOtherIssueOptions,
};
