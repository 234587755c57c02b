import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildVocabulary, termIndex, vectorize } from "./tfidf.js";

const documents = fc.array(fc.array(fc.constantFrom("a", "b", "c", "d", "e", "f"), { maxLength: 8 }), {
  maxLength: 12,
});

describe("tf-idf", () => {
  it("keeps terms in enough documents, rarer terms weighing more", () => {
    const vocabulary = buildVocabulary([["bug", "crash"], ["bug", "docs"], ["bug", "crash"], ["typo"]], {
      minDocumentFrequency: 2,
      maxTerms: 10,
    });
    expect(vocabulary.terms).toEqual(["bug", "crash"]);
    const [bug = 0, crash = 0] = vocabulary.idf;
    expect(crash).toBeGreaterThan(bug);
    expect(bug).toBeGreaterThan(0);
  });

  it("keeps the most widespread terms when there are too many, ties by term", () => {
    const vocabulary = buildVocabulary([["z", "y", "x"], ["z", "y"], ["z"]], { minDocumentFrequency: 1, maxTerms: 2 });
    expect(vocabulary.terms).toEqual(["y", "z"]);
  });

  it("builds the same vocabulary whatever the order of the documents", () => {
    fc.assert(
      fc.property(documents, (docs) => {
        const options = { minDocumentFrequency: 1, maxTerms: 4 };
        expect(buildVocabulary([...docs].reverse(), options)).toEqual(buildVocabulary(docs, options));
      }),
    );
  });

  it("gives unit-length vectors over known terms, in increasing index order (or zero when none is known)", () => {
    fc.assert(
      fc.property(documents, fc.array(fc.constantFrom("a", "b", "z"), { maxLength: 10 }), (docs, tokens) => {
        const vocabulary = buildVocabulary(docs, { minDocumentFrequency: 1, maxTerms: 100 });
        const vector = vectorize(vocabulary, termIndex(vocabulary), tokens);
        expect([...vector.indices].sort((a, b) => a - b)).toEqual(vector.indices);
        expect(new Set(vector.indices).size).toBe(vector.indices.length);
        const length = Math.hypot(...vector.values);
        if (vector.indices.length) expect(length).toBeCloseTo(1, 9);
        else expect(length).toBe(0);
        for (const index of vector.indices) expect(vocabulary.terms[index]).not.toBe("z");
      }),
    );
  });
});
