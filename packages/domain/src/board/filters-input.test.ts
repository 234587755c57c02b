import { describe, expect, it } from "vitest";
import { emptyFilters } from "./filters.js";
import { boardFiltersFromSearchInput, boardFiltersToSearchInput } from "./filters-input.js";

describe("board filters as the server's search input", () => {
  const filters = emptyFilters("crash not:docs");
  filters.repos.value = [7];
  filters.labels = { in: ["none", "bug"], nin: ["wontfix"] };
  filters.assignees = { in: ["issues with no assignees"], nin: [] };
  filters.estimates = { in: ["3", "x"], nin: ["0.5"], settings: ["none", "user_estimation"] };
  filters.gantryEpics = { in: ["e1"], nin: [], settings: ["none"] };
  filters.sprints = { value: ["s1"], settings: ["Issues with no sprints", "current_sprint"] };
  filters.milestones.value = ["none"];
  filters.parentIssues = { ids: ["p"], recursiveIds: ["p"], settings: ["not_a_parent"] };
  filters.issueTypeDisposition = "PLANNING_PANEL";

  it("names the special values the way the public API does", () => {
    const input = boardFiltersToSearchInput(filters, "any");
    expect(input).toMatchObject({
      matchType: "any",
      repositoryGhIds: [7],
      labels: { notInAny: true, in: ["bug"], nin: ["wontfix"] },
      assignees: { notInAny: true, in: [] },
      estimates: { values: { in: [3], nin: [0.5] }, specialFilters: ["not_estimated", "assigned_to_user_for_voting"] },
      gantryEpics: { id: { in: ["e1"], nin: [] }, specialFilters: "not_in_epic" },
      epics: { specialFilters: null },
      sprints: { notInAny: true, in: ["s1"], specialFilters: "current_sprint" },
      milestones: { notInAny: true, in: [] },
      parentIssues: { ids: ["p"], recursiveIds: ["p"], specialFilters: "not_a_parent" },
      issueIssueTypeDisposition: "PLANNING_PANEL",
    });
  });

  it("reads back as the same filters, the search text passed beside them", () => {
    const { filters: read, logic } = boardFiltersFromSearchInput(
      boardFiltersToSearchInput(filters, "any"),
      filters.search,
    );
    expect(logic).toBe("any");
    expect(read).toEqual({ ...filters, estimates: { ...filters.estimates, in: ["3"] } });
  });

  it("reads an omitted filter as no filter and matchType as All by default", () => {
    expect(boardFiltersFromSearchInput({}, "")).toEqual({ filters: emptyFilters(), logic: "all" });
  });
});
