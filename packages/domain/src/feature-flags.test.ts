import { describe, expect, it } from "vitest";
import { isFeatureFlagName, isFlagOn } from "./feature-flags.js";

describe("feature flags", () => {
  it("are on when listed and off when missing", () => {
    expect(isFlagOn(["roadmap_v2"], "roadmap_v2")).toBe(true);
    expect(isFlagOn(["roadmap_v2"], "ai_labels")).toBe(false);
    expect(isFlagOn([], "roadmap_v2")).toBe(false);
  });
});

describe("feature flag names", () => {
  it("are lower-case words joined by _ or -, at most 64 characters", () => {
    expect(isFeatureFlagName("roadmap_v2")).toBe(true);
    expect(isFeatureFlagName("ai-labels")).toBe(true);
    expect(isFeatureFlagName("Roadmap")).toBe(false);
    expect(isFeatureFlagName("roadmap v2")).toBe(false);
    expect(isFeatureFlagName("a".repeat(65))).toBe(false);
  });
});
