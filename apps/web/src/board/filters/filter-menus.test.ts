import {
  CURRENT_SPRINT_FILTER_VALUE,
  emptyFilters,
  NONE_FILTER_VALUE,
  TEAM_ESTIMATION_FILTER_VALUE,
} from "@gantry/domain";
import { describe, expect, it } from "vitest";
import { activeEntries, hasActiveFilters, selectedValues, withoutValue, withSelectedValues } from "./filter-menus";

describe("filter menus over the board's filters", () => {
  it("keep special values in settings for the keys that have them, beside the values elsewhere", () => {
    let filters = withSelectedValues(emptyFilters(), "estimates", "include", [TEAM_ESTIMATION_FILTER_VALUE, "3"]);
    expect(filters.estimates).toEqual({ in: ["3"], nin: [], settings: [TEAM_ESTIMATION_FILTER_VALUE] });
    filters = withSelectedValues(filters, "sprints", "include", [CURRENT_SPRINT_FILTER_VALUE, "Sprint:1"]);
    expect(filters.sprints).toEqual({ value: ["Sprint:1"], settings: [CURRENT_SPRINT_FILTER_VALUE] });
    filters = withSelectedValues(filters, "labels", "include", [NONE_FILTER_VALUE, "bug"]);
    expect(filters.labels.in).toEqual([NONE_FILTER_VALUE, "bug"]);
    expect(selectedValues(filters, "estimates", "include")).toEqual([TEAM_ESTIMATION_FILTER_VALUE, "3"]);
  });

  it("edit the :not list from the Hide tab", () => {
    const filters = withSelectedValues(emptyFilters(), "labels", "exclude", ["wontfix"]);
    expect(filters.labels).toEqual({ in: [], nin: ["wontfix"] });
    expect(activeEntries(filters, "labels")).toEqual([{ mode: "exclude", value: "wontfix" }]);
  });

  it("split repositories into GitHub ids and Gantry ids", () => {
    const filters = withSelectedValues(emptyFilters(), "repos", "include", ["42", "UmVwb3NpdG9yeTox"]);
    expect(filters.repos.value).toEqual([42]);
    expect(filters.zhRepos.value).toEqual(["UmVwb3NpdG9yeTox"]);
    expect(selectedValues(filters, "repos", "include")).toEqual(["42", "UmVwb3NpdG9yeTox"]);
  });

  it("give a parent issue one mode at a time: children in ids only, recursive in both lists (§4)", () => {
    // A parent-issue special value from a link (decision 0100) is kept through the menu's changes.
    const linked = emptyFilters();
    linked.parentIssues.settings = ["not_a_parent"];
    let filters = withSelectedValues(linked, "parentIssues", "children", ["a", "b"]);
    expect(filters.parentIssues).toEqual({ ids: ["a", "b"], recursiveIds: [], settings: ["not_a_parent"] });
    filters = withSelectedValues(filters, "parentIssues", "recursive", ["b"]);
    expect(filters.parentIssues).toEqual({ ids: ["a", "b"], recursiveIds: ["b"], settings: ["not_a_parent"] });
    expect(selectedValues(filters, "parentIssues", "children")).toEqual(["a"]);
    filters = withSelectedValues(filters, "parentIssues", "children", ["a", "b"]);
    expect(filters.parentIssues).toEqual({ ids: ["a", "b"], recursiveIds: [], settings: ["not_a_parent"] });
    // Off: removed from both lists.
    filters = withoutValue(
      withSelectedValues(filters, "parentIssues", "recursive", ["a"]),
      "parentIssues",
      "recursive",
      "a",
    );
    expect(filters.parentIssues).toEqual({ ids: ["b"], recursiveIds: [], settings: ["not_a_parent"] });
  });

  it("count a parent-issue special value or a disposition from a link as filtering, though no menu shows them", () => {
    expect(hasActiveFilters(emptyFilters())).toBe(false);
    const special = emptyFilters();
    special.parentIssues.settings = ["parents_only"];
    expect(hasActiveFilters(special)).toBe(true);
    expect(hasActiveFilters({ ...emptyFilters(), issueTypeDisposition: "BOARD_ONLY" })).toBe(true);
    expect(hasActiveFilters({ ...emptyFilters(), issueTypeDisposition: "ANY" })).toBe(false);
  });
});
