import {
  type BoardFilters,
  CURRENT_SPRINT_FILTER_VALUE,
  DEFAULT_FILTER_LOGIC,
  DEFAULT_ISSUE_TYPE_DISPOSITION,
  emptyFilters,
  estimateFilterValue,
  type FilterLogic,
  ISSUE_TYPE_DISPOSITIONS,
  type IssueTypeDispositionFilter,
  MAX_FILTER_VALUE_LENGTH,
  MAX_FILTER_VALUES,
  NO_SPRINTS_FILTER_VALUE,
  NONE_FILTER_VALUE,
  PARENT_ISSUE_SETTINGS,
  TEAM_ESTIMATION_FILTER_VALUE,
  USER_ESTIMATION_FILTER_VALUE,
} from "./filters.js";

/** What a shared board link carries (SPEC §9 "Board URL and filter keys"). The search text is not one of them. */
export interface BoardFilterLink {
  filters: BoardFilters;
  filterLogic: FilterLogic;
  /** The saved view the board shows. */
  view: string | null;
}

interface ListKey {
  key: string;
  list: (filters: BoardFilters) => string[];
  /** The values this key understands; anything else in a link is dropped. */
  accepts?: (value: string) => boolean;
  /** The key holds one value (the public API takes one): a link's first accepted value. */
  one?: true;
}

const isEstimate = (value: string) => estimateFilterValue(value) !== null;
const oneOf =
  (...allowed: string[]) =>
  (value: string) =>
    allowed.includes(value);
const EPIC_SETTINGS = oneOf(NONE_FILTER_VALUE);

/** Every §9 list key, with the part of the filters it fills; `repos` is read apart (two id kinds share it). */
const LIST_KEYS: ListKey[] = [
  { key: "labels", list: (f) => f.labels.in },
  { key: "labels:not", list: (f) => f.labels.nin },
  { key: "assignees", list: (f) => f.assignees.in },
  { key: "assignees:not", list: (f) => f.assignees.nin },
  { key: "authors", list: (f) => f.authors.in },
  { key: "authors:not", list: (f) => f.authors.nin },
  { key: "issueTypes", list: (f) => f.issueTypes.in },
  { key: "issueTypes:not", list: (f) => f.issueTypes.nin },
  { key: "releases", list: (f) => f.releases.in },
  { key: "releases:not", list: (f) => f.releases.nin },
  { key: "estimates", list: (f) => f.estimates.in, accepts: isEstimate },
  { key: "estimates:not", list: (f) => f.estimates.nin, accepts: isEstimate },
  {
    key: "estimates:settings",
    list: (f) => f.estimates.settings,
    accepts: oneOf(NONE_FILTER_VALUE, TEAM_ESTIMATION_FILTER_VALUE, USER_ESTIMATION_FILTER_VALUE),
  },
  { key: "epics", list: (f) => f.epics.in },
  { key: "epics:not", list: (f) => f.epics.nin },
  { key: "epics:settings", list: (f) => f.epics.settings, accepts: EPIC_SETTINGS },
  { key: "gantryEpics", list: (f) => f.gantryEpics.in },
  { key: "gantryEpics:not", list: (f) => f.gantryEpics.nin },
  { key: "gantryEpics:settings", list: (f) => f.gantryEpics.settings, accepts: EPIC_SETTINGS },
  { key: "sprints", list: (f) => f.sprints.value },
  {
    key: "sprints:settings",
    list: (f) => f.sprints.settings,
    accepts: oneOf(CURRENT_SPRINT_FILTER_VALUE, NO_SPRINTS_FILTER_VALUE),
  },
  { key: "milestones", list: (f) => f.milestones.value },
  { key: "parentIssues", list: (f) => f.parentIssues.ids },
  { key: "recursiveIds", list: (f) => f.parentIssues.recursiveIds },
  {
    key: "parentIssues:settings",
    list: (f) => f.parentIssues.settings,
    accepts: oneOf(...PARENT_ISSUE_SETTINGS),
    one: true,
  },
  { key: "issuesBucketId", list: (f) => f.issuesBucketIds.ids },
];

/** The one-value key beside the §9 lists (decision 0100); its default, ANY, is left out of links. */
const DISPOSITION_KEY = "issueTypeDisposition";
const isDisposition = (value: string | undefined): value is IssueTypeDispositionFilter =>
  (ISSUE_TYPE_DISPOSITIONS as readonly (string | undefined)[]).includes(value);

const GITHUB_REPO_ID = /^[1-9]\d{0,15}$/;

/** A URL's query parameters as far as reading them goes: a URLSearchParams fits. */
export interface SearchParamsReader {
  getAll(name: string): string[];
}

/**
 * A board's filters as URL query parameters (`new URLSearchParams(pairs)`), one pair per value;
 * empty lists and the default logic are left out. The domain has no URL API of its own, hence pairs.
 */
export function boardFiltersToSearchParams(
  filters: BoardFilters,
  filterLogic: FilterLogic,
  view: string | null = null,
): [string, string][] {
  const pairs: [string, string][] = [];
  if (view) pairs.push(["view", view]);
  for (const ghId of filters.repos.value) pairs.push(["repos", String(ghId)]);
  for (const repositoryId of filters.zhRepos.value) pairs.push(["repos", repositoryId]);
  for (const { key, list } of LIST_KEYS) for (const value of list(filters)) pairs.push([key, value]);
  if (filters.issueTypeDisposition !== DEFAULT_ISSUE_TYPE_DISPOSITION)
    pairs.push([DISPOSITION_KEY, filters.issueTypeDisposition]);
  if (filterLogic !== DEFAULT_FILTER_LOGIC) pairs.push(["filterLogic", filterLogic]);
  return pairs;
}

/** Values worth keeping: non-empty, not absurdly long, each once, at most MAX_FILTER_VALUES. */
function cleanValues(values: string[], accepts: (value: string) => boolean = () => true): string[] {
  const kept = values.filter((value) => value !== "" && value.length <= MAX_FILTER_VALUE_LENGTH && accepts(value));
  return [...new Set(kept)].slice(0, MAX_FILTER_VALUES);
}

/** Reads a board link; unknown keys and values a key does not accept are ignored. */
export function boardFiltersFromSearchParams(params: SearchParamsReader): BoardFilterLink {
  const filters = emptyFilters();
  for (const repo of cleanValues(params.getAll("repos"))) {
    if (GITHUB_REPO_ID.test(repo)) filters.repos.value.push(Number(repo));
    else filters.zhRepos.value.push(repo);
  }
  for (const { key, list, accepts, one } of LIST_KEYS) {
    const values = cleanValues(params.getAll(key), accepts);
    list(filters).push(...(one ? values.slice(0, 1) : values));
  }
  const [disposition] = params.getAll(DISPOSITION_KEY);
  if (isDisposition(disposition)) filters.issueTypeDisposition = disposition;
  const [logic] = params.getAll("filterLogic");
  const view = cleanValues(params.getAll("view"))[0] ?? null;
  return { filters, filterLogic: logic === "any" || logic === "all" ? logic : DEFAULT_FILTER_LOGIC, view };
}
