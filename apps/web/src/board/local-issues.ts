import {
  type BoardFilters,
  DEFAULT_SORT_TYPE,
  type FilterableIssue,
  type FilterContext,
  type FilterLogic,
  matchesBoardFilters,
  type SortableIssue,
  type SortType,
  sortBoardIssues,
} from "@gantry/domain";
import type { BoardIssue } from "./board-issue";

/** One card as the domain's filters and sorts see it. */
export type LocalIssueFacts = FilterableIssue & SortableIssue;

const time = (iso: string | null | undefined) => (iso ? Date.parse(iso) : 0);

/** Parent, grandparent … as far as the loaded cards tell; a cycle stops the walk. */
function ancestorsOf(issue: BoardIssue, byId: Record<string, BoardIssue>): string[] {
  const ancestors: string[] = [];
  for (let parentId = issue.parentIssue?.id; parentId && !ancestors.includes(parentId); ) {
    ancestors.push(parentId);
    parentId = byId[parentId]?.parentIssue?.id;
  }
  return ancestors;
}

const idsOf = (nodes: { id?: string }[] | undefined) =>
  (nodes ?? []).flatMap((node) => (node.id === undefined ? [] : [node.id]));

/** The loaded cards' parents: a card is a parent as far as the loaded cards tell, the server's answer says for sure. */
function loadedParentIds(byId: Record<string, BoardIssue>): Set<string> {
  return new Set(Object.values(byId).flatMap((issue) => (issue.parentIssue?.id ? [issue.parentIssue.id] : [])));
}

/**
 * BoardIssue → the domain's filterable and sortable issue, in this one place. `position` is the
 * card's place in what the server sent, which stands in for the board rank the board does not read.
 */
export function localIssueFacts(
  issue: BoardIssue,
  position: number,
  byId: Record<string, BoardIssue>,
  parentIds: ReadonlySet<string>,
): LocalIssueFacts {
  const sprintStarts = (issue.sprints?.nodes ?? []).flatMap((sprint) => (sprint.startAt ? [time(sprint.startAt)] : []));
  return {
    id: issue.id,
    number: issue.number,
    title: issue.title,
    body: issue.body ?? "",
    repoGhId: issue.repository?.ghId ?? null,
    repositoryId: issue.repository?.id ?? "",
    labels: issue.labels.map((label) => label.name),
    assigneeLogins: issue.assignees.map((assignee) => assignee.login),
    authorLogin: issue.user?.login ?? null,
    issueType: issue.issueType?.name ?? null,
    releaseIds: idsOf(issue.releases?.nodes),
    estimate: issue.estimate?.value ?? null,
    epicIds: idsOf(issue.parentEpics?.nodes.map((epic) => epic.issue)),
    gantryEpicIds: idsOf(issue.parentGantryEpics?.nodes),
    sprintIds: idsOf(issue.sprints?.nodes),
    milestoneTitle: issue.milestone?.title ?? null,
    parentIssueId: issue.parentIssue?.id ?? null,
    ancestorIds: ancestorsOf(issue, byId),
    hasChildren: parentIds.has(issue.id),
    estimationVoterLogins: [],
    rank: String(position).padStart(10, "0"),
    createdAt: time(issue.createdAt),
    movedAt: time(issue.pipelineIssue?.latestTransferTime),
    sprintStartAt: sprintStarts.length > 0 ? Math.min(...sprintStarts) : null,
    priorityRank: issue.pipelineIssue?.priority?.rank ?? null,
  };
}

export interface LocalSearch {
  filters: BoardFilters;
  filterLogic: FilterLogic;
  sortType: SortType;
  /**
   * The running sprint the board was told of. The board does not know the viewer's estimation
   * votes, so the estimation special values keep no loaded card until the server answers.
   */
  currentSprintId: string | null;
}

/**
 * The loaded cards the board's filters keep, in the pipeline's sort, at once; the server's
 * answer replaces them when it comes. Answers `ids` itself when nothing changes, so the
 * pipeline does not redraw.
 */
export function locallyShownIds(
  ids: string[],
  byId: Record<string, BoardIssue>,
  { filters, filterLogic, sortType, currentSprintId }: LocalSearch,
): string[] {
  // Only the parent-issue special values read `hasChildren`; without them the walk over every card is skipped.
  const parentIds = filters.parentIssues.settings.length > 0 ? loadedParentIds(byId) : new Set<string>();
  const facts = ids.flatMap((id, position) => {
    const issue = byId[id];
    return issue ? [localIssueFacts(issue, position, byId, parentIds)] : [];
  });
  const context: FilterContext = { currentSprintId, viewerLogin: null };
  const kept = facts.filter((issue) => matchesBoardFilters(issue, filters, filterLogic, context));
  if (sortType === DEFAULT_SORT_TYPE && kept.length === ids.length) return ids;
  return sortBoardIssues(kept, sortType).map((issue) => issue.id);
}
