import { emptyFilters, SORT_TYPES } from "@gantry/domain";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { memoryStorage } from "../test/memory-storage";
import { BOARD_SETTING_NAMES, DEFAULT_BOARD_SETTINGS, settingStorageKey } from "./board-settings";
import {
  addPipelineFormSet,
  boardLoaded,
  boardReset,
  boardSlice,
  bulkActionEnded,
  bulkActionModalSet,
  bulkActionStarted,
  filtersCleared,
  initialBoardState,
  issueMoveFailed,
  issueMoveStarted,
  issueMoveSucceeded,
  issueSelectionToggled,
  issuesSelected,
  issuesUnselected,
  pipelineCountsLoaded,
  pipelineReloaded,
  pipelineReloadMarked,
  pipelineSortSet,
  pipelinesErrorSet,
  quickActionSelectionModeSet,
  searchChanged,
  searchCleared,
  selectionCleared,
  settingChanged,
} from "./board-slice";
import { createBoardStore } from "./board-store";
import type { IssueMove } from "./issue-move";

const reduce = boardSlice.reducer;
const ids = fc.uniqueArray(fc.stringMatching(/^[a-e]$/), { maxLength: 5 });

describe("board state defaults (§3, §9)", () => {
  it("starts unloaded, with ISSUE as the last created type and nothing selected, pending or moved", () => {
    const state = initialBoardState();
    expect(state).toMatchObject({
      isLoaded: false,
      lastCreatedIssueType: "ISSUE",
      pendingIssueIds: [],
      selectedIssueIds: [],
      isQuickActionSelectionMode: false,
      pipelineCounts: {},
      pendingPipelineReloads: [],
      localIssueMoves: {},
      sortedPipelines: {},
      sortedPipelinesEventMessage: {},
      filterOrder: [],
      filterLogic: "all",
    });
  });

  it("turns every display setting on except the five §9 names", () => {
    const off = BOARD_SETTING_NAMES.filter((name) => !DEFAULT_BOARD_SETTINGS[name]);
    expect(off.sort()).toEqual(
      [
        "isCondensedViewEnabled",
        "showPipelineDescriptions",
        "showGantryEpicList",
        "showSubIssueProgressAsPoints",
        "isFullScreen",
      ].sort(),
    );
    expect(BOARD_SETTING_NAMES).toHaveLength(20);
  });

  it("stores each setting under its own name, except showClosed and showPRs", () => {
    for (const name of BOARD_SETTING_NAMES) {
      const expected = { showClosedPipeline: "showClosed", showPullRequests: "showPRs" }[name as string] ?? name;
      expect(settingStorageKey(name)).toBe(expected);
    }
  });
});

describe("selection (§4)", () => {
  it("toggling an issue twice leaves the selection as it was", () => {
    fc.assert(
      fc.property(ids, fc.stringMatching(/^[a-f]$/), (selected, id) => {
        const state = { ...initialBoardState(), selectedIssueIds: selected };
        const once = reduce(state, issueSelectionToggled(id));
        expect(once.selectedIssueIds.includes(id)).toBe(!selected.includes(id));
        expect([...reduce(once, issueSelectionToggled(id)).selectedIssueIds].sort()).toEqual([...selected].sort());
      }),
    );
  });

  it("select many adds without duplicates, unselect many removes, clear empties", () => {
    fc.assert(
      fc.property(ids, ids, (selected, more) => {
        const state = { ...initialBoardState(), selectedIssueIds: selected };
        const added = reduce(state, issuesSelected(more)).selectedIssueIds;
        expect(new Set(added)).toEqual(new Set([...selected, ...more]));
        expect(added).toHaveLength(new Set(added).size);
        const removed = reduce(state, issuesUnselected(more)).selectedIssueIds;
        expect(removed).toEqual(selected.filter((id) => !more.includes(id)));
        expect(reduce(state, selectionCleared()).selectedIssueIds).toEqual([]);
      }),
    );
  });
});

describe("quick-action selection mode", () => {
  it("turns on and off", () => {
    const on = reduce(initialBoardState(), quickActionSelectionModeSet(true));
    expect(on.isQuickActionSelectionMode).toBe(true);
    expect(reduce(on, quickActionSelectionModeSet(false)).isQuickActionSelectionMode).toBe(false);
  });
});

describe("pipeline editing (§3)", () => {
  it("opens and closes the add-pipeline form and the pipelines error", () => {
    const open = reduce(reduce(initialBoardState(), addPipelineFormSet(true)), pipelinesErrorSet(true));
    expect(open).toMatchObject({ isAddPipelineActive: true, isPipelinesErrorActive: true });
    const closed = reduce(reduce(open, addPipelineFormSet(false)), pipelinesErrorSet(false));
    expect(closed).toMatchObject({ isAddPipelineActive: false, isPipelinesErrorActive: false });
  });
});

describe("bulk actions (§4: start and end events)", () => {
  it("keeps one modal open at a time", () => {
    const moving = reduce(initialBoardState(), bulkActionModalSet("move"));
    expect(reduce(moving, bulkActionModalSet("labels")).activeBulkActionModal).toBe("labels");
    expect(reduce(moving, bulkActionModalSet(null)).activeBulkActionModal).toBeNull();
  });

  it("holds a running action and its issues as pending until it ends, whatever else is pending", () => {
    fc.assert(
      fc.property(ids, ids, ids, (alreadyPending, first, second) => {
        let state = { ...initialBoardState(), pendingIssueIds: alreadyPending };
        state = reduce(state, bulkActionStarted({ actionId: "one", issueIds: first }));
        state = reduce(state, bulkActionStarted({ actionId: "two", issueIds: second }));
        expect(state.pendingBulkActions).toEqual(["one", "two"]);
        expect(new Set(state.pendingIssueIds)).toEqual(new Set([...alreadyPending, ...first, ...second]));
        expect(new Set(state.pendingIssueIds).size).toBe(state.pendingIssueIds.length);

        state = reduce(state, bulkActionEnded({ actionId: "one", issueIds: first }));
        expect(state.pendingBulkActions).toEqual(["two"]);
        expect(state.pendingIssueIds.some((id) => first.includes(id))).toBe(false);
        state = reduce(state, bulkActionEnded({ actionId: "two", issueIds: second }));
        expect(state.pendingBulkActions).toEqual([]);
        expect(state.pendingIssueIds).toEqual(alreadyPending.filter((id) => ![...first, ...second].includes(id)));
      }),
    );
  });
});

describe("pipeline sort (§4)", () => {
  const sortType = fc.constantFrom(...SORT_TYPES.slice(1));

  it("stores another type with its message", () => {
    fc.assert(
      fc.property(sortType, (type) => {
        const state = reduce(initialBoardState(), pipelineSortSet({ pipelineId: "p", sortType: type, message: "m" }));
        expect(state.sortedPipelines).toEqual({ p: type });
        expect(state.sortedPipelinesEventMessage).toEqual({ p: "m" });
      }),
    );
  });

  it("the same pipeline again with no type or the manual type removes the sort and its message", () => {
    fc.assert(
      fc.property(sortType, fc.constantFrom(undefined, "SORT_TYPE_MANUAL" as const), (type, reset) => {
        const sorted = reduce(
          reduce(initialBoardState(), pipelineSortSet({ pipelineId: "p", sortType: type, message: "m" })),
          pipelineSortSet({ pipelineId: "q", sortType: type, message: "n" }),
        );
        const state = reduce(sorted, pipelineSortSet({ pipelineId: "p", sortType: reset }));
        expect(state.sortedPipelines).toEqual({ q: type });
        expect(state.sortedPipelinesEventMessage).toEqual({ q: "n" });
      }),
    );
  });
});

describe("clearing (§4)", () => {
  it("clearing filters empties every list and resets filterOrder and filterLogic, keeping the search", () => {
    const state = {
      ...initialBoardState(),
      filters: { ...emptyFilters("bug"), labels: { in: ["x"], nin: ["y"] }, milestones: { value: ["1"] } },
      filterOrder: ["labels", "milestones"],
      filterLogic: "any" as const,
    };
    const cleared = reduce(state, filtersCleared());
    expect(cleared.filters).toEqual(emptyFilters("bug"));
    expect(cleared.filterOrder).toEqual([]);
    expect(cleared.filterLogic).toBe("all");
  });

  it("clearing search empties the text", () => {
    const state = reduce(initialBoardState(), searchChanged("not:bug"));
    expect(reduce(state, searchCleared()).filters.search).toBe("");
  });

  it("board reset keeps the settings and forgets everything else", () => {
    let state = reduce(initialBoardState(), settingChanged({ name: "isCondensedViewEnabled", value: true }));
    state = reduce(state, boardLoaded());
    state = reduce(state, issuesSelected(["a"]));
    state = reduce(state, pipelineReloadMarked("p"));
    const reset = reduce(state, boardReset());
    expect(reset).toEqual({ ...initialBoardState(), settings: state.settings });
    expect(reset.settings.isCondensedViewEnabled).toBe(true);
  });
});

describe("pipeline reloads", () => {
  it("marks a pipeline once and unmarks it when reloaded", () => {
    let state = reduce(initialBoardState(), pipelineReloadMarked("p"));
    state = reduce(state, pipelineReloadMarked("p"));
    expect(state.pendingPipelineReloads).toEqual(["p"]);
    expect(reduce(state, pipelineReloaded("p")).pendingPipelineReloads).toEqual([]);
  });
});

describe("moves", () => {
  const counts = {
    from: { issuesCount: 2, pullRequestsCount: 1, totalStoryPoints: 0 },
    to: { issuesCount: 0, pullRequestsCount: 0, totalStoryPoints: 0 },
  };
  const move = (movedAt: number, isPullRequest = false): IssueMove => ({
    issueId: "i",
    isPullRequest,
    from: { pipelineId: "from", index: 0 },
    to: { pipelineId: "to", index: 0 },
    movedAt,
  });
  const loaded = reduce(initialBoardState(), pipelineCountsLoaded(counts));

  it("a started move is pending, recorded with its movedAt and counted in its new pipeline", () => {
    const state = reduce(loaded, issueMoveStarted(move(10)));
    expect(state.pendingIssueIds).toEqual(["i"]);
    expect(state.localIssueMoves).toEqual({ i: [10] });
    expect(state.pipelineCounts.from?.issuesCount).toBe(1);
    expect(state.pipelineCounts.to?.issuesCount).toBe(1);
    const pr = reduce(loaded, issueMoveStarted(move(10, true)));
    expect(pr.pipelineCounts.from?.pullRequestsCount).toBe(0);
    expect(pr.pipelineCounts.to?.pullRequestsCount).toBe(1);
  });

  it("a second move of the same card adds its movedAt; success ends pending and keeps the record", () => {
    let state = reduce(loaded, issueMoveStarted(move(10)));
    state = reduce(state, issueMoveStarted({ ...move(20), from: move(10).to, to: move(10).from }));
    expect(state.localIssueMoves).toEqual({ i: [10, 20] });
    state = reduce(state, issueMoveSucceeded(move(10)));
    expect(state.pendingIssueIds).toEqual([]);
    expect(state.localIssueMoves).toEqual({ i: [10, 20] });
  });

  it("a failed move ends pending, drops its movedAt and puts the counts back", () => {
    const state = reduce(reduce(loaded, issueMoveStarted(move(10))), issueMoveFailed(move(10)));
    expect(state.pendingIssueIds).toEqual([]);
    expect(state.localIssueMoves).toEqual({});
    expect(state.pipelineCounts).toEqual(counts);
  });
});

describe("the board store", () => {
  it("reads settings from storage and writes changes under their §9 keys", () => {
    const storage = memoryStorage({ showPRs: "false", isCondensedViewEnabled: "true", showLabels: "junk" });
    const store = createBoardStore(storage);
    const { settings } = store.getState().board;
    expect(settings.showPullRequests).toBe(false);
    expect(settings.isCondensedViewEnabled).toBe(true);
    expect(settings.showLabels).toBe(true);
    store.dispatch(settingChanged({ name: "showClosedPipeline", value: false }));
    expect(storage.getItem("showClosed")).toBe("false");
    store.dispatch(settingChanged({ name: "isFullScreen", value: true }));
    expect(storage.getItem("isFullScreen")).toBe("true");
  });
});
