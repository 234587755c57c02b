import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BODY_CHARACTERS, issueFeatures, tokenize } from "./tokenize.js";

describe("tokenize", () => {
  it("lower-cases, drops stop words, numbers and links, and folds plurals and -ing", () => {
    expect(tokenize("The Crashes when LOADING 2 files from https://example.com/a/b?c=1")).toEqual([
      "crash",
      "load",
      "file",
    ]);
  });

  it("keeps identifiers and words in any script", () => {
    expect(tokenize("no_unused_vars: ошибка в парсере")).toEqual(["no_unused_var", "ошибка", "парсере"]);
  });

  it("gives only non-empty lower-case words without spaces, whatever the text", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        for (const word of tokenize(text)) {
          expect(word.length).toBeGreaterThan(0);
          expect(word).toBe(word.toLowerCase());
          expect(word).not.toMatch(/\s/);
        }
      }),
    );
  });

  it("reads the same words whatever the case of the text", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-zA-Z ]{0,60}$/), (text) => {
        expect(tokenize(text.toUpperCase())).toEqual(tokenize(text.toLowerCase()));
      }),
    );
  });
});

describe("issueFeatures", () => {
  it("counts title words twice, adds title word pairs and reads the body", () => {
    expect(issueFeatures("Login button broken", "It crashes")).toEqual([
      "login",
      "button",
      "broken",
      "login",
      "button",
      "broken",
      "login button",
      "button broken",
      "crash",
    ]);
  });

  it("reads only the start of a long body", () => {
    const body = `${"word ".repeat(BODY_CHARACTERS / 5)}tailword`;
    expect(issueFeatures("", body)).not.toContain("tailword");
  });
});
