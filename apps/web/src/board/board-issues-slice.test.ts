import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { BoardIssue } from "./board-issue";
import { repositoryName } from "./board-issue";
import {
  boardIssuesSlice,
  optimisticIssueAdded,
  optimisticIssueRemoved,
  optimisticIssueReplaced,
  pageLoaded,
  pipelinesKept,
} from "./board-issues-slice";
import { issueMoveFailed, issueMoveStarted, pipelineReloadMarked } from "./board-slice";
import type { IssueMove } from "./issue-move";
import { isOptimisticIssueId, OPTIMISTIC_URL, optimisticIssue } from "./optimistic-issue";

const reduce = boardIssuesSlice.reducer;
const issue = (id: string): BoardIssue => ({
  id,
  number: 1,
  title: id,
  state: "OPEN",
  pullRequest: false,
  htmlUrl: `https://github.com/acme/web-app/issues/${id}`,
  labels: [],
  assignees: [],
  user: null,
});

function boardWith(lists: Record<string, string[]>) {
  let state = reduce(undefined, { type: "init" });
  for (const [pipelineId, ids] of Object.entries(lists)) {
    state = reduce(state, pageLoaded({ pipelineId, issues: ids.map(issue), endCursor: null, hasNextPage: false }));
  }
  return state;
}

const board = fc.uniqueArray(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 12 }).chain((numbers) =>
  fc.tuple(fc.constant(numbers.map(String)), fc.nat(numbers.length)).map(([ids, split]) => ({
    a: ids.slice(0, split),
    b: ids.slice(split),
  })),
);

describe("card moves", () => {
  it("a move puts the card at its index in the target and keeps every card once; failing puts it back", () => {
    fc.assert(
      fc.property(board, fc.nat(), fc.nat(), fc.boolean(), (lists, pick, index, toOther) => {
        const all = [...lists.a.map((id) => ["a", id] as const), ...lists.b.map((id) => ["b", id] as const)];
        const [fromPipelineId, issueId] = all[pick % all.length] ?? ["a", ""];
        const toPipelineId = toOther ? (fromPipelineId === "a" ? "b" : "a") : fromPipelineId;
        const before = boardWith(lists);
        const fromIndex = before.pipelineIssueIds[fromPipelineId]?.indexOf(issueId) ?? -1;
        const move: IssueMove = {
          issueId,
          isPullRequest: false,
          from: { pipelineId: fromPipelineId, index: fromIndex },
          to: { pipelineId: toPipelineId, index },
          movedAt: 1,
        };
        const moved = reduce(before, issueMoveStarted(move));
        const target = moved.pipelineIssueIds[toPipelineId] ?? [];
        expect(target.indexOf(issueId)).toBe(Math.min(index, target.length - 1));
        const everyCard = Object.values(moved.pipelineIssueIds).flat();
        expect(everyCard.sort()).toEqual(all.map(([, id]) => id).sort());
        expect(reduce(moved, issueMoveFailed(move)).pipelineIssueIds).toEqual(before.pipelineIssueIds);
      }),
    );
  });

  it("a later page does not bring back a card moved elsewhere", () => {
    const moved = reduce(
      boardWith({ a: ["1"], b: ["2"] }),
      issueMoveStarted({
        issueId: "1",
        isPullRequest: false,
        from: { pipelineId: "a", index: 0 },
        to: { pipelineId: "b", index: 0 },
        movedAt: 1,
      }),
    );
    const reloaded = reduce(
      moved,
      pageLoaded({ pipelineId: "a", issues: [issue("1"), issue("3")], endCursor: "c", hasNextPage: true }),
    );
    expect(reloaded.pipelineIssueIds).toEqual({ a: ["3"], b: ["1", "2"] });
  });
});

describe("reading a pipeline again", () => {
  it("keeps its cards until its first page comes back, then shows that page in their place", () => {
    const marked = reduce(boardWith({ a: ["1", "2", "3"], b: ["4"] }), pipelineReloadMarked("a"));
    expect(marked.pipelineIssueIds).toEqual({ a: ["1", "2", "3"], b: ["4"] });
    expect(marked.pages.a).toBeUndefined();
    const replaced = reduce(
      marked,
      pageLoaded({
        pipelineId: "a",
        issues: [issue("3"), issue("4"), issue("5")],
        endCursor: "c",
        hasNextPage: true,
        replaces: true,
      }),
    );
    // 4 is shown in b: a page does not take a card from another pipeline.
    expect(replaced.pipelineIssueIds).toEqual({ a: ["3", "5"], b: ["4"] });
  });
});

describe("repositoryName", () => {
  it("reads owner/name from issue and pull request addresses", () => {
    expect(repositoryName("http://127.0.0.1:3900/acme/web-app/issues/12")).toBe("acme/web-app");
    expect(repositoryName("https://github.com/demo/notes/pull/3")).toBe("demo/notes");
    expect(repositoryName("not a url")).toBe("");
  });

  it("forgets a deleted pipeline, so the cards it held show in the pipeline they moved to", () => {
    let state = boardWith({ backlog: ["a", "b"], hold: [] });
    state = reduce(state, pipelinesKept(["hold"]));
    expect(state.pipelineIssueIds).toEqual({ hold: [] });
    expect(state.pages.backlog).toBeUndefined();
    state = reduce(
      state,
      pageLoaded({
        pipelineId: "hold",
        issues: [issue("a"), issue("b")],
        endCursor: null,
        hasNextPage: false,
        replaces: true,
      }),
    );
    expect(state.pipelineIssueIds.hold).toEqual(["a", "b"]);
  });
});

describe("optimistic creation", () => {
  const repository = { id: "R", name: "gantry", ownerName: "acme", ghId: null };

  it("shows the new card on top at once with an optimistic id, then the real issue in its place", () => {
    const optimistic = optimisticIssue("  New one ", repository);
    expect(optimistic).toMatchObject({ title: "New one", htmlUrl: OPTIMISTIC_URL, type: "GantryIssue" });
    expect(isOptimisticIssueId(optimistic.id)).toBe(true);
    let state = reduce(boardWith({ a: ["1", "2"] }), optimisticIssueAdded({ issue: optimistic, pipelineId: "a" }));
    expect(state.pipelineIssueIds.a).toEqual([optimistic.id, "1", "2"]);
    state = reduce(state, optimisticIssueReplaced({ optimisticId: optimistic.id, issue: issue("9"), pipelineId: "a" }));
    expect(state.pipelineIssueIds.a).toEqual(["9", "1", "2"]);
    expect(state.byId[optimistic.id]).toBeUndefined();
  });

  it("keeps the real card once when the board event brought it first, and removes a refused one", () => {
    fc.assert(
      fc.property(board, fc.boolean(), (lists, eventFirst) => {
        const optimistic = optimisticIssue("x", repository);
        let state = reduce(boardWith(lists), optimisticIssueAdded({ issue: optimistic, pipelineId: "a" }));
        if (eventFirst)
          state = reduce(
            state,
            pageLoaded({ pipelineId: "b", issues: [issue("99")], endCursor: null, hasNextPage: false }),
          );
        state = reduce(
          state,
          optimisticIssueReplaced({ optimisticId: optimistic.id, issue: issue("99"), pipelineId: "a" }),
        );
        const all = Object.values(state.pipelineIssueIds).flat();
        expect(all.filter((id) => id === "99")).toHaveLength(1);
        expect(all.some(isOptimisticIssueId)).toBe(false);
      }),
    );
    const refused = optimisticIssue("y", repository);
    let state = reduce(boardWith({ a: ["1"] }), optimisticIssueAdded({ issue: refused, pipelineId: "a" }));
    state = reduce(state, optimisticIssueRemoved(refused.id));
    expect(state.pipelineIssueIds.a).toEqual(["1"]);
    expect(state.byId[refused.id]).toBeUndefined();
  });
});
