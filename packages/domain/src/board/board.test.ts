import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_SORT_TYPE, isSortType, pipelineCountText, SORT_TYPES } from "./index.js";

describe("pipelineCountText", () => {
  it('reads "0 Issues / 0 Points" for an empty pipeline', () => {
    expect(pipelineCountText({ issuesCount: 0, pullRequestsCount: 0, totalStoryPoints: 0 })).toBe(
      "0 Issues / 0 Points",
    );
  });

  it("uses the singular for exactly one and the plural otherwise", () => {
    expect(pipelineCountText({ issuesCount: 1, pullRequestsCount: 1, totalStoryPoints: 1 })).toBe(
      "1 Issue / 1 PR / 1 Point",
    );
    expect(pipelineCountText({ issuesCount: 3, pullRequestsCount: 0, totalStoryPoints: 2.5 })).toBe(
      "3 Issues / 0 PRs / 2.5 Points",
    );
    expect(pipelineCountText({ issuesCount: 0, pullRequestsCount: 2, totalStoryPoints: 1234 })).toBe(
      "0 Issues / 2 PRs / 1,234 Points",
    );
  });

  it("always names the three totals when the pipeline holds anything", () => {
    const nonEmpty = fc
      .record({ issuesCount: fc.nat(5000), pullRequestsCount: fc.nat(5000), totalStoryPoints: fc.nat(5000) })
      .filter((counts) => counts.issuesCount + counts.pullRequestsCount > 0);
    fc.assert(
      fc.property(nonEmpty, (counts) => {
        expect(pipelineCountText(counts)).toMatch(/^[\d,]+ Issues? \/ [\d,]+ PRs? \/ [\d,]+ Points?$/);
      }),
    );
  });
});

describe("sort types", () => {
  it("lists the eleven §9 types with manual first, the default, then Gantry's priority sort", () => {
    expect(SORT_TYPES).toHaveLength(12);
    expect(SORT_TYPES[11]).toBe("PRIORITY");
    expect(SORT_TYPES[0]).toBe(DEFAULT_SORT_TYPE);
    expect(DEFAULT_SORT_TYPE).toBe("SORT_TYPE_MANUAL");
    expect(isSortType("TITLE_AZ")).toBe(true);
    expect(isSortType("title_az")).toBe(false);
  });
});
