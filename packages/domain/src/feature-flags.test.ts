import { describe, expect, it } from "vitest";
import { isFlagOn } from "./feature-flags.js";

describe("feature flags", () => {
  it("are on when listed and off when missing", () => {
    expect(isFlagOn(["roadmap_v2"], "roadmap_v2")).toBe(true);
    expect(isFlagOn(["roadmap_v2"], "ai_labels")).toBe(false);
    expect(isFlagOn([], "roadmap_v2")).toBe(false);
  });
});
