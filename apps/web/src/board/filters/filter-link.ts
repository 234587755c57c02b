import {
  type BoardFilters,
  boardFiltersFromSearchParams,
  boardFiltersToSearchParams,
  type FilterLogic,
  MAX_FILTER_VALUE_LENGTH,
} from "@gantry/domain";
import type { AppliedBoardFilters } from "../board-slice";
import { activeEntries, FILTER_KEYS } from "./filter-menus";

/**
 * The board's search text travels in links too, under `search`, so a shared link shows the same
 * cards (docs/decisions/0013-board-filter-bar-and-saved-views.md); every other key is SPEC §9's.
 */
export const SEARCH_LINK_KEY = "search";

/**
 * §9 keys, their `:not` / `:settings` forms, `filterLogic`, `view`, the search and the issue type disposition
 * (decision 0100): the board link's own.
 */
const LINK_KEYS = new Set<string>([
  "view",
  "repos",
  "labels",
  "assignees",
  "epics",
  "gantryEpics",
  "parentIssues",
  "recursiveIds",
  "issueTypes",
  "sprints",
  "milestones",
  "releases",
  "authors",
  "estimates",
  "filterLogic",
  "issuesBucketId",
  "issueTypeDisposition",
  SEARCH_LINK_KEY,
]);
const isLinkKey = (name: string) => LINK_KEYS.has(name.split(":")[0] ?? name);

/** Keys with something selected, in menu order: the chip order for filters that arrive all at once. */
export function filterOrderOf(filters: BoardFilters): string[] {
  return FILTER_KEYS.filter((key) => activeEntries(filters, key).length > 0);
}

/** What a board link asks for. */
export function filtersFromLink(params: URLSearchParams): AppliedBoardFilters {
  const link = boardFiltersFromSearchParams(params);
  const filters = { ...link.filters, search: (params.get(SEARCH_LINK_KEY) ?? "").slice(0, MAX_FILTER_VALUE_LENGTH) };
  return { filters, filterOrder: filterOrderOf(filters), filterLogic: link.filterLogic, savedViewId: link.view };
}

/** A link that asks for a saved view and nothing else: the view's own filters apply once it is loaded. */
export function asksForViewOnly(params: URLSearchParams): boolean {
  return params.has("view") && [...params.keys()].every((name) => name === "view" || !isLinkKey(name));
}

/** The current query string with the board link's part replaced; anything else in it is kept. */
export function withBoardLink(
  current: URLSearchParams,
  filters: BoardFilters,
  filterLogic: FilterLogic,
  savedViewId: string | null,
): URLSearchParams {
  const next = new URLSearchParams([...current].filter(([name]) => !isLinkKey(name)));
  for (const [name, value] of boardFiltersToSearchParams(filters, filterLogic, savedViewId)) next.append(name, value);
  if (filters.search) next.append(SEARCH_LINK_KEY, filters.search);
  return next;
}
