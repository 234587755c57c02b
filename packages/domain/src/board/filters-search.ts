import { parseSearchQuery } from "../search/search-query.js";

/** The board's search text read as terms: every `include` term must appear, no `exclude` term may. */
export interface BoardSearchTerms {
  include: string[];
  exclude: string[];
}

/** What the search text is matched against. */
export interface SearchableIssue {
  number: number;
  title: string;
  body: string;
}

/** Splits on spaces; `not:bug` excludes "bug"; terms are lowercased (SPEC §5 "Search input"). */
export function parseBoardSearch(text: string): BoardSearchTerms {
  const terms: BoardSearchTerms = { include: [], exclude: [] };
  for (const word of text.split(/\s+/)) {
    const query = parseSearchQuery(word, { allowNegation: true });
    if (query.term === "") continue;
    (query.negated ? terms.exclude : terms.include).push(query.term);
  }
  return terms;
}

/** A term is found when the title, the body or "#<number>" contains it, in any case. */
function contains(issue: SearchableIssue, term: string): boolean {
  return (
    issue.title.toLowerCase().includes(term) ||
    issue.body.toLowerCase().includes(term) ||
    `#${issue.number}`.includes(term)
  );
}

export function matchesBoardSearch(issue: SearchableIssue, terms: BoardSearchTerms): boolean {
  return terms.include.every((term) => contains(issue, term)) && !terms.exclude.some((term) => contains(issue, term));
}
