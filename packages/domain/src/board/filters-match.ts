import {
  type BoardFilters,
  CURRENT_SPRINT_FILTER_VALUE,
  estimateFilterValue,
  type FilterLogic,
  type InNin,
  type IssueTypeDispositionFilter,
  NO_ASSIGNEES_FILTER_VALUE,
  NO_SPRINTS_FILTER_VALUE,
  NONE_FILTER_VALUE,
  type ParentIssueSetting,
  TEAM_ESTIMATION_FILTER_VALUE,
  USER_ESTIMATION_FILTER_VALUE,
} from "./filters.js";
import { matchesBoardSearch, parseBoardSearch, type SearchableIssue } from "./filters-search.js";

/** What board filters look at on one issue; ids are whatever ids the filters hold. */
export interface FilterableIssue extends SearchableIssue {
  id: string;
  /** GitHub's numeric repository id; null for a native Gantry issue. */
  repoGhId: number | null;
  /** Gantry's id of the repository (for a native issue, the workspace's native repository). */
  repositoryId: string;
  labels: readonly string[];
  assigneeLogins: readonly string[];
  authorLogin: string | null;
  issueType: string | null;
  releaseIds: readonly string[];
  estimate: number | null;
  /** GitHub epics holding the issue. */
  epicIds: readonly string[];
  gantryEpicIds: readonly string[];
  sprintIds: readonly string[];
  milestoneTitle: string | null;
  parentIssueId: string | null;
  /** Parent, grandparent and so on up the tree, for the recursive parent-issue filter. */
  ancestorIds: readonly string[];
  /** Some issue has it as its parent: it is a parent, for the parent-issue special values. */
  hasChildren: boolean;
  /** Who has been asked to vote on the issue's estimate; empty when no vote is open. */
  estimationVoterLogins: readonly string[];
}

/** Facts about the workspace and viewer that some special values need. */
export interface FilterContext {
  /** The workspace's active sprint, for `current_sprint`. */
  currentSprintId: string | null;
  /** The viewer's login, for `user_estimation`. */
  viewerLogin: string | null;
}

/** How one filter key judged one issue. */
interface KeyVerdict {
  /** The key selects something, so it takes part in the any/all logic. */
  active: boolean;
  included: boolean;
  /** A `nin` value matched: the issue is hidden whatever the logic. */
  excluded: boolean;
}

const INACTIVE: KeyVerdict = { active: false, included: false, excluded: false };

/** `in` / `nin` over a list field; `noneValue` in `in` selects issues whose list is empty. */
function listVerdict(values: readonly string[], filter: InNin, noneValue: string | null): KeyVerdict {
  return {
    active: filter.in.length > 0,
    included: filter.in.some((wanted) => (wanted === noneValue ? values.length === 0 : values.includes(wanted))),
    excluded: filter.nin.some((unwanted) => unwanted !== noneValue && values.includes(unwanted)),
  };
}

const listOf = <T>(value: T | null): T[] => (value === null ? [] : [value]);

function estimateIs(estimate: number | null, value: string): boolean {
  return estimate !== null && estimateFilterValue(value) === estimate;
}

function estimatesVerdict(issue: FilterableIssue, filters: BoardFilters, context: FilterContext): KeyVerdict {
  const { in: wanted, nin, settings } = filters.estimates;
  const settingMatches: Record<string, () => boolean> = {
    [NONE_FILTER_VALUE]: () => issue.estimate === null,
    [TEAM_ESTIMATION_FILTER_VALUE]: () => issue.estimationVoterLogins.length > 0,
    [USER_ESTIMATION_FILTER_VALUE]: () =>
      context.viewerLogin !== null && issue.estimationVoterLogins.includes(context.viewerLogin),
  };
  const known = settings.filter((setting) => setting in settingMatches);
  return {
    active: wanted.length > 0 || known.length > 0,
    included:
      wanted.some((value) => estimateIs(issue.estimate, value)) ||
      known.some((setting) => settingMatches[setting]?.() ?? false),
    excluded: nin.some((value) => estimateIs(issue.estimate, value)),
  };
}

/** Epics keep their "none" in `settings`: issues in no epic of that kind. */
function epicsVerdict(epicIds: readonly string[], filter: BoardFilters["epics"]): KeyVerdict {
  const wantsNone = filter.settings.includes(NONE_FILTER_VALUE);
  const byId = listVerdict(epicIds, filter, null);
  return {
    active: byId.active || wantsNone,
    included: byId.included || (wantsNone && epicIds.length === 0),
    excluded: byId.excluded,
  };
}

function sprintsVerdict(issue: FilterableIssue, filters: BoardFilters, context: FilterContext): KeyVerdict {
  const { value, settings } = filters.sprints;
  const settingMatches: Record<string, () => boolean> = {
    [CURRENT_SPRINT_FILTER_VALUE]: () =>
      context.currentSprintId !== null && issue.sprintIds.includes(context.currentSprintId),
    [NO_SPRINTS_FILTER_VALUE]: () => issue.sprintIds.length === 0,
  };
  const known = settings.filter((setting) => setting in settingMatches);
  return {
    active: value.length > 0 || known.length > 0,
    included:
      value.some((sprintId) => issue.sprintIds.includes(sprintId)) ||
      known.some((setting) => settingMatches[setting]?.() ?? false),
    excluded: false,
  };
}

function reposVerdict(issue: FilterableIssue, filters: BoardFilters): KeyVerdict {
  const ghIds = filters.repos.value;
  const repositoryIds = filters.zhRepos.value;
  return {
    active: ghIds.length > 0 || repositoryIds.length > 0,
    included: (issue.repoGhId !== null && ghIds.includes(issue.repoGhId)) || repositoryIds.includes(issue.repositoryId),
    excluded: false,
  };
}

/** What each parent-issue special value keeps (decision 0100). */
const PARENT_SETTING_MATCHES: Record<ParentIssueSetting, (issue: FilterableIssue) => boolean> = {
  parents_with_children: (issue) => issue.hasChildren || issue.parentIssueId !== null,
  parents_only: (issue) => issue.hasChildren,
  not_in_parent: (issue) => issue.parentIssueId === null,
  not_a_parent: (issue) => !issue.hasChildren,
};

const isParentSetting = (setting: string): setting is ParentIssueSetting => setting in PARENT_SETTING_MATCHES;

/** §4: children of `ids`, or with `recursiveIds` anything below them, or what a special value keeps. */
function parentIssuesVerdict(issue: FilterableIssue, filters: BoardFilters): KeyVerdict {
  const { ids, recursiveIds, settings } = filters.parentIssues;
  const known = settings.filter(isParentSetting);
  return {
    active: ids.length > 0 || recursiveIds.length > 0 || known.length > 0,
    included:
      (issue.parentIssueId !== null && ids.includes(issue.parentIssueId)) ||
      issue.ancestorIds.some((ancestorId) => recursiveIds.includes(ancestorId)) ||
      known.some((setting) => PARENT_SETTING_MATCHES[setting](issue)),
    excluded: false,
  };
}

/** Whether an issue's type shows where the disposition asks; Gantry's types all show on the board (decision 0092). */
const DISPOSITION_KEEPS: Record<IssueTypeDispositionFilter, (issue: FilterableIssue) => boolean> = {
  ANY: () => true,
  BOARD: () => true,
  BOARD_ONLY: (issue) => issue.issueType !== null,
  PLANNING_PANEL: (issue) => issue.issueType === null,
  PLANNING_PANEL_ONLY: () => false,
};

/**
 * The disposition says which issues the list is about, as the display type does: it hides what it does not
 * keep under either logic, so it is an exclusion, never a selecting key.
 */
function dispositionVerdict(issue: FilterableIssue, filters: BoardFilters): KeyVerdict {
  return { active: false, included: false, excluded: !DISPOSITION_KEEPS[filters.issueTypeDisposition](issue) };
}

/**
 * The containers an issue is in: its sprints, releases, GitHub epics and Gantry epics, whose ids
 * are the bucket ids of the `issuesBucketIds` filter (docs/decisions/0010-board-views.md).
 */
function bucketsOf(issue: FilterableIssue): string[] {
  return [...issue.sprintIds, ...issue.releaseIds, ...issue.epicIds, ...issue.gantryEpicIds];
}

function keyVerdicts(issue: FilterableIssue, filters: BoardFilters, context: FilterContext): KeyVerdict[] {
  const bucketIds = filters.issuesBucketIds.ids;
  return [
    reposVerdict(issue, filters),
    listVerdict(issue.labels, filters.labels, NONE_FILTER_VALUE),
    listVerdict(issue.assigneeLogins, filters.assignees, NO_ASSIGNEES_FILTER_VALUE),
    listVerdict(listOf(issue.authorLogin), filters.authors, NONE_FILTER_VALUE),
    listVerdict(listOf(issue.issueType), filters.issueTypes, NONE_FILTER_VALUE),
    listVerdict(issue.releaseIds, filters.releases, NONE_FILTER_VALUE),
    estimatesVerdict(issue, filters, context),
    epicsVerdict(issue.epicIds, filters.epics),
    epicsVerdict(issue.gantryEpicIds, filters.gantryEpics),
    sprintsVerdict(issue, filters, context),
    listVerdict(listOf(issue.milestoneTitle), { in: filters.milestones.value, nin: [] }, NONE_FILTER_VALUE),
    parentIssuesVerdict(issue, filters),
    dispositionVerdict(issue, filters),
    bucketIds.length > 0
      ? { active: true, included: bucketsOf(issue).some((id) => bucketIds.includes(id)), excluded: false }
      : INACTIVE,
  ];
}

/**
 * Whether a card shows under the board's filters (docs/decisions/0009-board-filter-semantics.md):
 * the search text and every exclusion always apply; the selecting keys combine by the logic,
 * all of them under "all", at least one under "any"; with none selecting, everything shows.
 */
export function matchesBoardFilters(
  issue: FilterableIssue,
  filters: BoardFilters,
  logic: FilterLogic,
  context: FilterContext,
): boolean {
  if (!matchesBoardSearch(issue, parseBoardSearch(filters.search))) return false;
  const verdicts = keyVerdicts(issue, filters, context);
  if (verdicts.some((verdict) => verdict.excluded)) return false;
  const active = verdicts.filter((verdict) => verdict.active);
  if (active.length === 0) return true;
  return logic === "all" ? active.every((verdict) => verdict.included) : active.some((verdict) => verdict.included);
}
