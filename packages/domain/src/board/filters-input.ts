import {
  type BoardFilters,
  CURRENT_SPRINT_FILTER_VALUE,
  DEFAULT_FILTER_LOGIC,
  emptyFilters,
  estimateFilterValue,
  type FilterLogic,
  type InNin,
  type IssueTypeDispositionFilter,
  NO_ASSIGNEES_FILTER_VALUE,
  NO_SPRINTS_FILTER_VALUE,
  NONE_FILTER_VALUE,
  PARENT_ISSUE_SETTINGS,
  type ParentIssueSetting,
  TEAM_ESTIMATION_FILTER_VALUE,
  USER_ESTIMATION_FILTER_VALUE,
} from "./filters.js";

type Maybe<T> = T | null | undefined;

/** `StringInput` / `IdInput`: `notInAny` selects issues with no value for the key. */
export interface ValuesFilterInput {
  notInAny?: Maybe<boolean>;
  in?: Maybe<readonly string[]>;
  nin?: Maybe<readonly string[]>;
}

export const ESTIMATE_SPECIAL_FILTERS = [
  "not_estimated",
  "assigned_for_voting",
  "assigned_to_user_for_voting",
] as const;
export type EstimateSpecialFilter = (typeof ESTIMATE_SPECIAL_FILTERS)[number];

export interface EpicFiltersInput {
  id?: Maybe<ValuesFilterInput>;
  specialFilters?: Maybe<"not_in_epic">;
}

/**
 * The server's `IssueSearchFiltersInput`, shaped after the public API's: BoardFilters in the
 * names a script written against that API would use.
 */
export interface IssueSearchFiltersInput {
  matchType?: Maybe<FilterLogic>;
  repositoryGhIds?: Maybe<readonly number[]>;
  repositoryIds?: Maybe<readonly string[]>;
  labels?: Maybe<ValuesFilterInput>;
  assignees?: Maybe<ValuesFilterInput>;
  /** Authors. */
  users?: Maybe<ValuesFilterInput>;
  issueIssueTypes?: Maybe<ValuesFilterInput>;
  releases?: Maybe<ValuesFilterInput>;
  milestones?: Maybe<ValuesFilterInput>;
  estimates?: Maybe<{
    /** `notInAny`: issues with no estimate, as the `not_estimated` special filter. */
    values?: Maybe<{ notInAny?: Maybe<boolean>; in?: Maybe<readonly number[]>; nin?: Maybe<readonly number[]> }>;
    specialFilters?: Maybe<readonly EstimateSpecialFilter[]>;
  }>;
  epics?: Maybe<EpicFiltersInput>;
  gantryEpics?: Maybe<EpicFiltersInput>;
  sprints?: Maybe<{
    notInAny?: Maybe<boolean>;
    in?: Maybe<readonly string[]>;
    specialFilters?: Maybe<"current_sprint">;
  }>;
  issueBuckets?: Maybe<{ ids?: Maybe<readonly string[]> }>;
  parentIssues?: Maybe<{
    ids?: Maybe<readonly string[]>;
    recursiveIds?: Maybe<readonly string[]>;
    specialFilters?: Maybe<ParentIssueSetting>;
  }>;
  issueIssueTypeDisposition?: Maybe<IssueTypeDispositionFilter>;
}

const points = (value: string) => estimateFilterValue(value) ?? [];

const ESTIMATE_SETTINGS: Record<string, EstimateSpecialFilter> = {
  [NONE_FILTER_VALUE]: "not_estimated",
  [TEAM_ESTIMATION_FILTER_VALUE]: "assigned_for_voting",
  [USER_ESTIMATION_FILTER_VALUE]: "assigned_to_user_for_voting",
};

function valuesInput(filter: InNin, noneValue: string): ValuesFilterInput {
  return {
    notInAny: filter.in.includes(noneValue),
    in: filter.in.filter((value) => value !== noneValue),
    nin: filter.nin.filter((value) => value !== noneValue),
  };
}

function epicInput(filter: BoardFilters["epics"]): EpicFiltersInput {
  return {
    id: { in: filter.in, nin: filter.nin },
    specialFilters: filter.settings.includes(NONE_FILTER_VALUE) ? "not_in_epic" : null,
  };
}

/** BoardFilters as the server's search input; the search text travels apart, as `query`. */
export function boardFiltersToSearchInput(filters: BoardFilters, logic: FilterLogic): IssueSearchFiltersInput {
  return {
    matchType: logic,
    repositoryGhIds: filters.repos.value,
    repositoryIds: filters.zhRepos.value,
    labels: valuesInput(filters.labels, NONE_FILTER_VALUE),
    assignees: valuesInput(filters.assignees, NO_ASSIGNEES_FILTER_VALUE),
    users: valuesInput(filters.authors, NONE_FILTER_VALUE),
    issueIssueTypes: valuesInput(filters.issueTypes, NONE_FILTER_VALUE),
    releases: valuesInput(filters.releases, NONE_FILTER_VALUE),
    milestones: valuesInput({ in: filters.milestones.value, nin: [] }, NONE_FILTER_VALUE),
    estimates: {
      values: { in: filters.estimates.in.flatMap(points), nin: filters.estimates.nin.flatMap(points) },
      specialFilters: filters.estimates.settings.flatMap((setting) => ESTIMATE_SETTINGS[setting] ?? []),
    },
    epics: epicInput(filters.epics),
    gantryEpics: epicInput(filters.gantryEpics),
    sprints: {
      notInAny: filters.sprints.settings.includes(NO_SPRINTS_FILTER_VALUE),
      in: filters.sprints.value,
      specialFilters: filters.sprints.settings.includes(CURRENT_SPRINT_FILTER_VALUE) ? "current_sprint" : null,
    },
    issueBuckets: { ids: filters.issuesBucketIds.ids },
    parentIssues: {
      ids: filters.parentIssues.ids,
      recursiveIds: filters.parentIssues.recursiveIds,
      // The board holds at most one: the API takes one (filters-url.ts, saved-view.ts).
      specialFilters: PARENT_ISSUE_SETTINGS.find((setting) => filters.parentIssues.settings.includes(setting)) ?? null,
    },
    issueIssueTypeDisposition: filters.issueTypeDisposition,
  };
}

function inNinFrom(input: Maybe<ValuesFilterInput>, noneValue: string): InNin {
  return {
    in: [...(input?.notInAny ? [noneValue] : []), ...(input?.in ?? [])],
    nin: [...(input?.nin ?? [])],
  };
}

function epicFrom(input: Maybe<EpicFiltersInput>): BoardFilters["epics"] {
  return {
    in: [...(input?.id?.in ?? [])],
    nin: [...(input?.id?.nin ?? [])],
    settings: input?.specialFilters === "not_in_epic" ? [NONE_FILTER_VALUE] : [],
  };
}

const ESTIMATE_SETTING_OF = Object.fromEntries(
  Object.entries(ESTIMATE_SETTINGS).map(([setting, special]) => [special, setting]),
);

/** The server's reading of a search input: the same BoardFilters the board's own matcher applies. */
export function boardFiltersFromSearchInput(
  input: IssueSearchFiltersInput,
  search: string,
): { filters: BoardFilters; logic: FilterLogic } {
  const filters = emptyFilters(search);
  filters.repos.value = [...(input.repositoryGhIds ?? [])];
  filters.zhRepos.value = [...(input.repositoryIds ?? [])];
  filters.labels = inNinFrom(input.labels, NONE_FILTER_VALUE);
  filters.assignees = inNinFrom(input.assignees, NO_ASSIGNEES_FILTER_VALUE);
  filters.authors = inNinFrom(input.users, NONE_FILTER_VALUE);
  filters.issueTypes = inNinFrom(input.issueIssueTypes, NONE_FILTER_VALUE);
  filters.releases = inNinFrom(input.releases, NONE_FILTER_VALUE);
  filters.milestones.value = inNinFrom(input.milestones, NONE_FILTER_VALUE).in;
  filters.estimates = {
    in: (input.estimates?.values?.in ?? []).map(String),
    nin: (input.estimates?.values?.nin ?? []).map(String),
    settings: [
      ...new Set([
        ...(input.estimates?.values?.notInAny ? [NONE_FILTER_VALUE] : []),
        ...(input.estimates?.specialFilters ?? []).flatMap((special) => ESTIMATE_SETTING_OF[special] ?? []),
      ]),
    ],
  };
  filters.epics = epicFrom(input.epics);
  filters.gantryEpics = epicFrom(input.gantryEpics);
  filters.sprints = {
    value: [...(input.sprints?.in ?? [])],
    settings: [
      ...(input.sprints?.notInAny ? [NO_SPRINTS_FILTER_VALUE] : []),
      ...(input.sprints?.specialFilters === "current_sprint" ? [CURRENT_SPRINT_FILTER_VALUE] : []),
    ],
  };
  filters.issuesBucketIds.ids = [...(input.issueBuckets?.ids ?? [])];
  filters.parentIssues = {
    ids: [...(input.parentIssues?.ids ?? [])],
    recursiveIds: [...(input.parentIssues?.recursiveIds ?? [])],
    settings: input.parentIssues?.specialFilters ? [input.parentIssues.specialFilters] : [],
  };
  if (input.issueIssueTypeDisposition) filters.issueTypeDisposition = input.issueIssueTypeDisposition;
  return { filters, logic: input.matchType ?? DEFAULT_FILTER_LOGIC };
}
