import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SORT_TYPES, type SortType } from "./sort-types.js";
import { compareCodePoints, type SortableIssue, sortBoardIssues } from "./sorting.js";

function card(id: string, overrides: Partial<SortableIssue> = {}): SortableIssue {
  return {
    id,
    rank: id,
    title: id,
    createdAt: 0,
    movedAt: 0,
    assigneeLogins: [],
    estimate: null,
    sprintStartAt: null,
    priorityRank: null,
    ...overrides,
  };
}

const ids = (issues: SortableIssue[]) => issues.map((issue) => issue.id);

describe("sortBoardIssues", () => {
  it("keeps board order for the manual sort, ties broken by id", () => {
    const issues = [card("b", { rank: "2" }), card("c", { rank: "1" }), card("a", { rank: "2" })];
    expect(ids(sortBoardIssues(issues, "SORT_TYPE_MANUAL"))).toEqual(["c", "a", "b"]);
  });

  it("orders by creation and by time in pipeline", () => {
    const issues = [
      card("a", { createdAt: 2, movedAt: 30 }),
      card("b", { createdAt: 3, movedAt: 10 }),
      card("c", { createdAt: 1, movedAt: 20 }),
    ];
    expect(ids(sortBoardIssues(issues, "NEWEST"))).toEqual(["b", "a", "c"]);
    expect(ids(sortBoardIssues(issues, "OLDEST"))).toEqual(["c", "a", "b"]);
    expect(ids(sortBoardIssues(issues, "TIME_IN_PIPELINE_OLD_NEW"))).toEqual(["b", "c", "a"]);
    expect(ids(sortBoardIssues(issues, "TIME_IN_PIPELINE_NEW_OLD"))).toEqual(["a", "c", "b"]);
  });

  it("orders titles A to Z whatever their case", () => {
    const issues = [card("a", { title: "banana" }), card("b", { title: "Apple" }), card("c", { title: "cherry" })];
    expect(ids(sortBoardIssues(issues, "TITLE_AZ"))).toEqual(["b", "a", "c"]);
    expect(ids(sortBoardIssues(issues, "TITLE_ZA"))).toEqual(["c", "a", "b"]);
  });

  it("puts unassigned, unestimated and sprintless issues last in either direction", () => {
    const issues = [
      card("a", { assigneeLogins: ["zed", "amy"], estimate: 1, sprintStartAt: 20 }),
      card("b"),
      card("c", { assigneeLogins: ["Bob"], estimate: 5, sprintStartAt: 10 }),
    ];
    expect(ids(sortBoardIssues(issues, "ASSIGNEE"))).toEqual(["c", "a", "b"]);
    expect(ids(sortBoardIssues(issues, "ESTIMATE_HIGH_LOW"))).toEqual(["c", "a", "b"]);
    expect(ids(sortBoardIssues(issues, "ESTIMATE_LOW_HIGH"))).toEqual(["a", "c", "b"]);
    expect(ids(sortBoardIssues(issues, "SPRINT"))).toEqual(["c", "a", "b"]);
  });

  it("puts the highest priority (rank 1) first and issues without one last", () => {
    const issues = [
      card("a", { priorityRank: 2 }),
      card("b"),
      card("c", { priorityRank: 1 }),
      card("d", { priorityRank: 2 }),
    ];
    expect(ids(sortBoardIssues(issues, "PRIORITY"))).toEqual(["c", "a", "d", "b"]);
  });

  it('compares strings by code point, as collate "C" does', () => {
    expect(compareCodePoints("\u{1F600}", "\uFFFD")).toBeGreaterThan(0);
    expect(compareCodePoints("ab", "abc")).toBeLessThan(0);
    expect(compareCodePoints("same", "same")).toBe(0);
  });
});

describe("sorting (properties)", () => {
  const arbitraryIssues = fc.uniqueArray(
    fc.record({
      id: fc.uuid(),
      rank: fc.stringMatching(/^[0-9a-z]{1,3}$/),
      title: fc.string({ maxLength: 6 }),
      createdAt: fc.integer({ min: 0, max: 20 }),
      movedAt: fc.integer({ min: 0, max: 20 }),
      assigneeLogins: fc.array(fc.constantFrom("mona", "hubot", "Octocat"), { maxLength: 2 }),
      estimate: fc.option(fc.constantFrom(0.5, 1, 2, 8), { nil: null }),
      sprintStartAt: fc.option(fc.integer({ min: 0, max: 5 }), { nil: null }),
      priorityRank: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
    }),
    { selector: (issue) => issue.id, maxLength: 25 },
  );
  const sortType = fc.constantFrom(...SORT_TYPES);

  it("returns the same issues, in an order that does not depend on the input order", () => {
    fc.assert(
      fc.property(arbitraryIssues, sortType, fc.integer(), (issues, type, seed) => {
        const sorted = sortBoardIssues(issues, type);
        expect([...ids(sorted)].sort()).toEqual([...ids(issues)].sort());
        const shuffled = [...issues].sort(
          (a, b) => (a.id.charCodeAt(seed & 7) ^ seed) - (b.id.charCodeAt(seed & 7) ^ seed),
        );
        expect(ids(sortBoardIssues(shuffled, type))).toEqual(ids(sorted));
      }),
    );
  });

  const REVERSAL_PAIRS: [SortType, SortType, (issue: SortableIssue) => unknown][] = [
    ["NEWEST", "OLDEST", (issue) => issue.createdAt],
    ["TIME_IN_PIPELINE_OLD_NEW", "TIME_IN_PIPELINE_NEW_OLD", (issue) => issue.movedAt],
    ["TITLE_AZ", "TITLE_ZA", (issue) => issue.title.toLowerCase()],
    ["ESTIMATE_HIGH_LOW", "ESTIMATE_LOW_HIGH", (issue) => issue.estimate],
  ];

  it("reverses exactly between the paired sort types when the keys differ", () => {
    fc.assert(
      fc.property(arbitraryIssues, fc.constantFrom(...REVERSAL_PAIRS), (issues, [one, other, key]) => {
        const keyed = issues.filter((issue) => key(issue) !== null);
        fc.pre(new Set(keyed.map(key)).size === keyed.length);
        expect(ids(sortBoardIssues(keyed, one))).toEqual(ids(sortBoardIssues(keyed, other)).reverse());
      }),
    );
  });
});
