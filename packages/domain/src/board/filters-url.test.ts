import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type BoardFilters,
  emptyFilters,
  type FilterLogic,
  ISSUE_TYPE_DISPOSITIONS,
  PARENT_ISSUE_SETTINGS,
} from "./filters.js";
import { boardFiltersFromSearchParams, boardFiltersToSearchParams, type SearchParamsReader } from "./filters-url.js";

/** Query pairs read the way URLSearchParams reads them. */
const reader = (pairs: [string, string][]): SearchParamsReader => ({
  getAll: (name) => pairs.filter(([key]) => key === name).map(([, value]) => value),
});

describe("board filter links", () => {
  it("writes the §9 keys, negation keys and settings keys, one pair per value", () => {
    const filters = emptyFilters("ignored search");
    filters.repos.value = [12];
    filters.zhRepos.value = ["R2FudHJ5"];
    filters.labels = { in: ["bug"], nin: ["wontfix"] };
    filters.gantryEpics = { in: ["e1"], nin: ["e2"], settings: ["none"] };
    filters.sprints = { value: ["s1"], settings: ["current_sprint"] };
    filters.parentIssues = { ids: ["p"], recursiveIds: ["p"], settings: ["parents_only"] };
    filters.issuesBucketIds.ids = ["b"];
    filters.issueTypeDisposition = "BOARD_ONLY";
    expect(boardFiltersToSearchParams(filters, "any", "view-1")).toEqual([
      ["view", "view-1"],
      ["repos", "12"],
      ["repos", "R2FudHJ5"],
      ["labels", "bug"],
      ["labels:not", "wontfix"],
      ["gantryEpics", "e1"],
      ["gantryEpics:not", "e2"],
      ["gantryEpics:settings", "none"],
      ["sprints", "s1"],
      ["sprints:settings", "current_sprint"],
      ["parentIssues", "p"],
      ["recursiveIds", "p"],
      ["parentIssues:settings", "parents_only"],
      ["issuesBucketId", "b"],
      ["issueTypeDisposition", "BOARD_ONLY"],
      ["filterLogic", "any"],
    ]);
  });

  it("leaves the default logic and empty lists out", () => {
    expect(boardFiltersToSearchParams(emptyFilters(), "all")).toEqual([]);
  });

  it("ignores unknown keys, unknown special values, bad estimates and bad logic", () => {
    const link = boardFiltersFromSearchParams(
      reader([
        ["colour", "red"],
        ["estimates", "three"],
        ["estimates", ""],
        ["estimates", "2"],
        ["estimates:settings", "everyone"],
        ["estimates:settings", "team_estimation"],
        ["sprints:settings", "next_sprint"],
        ["labels", ""],
        ["labels", "bug"],
        ["labels", "bug"],
        ["labels", "x".repeat(300)],
        ["filterLogic", "sometimes"],
        ["parentIssues:settings", "children_only"],
        ["issueTypeDisposition", "EVERYWHERE"],
      ]),
    );
    const expected = emptyFilters();
    expected.estimates = { in: ["2"], nin: [], settings: ["team_estimation"] };
    expected.labels.in = ["bug"];
    expect(link).toEqual({ filters: expected, filterLogic: "all", view: null });
  });

  it("reads one parent-issue special value and one disposition: the first the link holds that is known", () => {
    const link = boardFiltersFromSearchParams(
      reader([
        ["parentIssues:settings", "parents"],
        ["parentIssues:settings", "not_in_parent"],
        ["parentIssues:settings", "not_a_parent"],
        ["issueTypeDisposition", "PLANNING_PANEL"],
        ["issueTypeDisposition", "BOARD"],
      ]),
    );
    expect(link.filters.parentIssues.settings).toEqual(["not_in_parent"]);
    expect(link.filters.issueTypeDisposition).toBe("PLANNING_PANEL");
  });

  it("caps each key at 100 values", () => {
    const pairs = Array.from({ length: 150 }, (_, index): [string, string] => ["labels", `label-${index}`]);
    expect(boardFiltersFromSearchParams(reader(pairs)).filters.labels.in).toHaveLength(100);
  });

  it("property: a link reads back as the filters it was written from", () => {
    const values = fc.uniqueArray(fc.string({ minLength: 1, maxLength: 20 }), { maxLength: 4 });
    const settings = (...allowed: string[]) => fc.uniqueArray(fc.constantFrom(...allowed), { maxLength: 3 });
    const estimates = fc.uniqueArray(
      fc.oneof(fc.integer({ min: 0, max: 40 }), fc.double({ min: 0, max: 100, noNaN: true })).map(String),
      { maxLength: 3 },
    );
    const inNin = fc.record({ in: values, nin: values });
    const filters: fc.Arbitrary<BoardFilters> = fc.record({
      search: fc.constant(""),
      repos: fc.record({
        isLoading: fc.constant(false),
        value: fc.uniqueArray(fc.integer({ min: 1, max: 2 ** 40 }), { maxLength: 3 }),
      }),
      zhRepos: fc.record({ value: fc.uniqueArray(fc.uuid(), { maxLength: 3 }) }),
      labels: inNin,
      assignees: inNin,
      authors: inNin,
      issueTypes: inNin,
      releases: inNin,
      estimates: fc.record({
        in: estimates,
        nin: estimates,
        settings: settings("none", "team_estimation", "user_estimation"),
      }),
      epics: fc.record({ in: values, nin: values, settings: settings("none") }),
      gantryEpics: fc.record({ in: values, nin: values, settings: settings("none") }),
      sprints: fc.record({ value: values, settings: settings("current_sprint", "Issues with no sprints") }),
      milestones: fc.record({ value: values }),
      parentIssues: fc.record({
        ids: values,
        recursiveIds: values,
        settings: fc.uniqueArray(fc.constantFrom(...PARENT_ISSUE_SETTINGS), { maxLength: 1 }),
      }),
      issuesBucketIds: fc.record({ ids: values }),
      issueTypeDisposition: fc.constantFrom(...ISSUE_TYPE_DISPOSITIONS),
    });
    const view = fc.option(fc.string({ minLength: 1, maxLength: 20 }), { nil: null });
    fc.assert(
      fc.property(filters, fc.constantFrom<FilterLogic>("all", "any"), view, (written, filterLogic, savedView) => {
        const pairs = boardFiltersToSearchParams(written, filterLogic, savedView);
        expect(boardFiltersFromSearchParams(reader(pairs))).toEqual({ filters: written, filterLogic, view: savedView });
      }),
    );
  });
});
