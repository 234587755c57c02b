import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildVocabulary, termIndex, vectorize } from "./labels/tfidf.js";
import { cosineSimilarity, mostSimilarIssues } from "./similar-issues.js";

const issue = (title: string, body: string | null = null) => ({ title, body });

describe("cosine similarity of TF-IDF vectors", () => {
  const words = fc.array(fc.constantFrom("login", "export", "csv", "board", "sprint", "crash"), { maxLength: 8 });

  it("is between 0 and 1, symmetric, and 1 for a document against itself", () => {
    fc.assert(
      fc.property(fc.array(words, { minLength: 1, maxLength: 5 }), words, words, (collection, a, b) => {
        const vocabulary = buildVocabulary([...collection, a, b], { minDocumentFrequency: 1, maxTerms: 100 });
        const index = termIndex(vocabulary);
        const va = vectorize(vocabulary, index, a);
        const vb = vectorize(vocabulary, index, b);
        const score = cosineSimilarity(va, vb);
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(1 + 1e-9);
        expect(cosineSimilarity(vb, va)).toBeCloseTo(score, 12);
        if (a.length > 0) expect(cosineSimilarity(va, va)).toBeCloseTo(1, 9);
      }),
    );
  });
});

describe("the closed issues most like an issue", () => {
  it("weighs a rare shared word above a common one, and leaves out what shares none", () => {
    const matches = mostSimilarIssues(
      issue("CSV export problem"),
      [
        { item: "common", text: issue("Problem with the board") },
        { item: "rare", text: issue("CSV totals wrong") },
        { item: "also common", text: issue("Problem in the sprint view") },
        { item: "unrelated", text: issue("Dark theme contrast") },
      ],
      5,
    );
    expect(matches.map((match) => match.item)).toEqual(["rare", "common", "also common"]);
  });

  it("reads the body too, keeps the given order between equal scores and stops at the limit", () => {
    const candidates = ["a", "b", "c"].map((item) => ({ item, text: issue("Untitled", "sprint rollover") }));
    expect(mostSimilarIssues(issue("Rollover", "at night"), candidates, 2).map((match) => match.item)).toEqual([
      "a",
      "b",
    ]);
  });
});
