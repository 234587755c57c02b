/** SPEC §3 "Board filters". */
export interface InNin {
  in: string[];
  nin: string[];
}

export interface InNinSettings extends InNin {
  settings: string[];
}

export interface BoardFilters {
  search: string;
  repos: { isLoading: boolean; value: number[] };
  zhRepos: { value: string[] };
  labels: InNin;
  assignees: InNin;
  authors: InNin;
  issueTypes: InNin;
  releases: InNin;
  estimates: InNinSettings;
  epics: InNinSettings;
  gantryEpics: InNinSettings;
  sprints: { value: string[]; settings: string[] };
  milestones: { value: string[] };
  /** `settings` holds at most one parent-issue special value (PARENT_ISSUE_SETTINGS), as the public API takes one. */
  parentIssues: { ids: string[]; recursiveIds: string[]; settings: string[] };
  issuesBucketIds: { ids: string[] };
  /** Which issues by where their issue type shows (docs/decisions/0100-parent-and-issue-type-disposition-filters.md). */
  issueTypeDisposition: IssueTypeDispositionFilter;
}

/**
 * SPEC §9 "Special filter values". A key that has `settings` (sprints, estimates, epics, Gantry epics)
 * holds its special values there; the other keys hold theirs in `in` / `value`
 * (docs/decisions/0009-board-filter-semantics.md).
 */
export const NONE_FILTER_VALUE = "none";
export const NO_ASSIGNEES_FILTER_VALUE = "issues with no assignees";
export const NO_SPRINTS_FILTER_VALUE = "Issues with no sprints";
export const CURRENT_SPRINT_FILTER_VALUE = "current_sprint";
export const TEAM_ESTIMATION_FILTER_VALUE = "team_estimation";
export const USER_ESTIMATION_FILTER_VALUE = "user_estimation";

/**
 * The parent-issue special values, named as the public API's ParentIssueSpecialFilter: issues that are a
 * parent or a child, issues that are a parent, issues in no parent, issues that are no parent.
 */
export const PARENT_ISSUE_SETTINGS = [
  "parents_with_children",
  "parents_only",
  "not_in_parent",
  "not_a_parent",
] as const;
export type ParentIssueSetting = (typeof PARENT_ISSUE_SETTINGS)[number];

/**
 * Which issues by where their type shows, named as the public API's IssueIssueTypeDispositionInput. Every
 * Gantry issue type is a GitHub issue type, shown on the board (decision 0092): BOARD_ONLY keeps the typed
 * issues, PLANNING_PANEL the untyped ones, PLANNING_PANEL_ONLY none, ANY (no filter) and BOARD all.
 */
export const ISSUE_TYPE_DISPOSITIONS = ["ANY", "BOARD", "BOARD_ONLY", "PLANNING_PANEL", "PLANNING_PANEL_ONLY"] as const;
export type IssueTypeDispositionFilter = (typeof ISSUE_TYPE_DISPOSITIONS)[number];
export const DEFAULT_ISSUE_TYPE_DISPOSITION: IssueTypeDispositionFilter = "ANY";

/** Limits on one filter list, so a hand-made link or request cannot ask for unbounded work. */
export const MAX_FILTER_VALUES = 100;
export const MAX_FILTER_VALUE_LENGTH = 256;

/** An estimates filter value ("3", "0.5") as points; null for anything that is not a number. */
export function estimateFilterValue(value: string): number | null {
  const points = value.trim() === "" ? Number.NaN : Number(value);
  return Number.isFinite(points) ? points : null;
}

/** SPEC §9 "Special filter values": the default filter logic is All. */
export type FilterLogic = "all" | "any";
export const DEFAULT_FILTER_LOGIC: FilterLogic = "all";

const inNin = (): InNin => ({ in: [], nin: [] });
const inNinSettings = (): InNinSettings => ({ in: [], nin: [], settings: [] });

/** Every filter list empty. The search text is kept: clearing filters and clearing search are separate (§4). */
export function emptyFilters(search = ""): BoardFilters {
  return {
    search,
    repos: { isLoading: false, value: [] },
    zhRepos: { value: [] },
    labels: inNin(),
    assignees: inNin(),
    authors: inNin(),
    issueTypes: inNin(),
    releases: inNin(),
    estimates: inNinSettings(),
    epics: inNinSettings(),
    gantryEpics: inNinSettings(),
    sprints: { value: [], settings: [] },
    milestones: { value: [] },
    parentIssues: { ids: [], recursiveIds: [], settings: [] },
    issuesBucketIds: { ids: [] },
    issueTypeDisposition: DEFAULT_ISSUE_TYPE_DISPOSITION,
  };
}
