import { describe, expect, it } from "vitest";
import { keyboardMove, visibleRows } from "./planning-rows";
import { type PlanningItem, type PlanningTree, ROOT } from "./planning-slice";

const item = (id: string, parentId: string | null = null, hasMatchingChildren = false): PlanningItem => ({
  issue: {
    id,
    parentIssue: parentId ? { id: parentId } : null,
    number: 1,
    title: id,
    state: "OPEN",
    repository: { name: "r" },
    estimate: null,
    assignees: [],
    issueCountProgress: null,
  },
  hasMatchingChildren,
});

const tree: PlanningTree = {
  [ROOT]: [item("a", null, true), item("b"), item("c")],
  a: [item("a1", "a"), item("a2", "a")],
};

const rowOf = (expanded: string[], id: string) => {
  const row = visibleRows(tree, new Set(expanded)).find((entry) => entry.item.issue.id === id);
  if (!row) throw new Error(`no row ${id}`);
  return row;
};

describe("planning rows", () => {
  it("draws the top level, and the children of expanded parents under them, one level deeper", () => {
    expect(visibleRows(tree, new Set()).map((row) => row.item.issue.id)).toEqual(["a", "b", "c"]);
    const open = visibleRows(tree, new Set(["a"]));
    expect(open.map((row) => [row.item.issue.id, row.level, row.mode])).toEqual([
      ["a", 0, "expanded"],
      ["a1", 1, "standard"],
      ["a2", 1, "last-in-group"],
      ["b", 0, "standard"],
      ["c", 0, "last-in-group"],
    ]);
  });

  it("turns Alt+arrows into SPEC §4 moves: up/down beside the neighbour, right under the one above, left out of the parent", () => {
    expect(keyboardMove(rowOf([], "b"), "ArrowUp")).toEqual({
      itemId: "b",
      targetId: "a",
      instruction: "reorder-above",
    });
    expect(keyboardMove(rowOf([], "b"), "ArrowDown")).toEqual({
      itemId: "b",
      targetId: "c",
      instruction: "reorder-below",
    });
    expect(keyboardMove(rowOf([], "b"), "ArrowRight")).toEqual({
      itemId: "b",
      targetId: "a",
      instruction: "make-child",
    });
    expect(keyboardMove(rowOf(["a"], "a2"), "ArrowLeft")).toEqual({
      itemId: "a2",
      targetId: "a",
      instruction: "reorder-below",
    });
  });

  it("does nothing at the edges: no neighbour, no previous sibling, already at the top level", () => {
    expect(keyboardMove(rowOf([], "a"), "ArrowUp")).toBeNull();
    expect(keyboardMove(rowOf([], "c"), "ArrowDown")).toBeNull();
    expect(keyboardMove(rowOf(["a"], "a1"), "ArrowRight")).toBeNull();
    expect(keyboardMove(rowOf([], "b"), "ArrowLeft")).toBeNull();
    expect(keyboardMove(rowOf([], "b"), "Enter")).toBeNull();
  });
});
