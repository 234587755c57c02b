import { describe, expect, it } from "vitest";
import { epicDatesError, epicTitleError } from "./epic-input.js";

describe("Gantry epic input", () => {
  it("needs a title of 1 to 256 characters once trimmed", () => {
    expect(epicTitleError("  ")).toBe("An epic needs a title.");
    expect(epicTitleError("x".repeat(257))).toBe("Titles are at most 256 characters.");
    expect(epicTitleError("Onboarding")).toBeNull();
  });

  it("takes real YYYY-MM-DD days, ending no earlier than they start", () => {
    expect(epicDatesError(null, null)).toBeNull();
    expect(epicDatesError("2026-11-23", "2026-11-23")).toBeNull();
    expect(epicDatesError("2026-02-30", null)).toBe("Invalid date format. Expected YYYY-MM-DD.");
    expect(epicDatesError(null, "23/11/2026")).toBe("Invalid date format. Expected YYYY-MM-DD.");
    expect(epicDatesError("2026-12-01", "2026-11-30")).toBe("An epic cannot end before it starts.");
  });
});
