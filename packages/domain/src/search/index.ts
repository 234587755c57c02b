export {
  completeNegationPrefix,
  matchesSearch,
  NEGATION_PREFIX,
  parseSearchQuery,
  SEARCH_DEBOUNCE_MS,
  type SearchOptions,
  type SearchQuery,
  searchPlaceholder,
} from "./search-query.js";
