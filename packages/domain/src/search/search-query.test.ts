import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  completeNegationPrefix,
  matchesSearch,
  parseSearchQuery,
  SEARCH_DEBOUNCE_MS,
  searchPlaceholder,
} from "./search-query.js";

describe("selection-list search", () => {
  it("debounces by 300 ms", () => {
    expect(SEARCH_DEBOUNCE_MS).toBe(300);
  });

  it("lowercases the term unless the search is case-sensitive", () => {
    expect(parseSearchQuery("Bug Fix")).toEqual({ term: "bug fix", negated: false, caseSensitive: false });
    expect(parseSearchQuery("Bug Fix", { caseSensitive: true }).term).toBe("Bug Fix");
  });

  it("reads the not: prefix as an exclusion only when negation is allowed", () => {
    expect(parseSearchQuery("not:Bug", { allowNegation: true })).toMatchObject({ term: "bug", negated: true });
    expect(parseSearchQuery("NOT:Bug", { allowNegation: true, caseSensitive: true })).toMatchObject({
      term: "Bug",
      negated: true,
    });
    expect(parseSearchQuery("not:bug")).toMatchObject({ term: "not:bug", negated: false });
  });

  it("keeps matching labels, or the others when negated", () => {
    const labels = ["bug", "Bugfix", "feature"];
    const keep = (text: string) =>
      labels.filter((label) => matchesSearch(label, parseSearchQuery(text, { allowNegation: true })));
    expect(keep("BUG")).toEqual(["bug", "Bugfix"]);
    expect(keep("not:bug")).toEqual(["feature"]);
    expect(keep("")).toEqual(labels);
    expect(keep("not:")).toEqual(labels);
  });

  it("property: a label and its negation split every list in two", () => {
    fc.assert(
      fc.property(fc.array(fc.string()), fc.string(), (labels, term) => {
        fc.pre(term !== "" && !term.toLowerCase().startsWith("not:"));
        const kept = labels.filter((label) => matchesSearch(label, parseSearchQuery(term, { allowNegation: true })));
        const excluded = labels.filter((label) =>
          matchesSearch(label, parseSearchQuery(`not:${term}`, { allowNegation: true })),
        );
        expect(kept.length + excluded.length).toBe(labels.length);
      }),
    );
  });

  it("adds the exclusion hint to the placeholder when negation is allowed", () => {
    expect(searchPlaceholder("Filter by label", true)).toBe("Filter by label or type not: for exclusions");
    expect(searchPlaceholder("Filter by label", false)).toBe("Filter by label");
  });

  it("completes n, no, not and not: to not: and nothing else", () => {
    for (const typed of ["n", "no", "not", "not:", "NO"]) expect(completeNegationPrefix(typed)).toBe("not:");
    for (const typed of ["", "nope", "note", "not:bug", "x"]) expect(completeNegationPrefix(typed)).toBeNull();
  });
});
