import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  assigneeLoginsError,
  commentBodyError,
  estimateError,
  issueBodyError,
  issueTitleError,
  labelNamesError,
  MAX_ISSUE_TITLE_LENGTH,
  NATIVE_LABEL_PREFIX,
  nativeLabelName,
} from "./issue-input.js";

describe("native labels and comments", () => {
  it("gives a native label the zh- prefix once, whatever was typed", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 50 }), (typed) => {
        const name = nativeLabelName(typed);
        expect(name.startsWith(NATIVE_LABEL_PREFIX)).toBe(true);
        expect(nativeLabelName(name)).toBe(name);
      }),
    );
    expect(nativeLabelName(" bug ")).toBe("zh-bug");
    expect(nativeLabelName("zh-bug")).toBe("zh-bug");
  });

  it("refuses an empty or over-long comment", () => {
    expect(commentBodyError("  \n ")).toBe("A comment cannot be empty.");
    expect(commentBodyError("a".repeat(65_537))).toBe("Comments are at most 65536 characters.");
    expect(commentBodyError("Looks good")).toBeNull();
  });
});

describe("new issue input", () => {
  it("needs a title of 1 to 256 characters once trimmed", () => {
    expect(issueTitleError("   ")).toBe("An issue needs a title.");
    expect(issueTitleError("Fix the login page")).toBeNull();
    expect(issueTitleError("x".repeat(MAX_ISSUE_TITLE_LENGTH))).toBeNull();
    expect(issueTitleError("x".repeat(MAX_ISSUE_TITLE_LENGTH + 1))).toBe("Titles are at most 256 characters.");
    // Characters, not UTF-16 units: 256 emoji are a valid title.
    expect(issueTitleError("🚀".repeat(MAX_ISSUE_TITLE_LENGTH))).toBeNull();
  });

  it("bounds the body, label names and assignees as GitHub does", () => {
    expect(issueBodyError("a".repeat(65_537))).toBe("Descriptions are at most 65536 characters.");
    expect(labelNamesError(["bug", " "])).toBe("Label names are 1 to 50 characters.");
    expect(labelNamesError(["bug", "good first issue"])).toBeNull();
    expect(assigneeLoginsError(["mona", "octo-cat"])).toBeNull();
    expect(assigneeLoginsError(["-mona"])).toBe('"-mona" is not a GitHub username.');
    expect(assigneeLoginsError(Array.from({ length: 11 }, (_, i) => `user${i}`))).toBe(
      "An issue has at most 10 assignees.",
    );
  });
});

describe("estimates", () => {
  it("accepts every non-negative number of hundredths", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (hundredths) => {
        expect(estimateError(hundredths / 100)).toBeNull();
      }),
    );
  });

  it("refuses a third decimal, negatives and non-numbers", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 1, max: 9 }), (hundredths, thousandth) => {
        expect(estimateError(hundredths / 100 + thousandth / 1000)).toBe("An estimate has at most two decimals.");
      }),
    );
    expect(estimateError(-1)).toBe("An estimate cannot be negative.");
    expect(estimateError(Number.NaN)).toBe("An estimate must be a number.");
    expect(estimateError(Number.POSITIVE_INFINITY)).toBe("An estimate must be a number.");
  });
});
