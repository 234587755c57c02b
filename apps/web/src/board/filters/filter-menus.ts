import {
  type BoardFilters,
  CURRENT_SPRINT_FILTER_VALUE,
  DEFAULT_ISSUE_TYPE_DISPOSITION,
  type InNin,
  NO_ASSIGNEES_FILTER_VALUE,
  NO_SPRINTS_FILTER_VALUE,
  NONE_FILTER_VALUE,
  TEAM_ESTIMATION_FILTER_VALUE,
  USER_ESTIMATION_FILTER_VALUE,
} from "@gantry/domain";

/** The board's filter menus (SPEC §2 Board "Filters"), in the order the bar shows them. */
export const FILTER_KEYS = [
  "repos",
  "labels",
  "assignees",
  "authors",
  "issueTypes",
  "releases",
  "estimates",
  "epics",
  "gantryEpics",
  "sprints",
  "milestones",
  "parentIssues",
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/**
 * Which list of a key a menu tab edits: shown (`in`, or `value`), hidden (`nin`, the §9 `:not`
 * keys), or for parent issues the §4 modes: children (`ids` only) or recursive (`ids` and `recursiveIds`).
 */
export type FilterMode = "include" | "exclude" | "children" | "recursive";

export interface SpecialOption {
  id: string;
  label: string;
}

export interface FilterMenu {
  key: FilterKey;
  /** The button's text and the list's name. */
  label: string;
  /** The search bar's placeholder, before the negation hint. */
  placeholder: string;
  modes: readonly FilterMode[];
  /** SPEC §9 special values, offered above the options when showing (never when hiding). */
  special: readonly SpecialOption[];
  /** What the empty list says. */
  empty: string;
}

const NONE = (label: string): SpecialOption => ({ id: NONE_FILTER_VALUE, label });
const SHOW_HIDE = ["include", "exclude"] as const;

export const FILTER_MENUS: Record<FilterKey, FilterMenu> = {
  repos: {
    key: "repos",
    label: "Repos",
    placeholder: "Filter repositories",
    modes: ["include"],
    special: [],
    empty: "No repositories found",
  },
  labels: {
    key: "labels",
    label: "Labels",
    placeholder: "Filter labels",
    modes: SHOW_HIDE,
    special: [NONE("No labels")],
    empty: "No labels found",
  },
  assignees: {
    key: "assignees",
    label: "Assignees",
    placeholder: "Filter assignees",
    modes: SHOW_HIDE,
    special: [{ id: NO_ASSIGNEES_FILTER_VALUE, label: "Issues with no assignees" }],
    empty: "No assignees found",
  },
  authors: {
    key: "authors",
    label: "Authors",
    placeholder: "Filter authors",
    modes: SHOW_HIDE,
    special: [NONE("No author")],
    empty: "No authors found",
  },
  issueTypes: {
    key: "issueTypes",
    label: "Issue types",
    placeholder: "Filter issue types",
    modes: SHOW_HIDE,
    special: [NONE("No issue type")],
    empty: "No issue types found",
  },
  releases: {
    key: "releases",
    label: "Releases",
    placeholder: "Filter releases",
    modes: SHOW_HIDE,
    special: [NONE("No release")],
    empty: "No releases found",
  },
  estimates: {
    key: "estimates",
    label: "Estimates",
    placeholder: "Filter estimates",
    modes: SHOW_HIDE,
    special: [
      NONE("Not estimated"),
      { id: TEAM_ESTIMATION_FILTER_VALUE, label: "Up for team estimation" },
      { id: USER_ESTIMATION_FILTER_VALUE, label: "Waiting for my estimate" },
    ],
    empty: "No estimates found",
  },
  epics: {
    key: "epics",
    label: "Epics",
    placeholder: "Filter epics",
    modes: SHOW_HIDE,
    special: [NONE("Not in an epic")],
    empty: "No epics found",
  },
  gantryEpics: {
    key: "gantryEpics",
    label: "Gantry epics",
    placeholder: "Filter Gantry epics",
    modes: SHOW_HIDE,
    special: [NONE("Not in a Gantry epic")],
    empty: "No Gantry epics found",
  },
  sprints: {
    key: "sprints",
    label: "Sprints",
    placeholder: "Filter sprints",
    modes: ["include"],
    special: [
      { id: CURRENT_SPRINT_FILTER_VALUE, label: "Current sprint" },
      { id: NO_SPRINTS_FILTER_VALUE, label: NO_SPRINTS_FILTER_VALUE },
    ],
    // SPEC §2 "Sprint filter".
    empty: "No sprints found",
  },
  milestones: {
    key: "milestones",
    label: "Milestones",
    placeholder: "Filter milestones",
    modes: ["include"],
    special: [NONE("No milestone")],
    empty: "No milestones found",
  },
  parentIssues: {
    key: "parentIssues",
    label: "Parent issues",
    placeholder: "Search issues by title or number",
    modes: ["children", "recursive"],
    special: [],
    empty: "No issues found",
  },
};

export const MODE_LABELS: Record<FilterMode, string> = {
  include: "Show",
  exclude: "Hide",
  children: "Children",
  recursive: "All levels below",
};

/** Keys whose special values live in `settings` rather than beside the other values (decision 0009). */
const SETTINGS_KEYS = new Set<FilterKey>(["estimates", "epics", "gantryEpics", "sprints"]);
const specialIds = (key: FilterKey) => new Set(FILTER_MENUS[key].special.map((option) => option.id));

type InNinKey = "labels" | "assignees" | "authors" | "issueTypes" | "releases" | "estimates" | "epics" | "gantryEpics";
const isInNinKey = (key: FilterKey): key is InNinKey => FILTER_MENUS[key].modes.includes("exclude");

/** `include` values of a key, special ones first. */
function shown(filters: BoardFilters, key: FilterKey): string[] {
  switch (key) {
    case "repos":
      return [...filters.repos.value.map(String), ...filters.zhRepos.value];
    case "sprints":
      return [...filters.sprints.settings, ...filters.sprints.value];
    case "milestones":
      return filters.milestones.value;
    case "parentIssues":
      return filters.parentIssues.ids;
    case "estimates":
    case "epics":
    case "gantryEpics":
      return [...filters[key].settings, ...filters[key].in];
    default:
      return filters[key].in;
  }
}

/** The values a menu tab shows as selected. */
export function selectedValues(filters: BoardFilters, key: FilterKey, mode: FilterMode): string[] {
  if (mode === "exclude") return isInNinKey(key) ? filters[key].nin : [];
  if (key !== "parentIssues") return shown(filters, key);
  const { ids, recursiveIds } = filters.parentIssues;
  return mode === "recursive" ? recursiveIds : ids.filter((id) => !recursiveIds.includes(id));
}

const ALL_DIGITS = /^\d+$/;

function withShown(filters: BoardFilters, key: FilterKey, values: string[]): BoardFilters {
  const next = structuredClone(filters);
  const special = specialIds(key);
  const settings = values.filter((value) => special.has(value));
  const plain = SETTINGS_KEYS.has(key) ? values.filter((value) => !special.has(value)) : values;
  switch (key) {
    case "repos":
      // GitHub repositories are picked by their numeric id, native ones by Gantry's (decision 0009).
      next.repos.value = values.filter((value) => ALL_DIGITS.test(value)).map(Number);
      next.zhRepos.value = values.filter((value) => !ALL_DIGITS.test(value));
      return next;
    case "sprints":
      next.sprints = { value: plain, settings };
      return next;
    case "milestones":
      next.milestones.value = plain;
      return next;
    case "estimates":
    case "epics":
    case "gantryEpics":
      next[key] = { ...next[key], in: plain, settings };
      return next;
    case "parentIssues":
      return next;
    default:
      (next[key] as InNin).in = plain;
      return next;
  }
}

/** The filters with a menu tab's selection replaced by `values`. */
export function withSelectedValues(
  filters: BoardFilters,
  key: FilterKey,
  mode: FilterMode,
  values: string[],
): BoardFilters {
  if (mode === "exclude") {
    if (!isInNinKey(key)) return filters;
    const next = structuredClone(filters);
    next[key].nin = values;
    return next;
  }
  if (key !== "parentIssues") return withShown(filters, key, values);
  // §4: children keeps `ids` only; recursive keeps the issue in both lists. An issue is in one mode at a time.
  const { ids, recursiveIds } = filters.parentIssues;
  const children = ids.filter((id) => !recursiveIds.includes(id));
  const nextChildren = mode === "children" ? values : children.filter((id) => !values.includes(id));
  const nextRecursive = mode === "recursive" ? values : recursiveIds.filter((id) => !values.includes(id));
  const next = structuredClone(filters);
  next.parentIssues = {
    ...filters.parentIssues,
    ids: [...nextChildren, ...nextRecursive],
    recursiveIds: nextRecursive,
  };
  return next;
}

/** Every value a key selects, in any of its modes, for counts and chips. */
export function activeEntries(filters: BoardFilters, key: FilterKey): { mode: FilterMode; value: string }[] {
  return FILTER_MENUS[key].modes.flatMap((mode) =>
    selectedValues(filters, key, mode).map((value) => ({ mode, value })),
  );
}

/** The filters with one value taken out of one mode (a chip's remove button). */
export function withoutValue(filters: BoardFilters, key: FilterKey, mode: FilterMode, value: string): BoardFilters {
  const remaining = selectedValues(filters, key, mode).filter((selected) => selected !== value);
  return withSelectedValues(filters, key, mode, remaining);
}

/**
 * Whether any filter selects something; the search text aside. The parent-issue special values and the
 * issue type disposition have no menu (decision 0100) but filter all the same: the counts follow them and
 * "Clear filters" shows.
 */
export function hasActiveFilters(filters: BoardFilters): boolean {
  return (
    FILTER_KEYS.some((key) => activeEntries(filters, key).length > 0) ||
    filters.parentIssues.settings.length > 0 ||
    filters.issueTypeDisposition !== DEFAULT_ISSUE_TYPE_DISPOSITION
  );
}
