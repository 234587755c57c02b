import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  childrenLoaded,
  confirmed,
  initialPlanningState,
  type MoveInstruction,
  moved,
  type PlanningItem,
  type PlanningState,
  type PlanningTree,
  planningSlice,
  ROOT,
  reset,
  reverted,
  topLevelPageLoaded,
} from "./planning-slice";

const reduce = planningSlice.reducer;

const item = (id: string, parentId: string | null = null, hasMatchingChildren = false): PlanningItem => ({
  issue: {
    id,
    parentIssue: parentId ? { id: parentId } : null,
    number: 1,
    title: id,
    state: "OPEN",
    repository: { name: "repo" },
    estimate: null,
    assignees: [],
    issueCountProgress: null,
  },
  hasMatchingChildren,
});

const ids = (list: PlanningItem[] | undefined) => (list ?? []).map((entry) => entry.issue.id);
const page = (items: PlanningItem[], endCursor: string | null = "c1", filterCount = 0) =>
  topLevelPageLoaded({ items, pageInfo: { hasNextPage: endCursor !== null, endCursor }, filterCount });

/** a, b, c at the top; a has children a1, a2. */
function sample(): PlanningState {
  let state = reduce(initialPlanningState(), page([item("a", null, true), item("b"), item("c")]));
  state = reduce(state, childrenLoaded({ parentId: "a", items: [item("a1", "a"), item("a2", "a")] }));
  return state;
}

const find = (tree: PlanningTree, id: string) =>
  Object.values(tree)
    .flat()
    .find((entry) => entry.issue.id === id);

describe("planning panel pages (§3, §4)", () => {
  it("starts empty, with no snapshot and no cursor yet", () => {
    expect(initialPlanningState()).toEqual({ tree: {}, preMoveTree: null, topLevelCursor: null });
  });

  it("appends top-level pages and keeps the cursor, false once there are no more pages", () => {
    let state = reduce(initialPlanningState(), page([item("a"), item("b")], "c1"));
    expect(state.topLevelCursor).toBe("c1");
    state = reduce(state, page([item("b"), item("c")], null));
    expect(ids(state.tree[ROOT])).toEqual(["a", "b", "c"]);
    expect(state.topLevelCursor).toBe(false);
  });

  it("keeps only root items when no filter is set, and every item when one is", () => {
    const items = [item("a"), item("child", "a")];
    expect(ids(reduce(initialPlanningState(), page(items, null, 0)).tree[ROOT])).toEqual(["a"]);
    expect(ids(reduce(initialPlanningState(), page(items, null, 2)).tree[ROOT])).toEqual(["a", "child"]);
  });

  it("merges new pages and children only when no move is pending", () => {
    const pending = reduce(sample(), moved({ itemId: "c", targetId: "a", instruction: "reorder-above" }));
    expect(reduce(pending, page([item("d")]))).toEqual(pending);
    expect(reduce(pending, childrenLoaded({ parentId: "b", items: [item("b1", "b")] }))).toEqual(pending);
    const settled = reduce(pending, confirmed());
    expect(ids(reduce(settled, page([item("d")])).tree[ROOT])).toEqual(["c", "a", "b", "d"]);
  });

  it("marks a parent by whether its loaded children are empty", () => {
    const state = reduce(sample(), childrenLoaded({ parentId: "b", items: [] }));
    expect(find(state.tree, "b")?.hasMatchingChildren).toBe(false);
    expect(find(reduce(state, childrenLoaded({ parentId: "b", items: [item("x", "b")] })).tree, "b")).toMatchObject({
      hasMatchingChildren: true,
    });
  });

  it("reset clears everything", () => {
    expect(reduce(reduce(sample(), moved({ itemId: "b", targetId: "a", instruction: "make-child" })), reset())).toEqual(
      initialPlanningState(),
    );
  });
});

describe("planning panel moves (§4)", () => {
  it("make-child appends under the target and marks it a parent", () => {
    const state = reduce(sample(), moved({ itemId: "c", targetId: "a", instruction: "make-child" }));
    expect(ids(state.tree.a)).toEqual(["a1", "a2", "c"]);
    expect(ids(state.tree[ROOT])).toEqual(["a", "b"]);
    expect(find(state.tree, "c")?.issue.parentIssue).toEqual({ id: "a" });
    const under = reduce(sample(), moved({ itemId: "c", targetId: "b", instruction: "make-child" }));
    expect(ids(under.tree.b)).toEqual(["c"]);
    expect(find(under.tree, "b")?.hasMatchingChildren).toBe(true);
  });

  it("reorder-below inserts after the target, taking its parent", () => {
    const state = reduce(sample(), moved({ itemId: "c", targetId: "a1", instruction: "reorder-below" }));
    expect(ids(state.tree.a)).toEqual(["a1", "c", "a2"]);
    expect(find(state.tree, "c")?.issue.parentIssue).toEqual({ id: "a" });
  });

  it.each<MoveInstruction>(["reorder-above", "instruction-blocked"])("%s inserts before the target", (instruction) => {
    const state = reduce(sample(), moved({ itemId: "a2", targetId: "b", instruction }));
    expect(ids(state.tree[ROOT])).toEqual(["a", "a2", "b", "c"]);
    expect(find(state.tree, "a2")?.issue.parentIssue).toBeNull();
  });

  it("a parent left with no children is no longer marked as having any", () => {
    let state = reduce(sample(), moved({ itemId: "a1", targetId: "c", instruction: "reorder-below" }));
    state = reduce(reduce(state, confirmed()), moved({ itemId: "a2", targetId: "c", instruction: "make-child" }));
    expect(find(state.tree, "a")?.hasMatchingChildren).toBe(false);
    expect(find(state.tree, "c")?.hasMatchingChildren).toBe(true);
  });

  it("refuses to move an item onto itself or below its own descendant", () => {
    const before = sample();
    expect(reduce(before, moved({ itemId: "a", targetId: "a1", instruction: "make-child" }))).toEqual(before);
    expect(reduce(before, moved({ itemId: "a", targetId: "a", instruction: "reorder-below" }))).toEqual(before);
    expect(reduce(before, moved({ itemId: "zz", targetId: "a", instruction: "make-child" }))).toEqual(before);
  });

  it("snapshots before a move; confirm drops the snapshot, revert restores it", () => {
    const before = sample();
    const pending = reduce(before, moved({ itemId: "b", targetId: "a2", instruction: "reorder-above" }));
    expect(pending.preMoveTree).toEqual(before.tree);
    expect(reduce(pending, confirmed())).toEqual({ ...pending, preMoveTree: null });
    expect(reduce(pending, reverted())).toEqual(before);
  });
});

/** A random forest: node i's parent is one of the nodes before it, or none; every parent's children are loaded. */
const forest = fc.array(fc.nat(), { minLength: 1, maxLength: 14 }).map((parents): PlanningState => {
  const parentOf = parents.map((pick, index) => {
    const choice = pick % (index + 1);
    return choice === index ? null : `n${choice}`;
  });
  const tree: PlanningTree = {};
  parentOf.forEach((parent, index) => {
    const id = `n${index}`;
    const key = parent ?? ROOT;
    const hasChildren = parentOf.includes(id);
    tree[key] = [...(tree[key] ?? []), item(id, parent, hasChildren)];
  });
  return { tree, preMoveTree: null, topLevelCursor: false };
});

const move = fc.record({
  item: fc.nat(),
  target: fc.nat(),
  instruction: fc.constantFrom<MoveInstruction>("make-child", "reorder-above", "reorder-below", "instruction-blocked"),
});

const allIds = (tree: PlanningTree) => Object.values(tree).flatMap(ids);

function apply(state: PlanningState, pick: { item: number; target: number; instruction: MoveInstruction }) {
  const known = allIds(state.tree);
  const itemId = known[pick.item % known.length] as string;
  const targetId = known[pick.target % known.length] as string;
  return reduce(state, moved({ itemId, targetId, instruction: pick.instruction }));
}

describe("planning panel move properties (§4)", () => {
  it("a move then revert restores the tree exactly", () => {
    fc.assert(
      fc.property(forest, move, (state, pick) => {
        expect(reduce(apply(state, pick), reverted())).toEqual(state);
      }),
    );
  });

  it("confirm drops the snapshot and keeps the moved tree", () => {
    fc.assert(
      fc.property(forest, move, (state, pick) => {
        const after = apply(state, pick);
        expect(reduce(after, confirmed())).toEqual({ ...after, preMoveTree: null });
      }),
    );
  });

  it("no sequence of moves loses or duplicates an item, and parents are marked by their children", () => {
    fc.assert(
      fc.property(forest, fc.array(move, { maxLength: 20 }), (start, picks) => {
        const end = picks.reduce((state, pick) => reduce(apply(state, pick), confirmed()), start);
        expect([...allIds(end.tree)].sort()).toEqual([...allIds(start.tree)].sort());
        for (const entry of Object.values(end.tree).flat()) {
          const children = end.tree[entry.issue.id];
          if (children) expect(entry.hasMatchingChildren).toBe(children.length > 0);
          for (const child of children ?? []) expect(child.issue.parentIssue).toEqual({ id: entry.issue.id });
        }
      }),
    );
  });
});
