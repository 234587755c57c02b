/** SPEC §5 "Search input" and §9: a search waits this long after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The prefix that turns a term into an exclusion. */
export const NEGATION_PREFIX = "not:";

export interface SearchOptions {
  caseSensitive?: boolean;
  /** Whether "not:" marks an exclusion; without it, "not:" is searched for as written. */
  allowNegation?: boolean;
}

export interface SearchQuery {
  term: string;
  negated: boolean;
  caseSensitive: boolean;
}

/** Reads what was typed: lowercased unless case-sensitive, "not:bug" an exclusion of "bug". */
export function parseSearchQuery(text: string, options: SearchOptions = {}): SearchQuery {
  const caseSensitive = options.caseSensitive ?? false;
  const normalized = caseSensitive ? text : text.toLowerCase();
  const negated = Boolean(options.allowNegation) && normalized.toLowerCase().startsWith(NEGATION_PREFIX);
  return {
    term: negated ? normalized.slice(NEGATION_PREFIX.length) : normalized,
    negated,
    caseSensitive,
  };
}

/** Whether an option's label is kept by the query; an empty term keeps everything. */
export function matchesSearch(label: string, query: SearchQuery): boolean {
  if (query.term === "") return true;
  const haystack = query.caseSensitive ? label : label.toLowerCase();
  return haystack.includes(query.term) !== query.negated;
}

/** SPEC §2: the placeholder says how to exclude when negation is allowed. */
export function searchPlaceholder(placeholder: string, allowNegation: boolean): string {
  return allowNegation ? `${placeholder} or type not: for exclusions` : placeholder;
}

const NEGATION_PREFIX_STARTS = new Set(["n", "no", "not", NEGATION_PREFIX]);

/** SPEC §2: Tab after "n", "no", "not" or "not:" completes to "not:"; null when Tab should move focus instead. */
export function completeNegationPrefix(text: string): string | null {
  return NEGATION_PREFIX_STARTS.has(text.toLowerCase()) ? NEGATION_PREFIX : null;
}
