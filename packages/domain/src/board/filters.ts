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
  parentIssues: { ids: string[]; recursiveIds: string[] };
  issuesBucketIds: { ids: string[] };
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
    parentIssues: { ids: [], recursiveIds: [] },
    issuesBucketIds: { ids: [] },
  };
}
