import { z } from "zod";
import {
  type BoardFilters,
  DEFAULT_ISSUE_TYPE_DISPOSITION,
  type FilterLogic,
  ISSUE_TYPE_DISPOSITIONS,
  MAX_FILTER_VALUE_LENGTH,
  MAX_FILTER_VALUES,
  PARENT_ISSUE_SETTINGS,
} from "../board/filters.js";

/** What a saved view keeps: the board's filters, its search text included, and the filter logic. */
export interface SavedViewFilters {
  filters: BoardFilters;
  filterLogic: FilterLogic;
}

export const MAX_SAVED_VIEW_NAME_LENGTH = 80;
/** The board's search box holds a few words; a saved one is held to the same cap as a filter value. */
const MAX_SEARCH_LENGTH = MAX_FILTER_VALUE_LENGTH;

/**
 * Made on first use, not at import: the web app imports this module for its limits and name
 * check, and its bundle then leaves zod out (benchmark B3, initial JavaScript).
 */
function makeSavedViewFiltersSchema() {
  const values = z.array(z.string().min(1).max(MAX_FILTER_VALUE_LENGTH)).max(MAX_FILTER_VALUES);
  const inNin = z.strictObject({ in: values, nin: values });
  const inNinSettings = z.strictObject({ in: values, nin: values, settings: values });

  const boardFiltersSchema = z.strictObject({
    search: z.string().max(MAX_SEARCH_LENGTH),
    repos: z.strictObject({
      isLoading: z.boolean(),
      value: z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).max(MAX_FILTER_VALUES),
    }),
    zhRepos: z.strictObject({ value: values }),
    labels: inNin,
    assignees: inNin,
    authors: inNin,
    issueTypes: inNin,
    releases: inNin,
    estimates: inNinSettings,
    epics: inNinSettings,
    gantryEpics: inNinSettings,
    sprints: z.strictObject({ value: values, settings: values }),
    milestones: z.strictObject({ value: values }),
    // Views saved before the parent-issue special values and the disposition (decision 0100) lack them.
    parentIssues: z.strictObject({
      ids: values,
      recursiveIds: values,
      settings: z.array(z.enum(PARENT_ISSUE_SETTINGS)).max(1).default([]),
    }),
    issuesBucketIds: z.strictObject({ ids: values }),
    issueTypeDisposition: z.enum(ISSUE_TYPE_DISPOSITIONS).default(DEFAULT_ISSUE_TYPE_DISPOSITION),
  }) satisfies z.ZodType<BoardFilters>;

  return z.strictObject({
    filters: boardFiltersSchema,
    filterLogic: z.enum(["all", "any"]),
  }) satisfies z.ZodType<SavedViewFilters>;
}

let savedViewFiltersSchema: ReturnType<typeof makeSavedViewFiltersSchema> | undefined;

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

/** Checks a saved view's filters as a client sent them; the message names the first bad place. */
export function checkSavedViewFilters(input: unknown): Checked<SavedViewFilters> {
  savedViewFiltersSchema ??= makeSavedViewFiltersSchema();
  const parsed = savedViewFiltersSchema.safeParse(input);
  if (parsed.success) return { ok: true, value: { ...parsed.data, filters: markLoaded(parsed.data.filters) } };
  const [issue] = parsed.error.issues;
  const where = issue?.path.length ? ` at ${issue.path.join(".")}` : "";
  return {
    ok: false,
    message: `The saved view's filters are not valid${where}: ${issue?.message ?? "unknown shape"}.`,
  };
}

/** `repos.isLoading` is the board's own loading state, never something to save. */
function markLoaded(filters: BoardFilters): BoardFilters {
  return { ...filters, repos: { ...filters.repos, isLoading: false } };
}

/** A saved view's name, trimmed: 1 to 80 characters. */
export function checkSavedViewName(name: string): Checked<string> {
  const trimmed = name.trim();
  if (!trimmed) return { ok: false, message: "Give the saved view a name." };
  if (trimmed.length > MAX_SAVED_VIEW_NAME_LENGTH)
    return { ok: false, message: `A saved view's name can be at most ${MAX_SAVED_VIEW_NAME_LENGTH} characters.` };
  return { ok: true, value: trimmed };
}
