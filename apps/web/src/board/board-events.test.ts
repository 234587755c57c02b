import { describe, expect, it } from "vitest";
import { memoryStorage } from "../test/memory-storage";
import {
  type BoardEvent,
  boardEventReceived,
  type IssuePlacement,
  userEventFailed,
  userEventSent,
} from "./board-events";
import type { BoardIssue } from "./board-issue";
import { pageLoaded } from "./board-issues-slice";
import { issueMoveStarted, issueMoveSucceeded, pipelineSortSet, searchChanged } from "./board-slice";
import { createBoardStore } from "./board-store";

const issue = (id: string, title = `Issue ${id}`): BoardIssue => ({
  id,
  number: Number(id.slice(1)),
  title,
  state: "OPEN",
  pullRequest: false,
  htmlUrl: `https://github.com/acme/web-app/issues/${id.slice(1)}`,
  labels: [],
  assignees: [],
  user: null,
});

/** A board whose p1 is read to the end and whose p2 has more pages than the two cards read. */
function board() {
  const store = createBoardStore(memoryStorage());
  store.dispatch(
    pageLoaded({
      pipelineId: "p1",
      issues: [issue("i1"), issue("i2"), issue("i3")],
      endCursor: null,
      hasNextPage: false,
    }),
  );
  store.dispatch(
    pageLoaded({ pipelineId: "p2", issues: [issue("i4"), issue("i5")], endCursor: "c2", hasNextPage: true }),
  );
  return store;
}

const moved = (placements: IssuePlacement[], clientMutationId: string | null = null): BoardEvent => ({
  __typename: "IssuesMovedEvent",
  clientMutationId,
  placements,
});
const lists = (store: ReturnType<typeof board>) => store.getState().boardIssues.pipelineIssueIds;

describe("board events from other members and GitHub", () => {
  it("puts a moved card at its new place in a pipeline read that far", () => {
    const store = board();
    store.dispatch(boardEventReceived(moved([{ issueId: "i1", pipelineId: "p2", position: 1, issue: issue("i1") }])));
    expect(lists(store)).toEqual({ p1: ["i2", "i3"], p2: ["i4", "i1", "i5"] });
    store.dispatch(boardEventReceived(moved([{ issueId: "i4", pipelineId: "p1", position: 2, issue: issue("i4") }])));
    expect(lists(store)).toEqual({ p1: ["i2", "i3", "i4"], p2: ["i1", "i5"] });
  });

  it("takes a card off the board when its new place lies beyond the pages read, or it is gone", () => {
    const store = board();
    store.dispatch(boardEventReceived(moved([{ issueId: "i1", pipelineId: "p2", position: 2, issue: issue("i1") }])));
    expect(lists(store)).toEqual({ p1: ["i2", "i3"], p2: ["i4", "i5"] });
    store.dispatch(
      boardEventReceived({
        __typename: "IssuesChangedEvent",
        clientMutationId: null,
        placements: [{ issueId: "i2", pipelineId: null, position: null, issue: null }],
      }),
    );
    expect(lists(store)).toEqual({ p1: ["i3"], p2: ["i4", "i5"] });
  });

  it("shows an edited card's new contents in place", () => {
    const store = board();
    store.dispatch(
      boardEventReceived({
        __typename: "IssuesChangedEvent",
        clientMutationId: null,
        placements: [{ issueId: "i2", pipelineId: "p1", position: 1, issue: issue("i2", "Renamed on GitHub") }],
      }),
    );
    expect(store.getState().boardIssues.byId.i2?.title).toBe("Renamed on GitHub");
    expect(lists(store).p1).toEqual(["i1", "i2", "i3"]);
  });

  it("ignores the echo of this tab's own move once, and forgets a failed move's id", () => {
    const store = board();
    store.dispatch(userEventSent("move-1"));
    store.dispatch(userEventSent("move-2"));
    const echo = moved([{ issueId: "i1", pipelineId: "p2", position: 0, issue: issue("i1") }], "move-1");
    store.dispatch(boardEventReceived(echo));
    expect(lists(store)).toEqual({ p1: ["i1", "i2", "i3"], p2: ["i4", "i5"] });
    expect(store.getState().board.userEventIds).toEqual(["move-2"]);
    store.dispatch(userEventFailed("move-2"));
    expect(store.getState().board.userEventIds).toEqual([]);
    store.dispatch(boardEventReceived(echo));
    expect(lists(store).p2).toEqual(["i1", "i4", "i5"]);
  });

  it("reads the pipelines concerned again when the board is filtered or sorted, whose order the server's is not", () => {
    const filtered = board();
    filtered.dispatch(searchChanged("launch"));
    filtered.dispatch(
      boardEventReceived(moved([{ issueId: "i1", pipelineId: "p2", position: 0, issue: issue("i1") }])),
    );
    expect(filtered.getState().board.pendingPipelineReloads).toEqual(["p2", "p1"]);
    // The moved card leaves at once; the others stay where they were until the pipelines' first pages come back.
    expect(filtered.getState().boardIssues.pages).toEqual({});
    expect(lists(filtered)).toEqual({ p1: ["i2", "i3"], p2: ["i4", "i5"] });

    const sorted = board();
    sorted.dispatch(pipelineSortSet({ pipelineId: "p2", sortType: "TITLE_AZ" }));
    sorted.dispatch(boardEventReceived(moved([{ issueId: "i4", pipelineId: "p1", position: 0, issue: issue("i4") }])));
    expect(lists(sorted)).toEqual({ p1: ["i4", "i1", "i2", "i3"], p2: ["i5"] });
    sorted.dispatch(boardEventReceived(moved([{ issueId: "i1", pipelineId: "p2", position: 0, issue: issue("i1") }])));
    expect(sorted.getState().board.pendingPipelineReloads).toEqual(["p2", "p1"]);
    expect(sorted.getState().boardIssues.pages).toEqual({});
  });

  it("under filters, shows a moved card in its new pipeline whichever pipeline's first page comes back first", () => {
    // Two moves elsewhere in quick succession (issue #27): i1 goes to p2, then i2 leaves p1 too, so
    // p1's first reading is overtaken, and p2's page, answered first, must still show i1.
    const store = board();
    store.dispatch(searchChanged("launch"));
    store.dispatch(boardEventReceived(moved([{ issueId: "i1", pipelineId: "p2", position: 0, issue: issue("i1") }])));
    store.dispatch(boardEventReceived(moved([{ issueId: "i2", pipelineId: "p2", position: 0, issue: issue("i2") }])));
    store.dispatch(
      pageLoaded({
        pipelineId: "p2",
        issues: [issue("i1"), issue("i4")],
        endCursor: null,
        hasNextPage: false,
        replaces: true,
      }),
    );
    expect(lists(store).p2).toEqual(["i1", "i4"]);
    store.dispatch(
      pageLoaded({ pipelineId: "p1", issues: [issue("i3")], endCursor: null, hasNextPage: false, replaces: true }),
    );
    expect(lists(store)).toEqual({ p1: ["i3"], p2: ["i1", "i4"] });
  });

  it("keeps a card this tab is moving where it put it, whatever the server read before the move", () => {
    const store = board();
    const move = {
      issueId: "i1",
      isPullRequest: false,
      from: { pipelineId: "p1", index: 0 },
      to: { pipelineId: "p2", index: 0 },
      movedAt: 1,
    };
    store.dispatch(issueMoveStarted(move));
    // An event with the place the server had read before the move arrived: the card stays.
    store.dispatch(boardEventReceived(moved([{ issueId: "i1", pipelineId: "p1", position: 0, issue: issue("i1") }])));
    expect(lists(store)).toEqual({ p1: ["i2", "i3"], p2: ["i1", "i4", "i5"] });
    // p2's first page, read again before the move reached the server: the card keeps its place.
    store.dispatch(
      pageLoaded({ pipelineId: "p2", issues: [issue("i4")], endCursor: "c3", hasNextPage: true, replaces: true }),
    );
    expect(lists(store).p2).toEqual(["i1", "i4"]);
    // Once the server has answered, its word counts again.
    store.dispatch(issueMoveSucceeded(move));
    store.dispatch(
      pageLoaded({ pipelineId: "p2", issues: [issue("i4")], endCursor: "c3", hasNextPage: true, replaces: true }),
    );
    expect(lists(store).p2).toEqual(["i4"]);
  });
});
