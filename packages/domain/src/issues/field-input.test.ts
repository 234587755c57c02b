import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_ESTIMATE_SET,
  dateInputError,
  estimateSetWith,
  estimateSetWithout,
  MAX_ESTIMATE_SET_VALUES,
  priorityColorError,
  priorityNameError,
  releaseDatesError,
  releaseTitleError,
} from "./field-input.js";

const INVALID = "Invalid date format. Expected YYYY-MM-DD.";

describe("issue field input", () => {
  it("takes dates only as real YYYY-MM-DD days, with SPEC's message otherwise", () => {
    expect(dateInputError("2026-11-23")).toBeNull();
    expect(dateInputError("2028-02-29")).toBeNull();
    for (const bad of ["2026-2-3", "23/11/2026", "2026-02-30", "2026-13-01", "2026-11-23T00:00", "", "tomorrow"])
      expect(dateInputError(bad)).toBe(INVALID);
  });

  it("accepts every calendar day and its ISO form, property", () => {
    fc.assert(
      fc.property(fc.date({ min: new Date("1900-01-01"), max: new Date("2999-12-31"), noInvalidDate: true }), (day) => {
        expect(dateInputError(day.toISOString().slice(0, 10))).toBeNull();
      }),
    );
  });

  it("refuses a release that ends before it starts, and checks each day first", () => {
    expect(releaseDatesError("2026-12-01", "2026-11-30")).toBe("A release cannot end before it starts.");
    expect(releaseDatesError("2026-12-01", "2026-12-01")).toBeNull();
    expect(releaseDatesError(null, "2026-12-01")).toBeNull();
    expect(releaseDatesError("2026-12-01", "2026-12-32")).toBe(INVALID);
  });

  it("names priorities and releases with 1 to n characters once trimmed, colours as #RRGGBB", () => {
    expect(priorityNameError("  ")).toBe("A priority needs a name.");
    expect(priorityNameError("x".repeat(51))).toBe("Priority names are at most 50 characters.");
    expect(priorityNameError(" High ")).toBeNull();
    expect(priorityColorError("#D1242F")).toBeNull();
    expect(priorityColorError("red")).toBe("A color is written #RRGGBB, for example #d1242f.");
    expect(releaseTitleError("")).toBe("A release needs a title.");
    expect(releaseTitleError("v1.0")).toBeNull();
  });

  it("keeps an estimate scale sorted, without repeats, of valid estimates, property", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10_000 }).map((n) => n / 4)), (additions) => {
        let scale: number[] = [...DEFAULT_ESTIMATE_SET];
        for (const value of additions) scale = estimateSetWith(scale, value).values;
        expect(scale).toEqual([...new Set(scale)].sort((a, b) => a - b));
        expect(scale.length).toBeLessThanOrEqual(Math.max(MAX_ESTIMATE_SET_VALUES, DEFAULT_ESTIMATE_SET.length));
        for (const value of scale) expect(estimateSetWithout(scale, value)).not.toContain(value);
      }),
    );
    expect(estimateSetWith([1, 2], -1)).toEqual({ values: [1, 2], error: "An estimate cannot be negative." });
    expect(estimateSetWith([1, 2], 0.125).error).toBe("An estimate has at most two decimals.");
  });
});
