import { describe, expect, it } from "vitest";
import { emptyFilters } from "../board/filters.js";
import { checkSavedViewFilters, checkSavedViewName } from "./saved-view.js";

describe("saved view filters", () => {
  it("accepts the board's filters and logic, and never saves the repositories' loading state", () => {
    const filters = emptyFilters("login not:flaky");
    filters.labels.in.push("bug");
    filters.repos = { isLoading: true, value: [42] };
    const checked = checkSavedViewFilters({ filters, filterLogic: "any" });
    expect(checked).toEqual({
      ok: true,
      value: { filters: { ...filters, repos: { isLoading: false, value: [42] } }, filterLogic: "any" },
    });
  });

  it("names the first place that is wrong", () => {
    const filters = { ...emptyFilters(), labels: { in: [""], nin: [] } };
    expect(checkSavedViewFilters({ filters, filterLogic: "all" })).toEqual({
      ok: false,
      message: expect.stringMatching(/^The saved view's filters are not valid at filters\.labels\.in\.0: /),
    });
    expect(checkSavedViewFilters({ filters: emptyFilters(), filterLogic: "some" })).toMatchObject({
      ok: false,
      message: expect.stringContaining("at filterLogic"),
    });
  });

  it("reads a view saved before the parent-issue special values and the disposition as using neither", () => {
    const { issueTypeDisposition, ...saved } = emptyFilters();
    const older = { ...saved, parentIssues: { ids: ["p"], recursiveIds: [] } };
    expect(checkSavedViewFilters({ filters: older, filterLogic: "all" })).toEqual({
      ok: true,
      value: {
        filters: { ...older, parentIssues: { ids: ["p"], recursiveIds: [], settings: [] }, issueTypeDisposition },
        filterLogic: "all",
      },
    });
  });

  it("keeps one known parent-issue special value and a known disposition", () => {
    const filters = emptyFilters();
    filters.parentIssues.settings = ["parents_only"];
    filters.issueTypeDisposition = "PLANNING_PANEL_ONLY";
    expect(checkSavedViewFilters({ filters, filterLogic: "all" })).toMatchObject({ ok: true, value: { filters } });
    for (const wrong of [
      { ...filters, parentIssues: { ...filters.parentIssues, settings: ["parents_only", "not_a_parent"] } },
      { ...filters, parentIssues: { ...filters.parentIssues, settings: ["orphans"] } },
      { ...filters, issueTypeDisposition: "EVERYWHERE" },
    ])
      expect(checkSavedViewFilters({ filters: wrong, filterLogic: "all" }).ok).toBe(false);
  });

  it("refuses unknown keys and lists over the filter cap", () => {
    expect(checkSavedViewFilters({ filters: { ...emptyFilters(), colour: [] }, filterLogic: "all" }).ok).toBe(false);
    const filters = emptyFilters();
    filters.labels.in = Array.from({ length: 101 }, (_, index) => `label ${index}`);
    expect(checkSavedViewFilters({ filters, filterLogic: "all" }).ok).toBe(false);
  });
});

describe("saved view names", () => {
  it("are trimmed, required and at most 80 characters", () => {
    expect(checkSavedViewName("  Bugs this sprint ")).toEqual({ ok: true, value: "Bugs this sprint" });
    expect(checkSavedViewName("   ")).toEqual({ ok: false, message: "Give the saved view a name." });
    expect(checkSavedViewName("x".repeat(81))).toEqual({
      ok: false,
      message: "A saved view's name can be at most 80 characters.",
    });
    expect(checkSavedViewName("x".repeat(80)).ok).toBe(true);
  });
});
