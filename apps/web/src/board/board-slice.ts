import {
  type BoardFilters,
  type CreatedIssueType,
  DEFAULT_FILTER_LOGIC,
  DEFAULT_SORT_TYPE,
  emptyFilters,
  type FilterLogic,
  type PipelineCounts,
  type SortType,
} from "@gantry/domain";
import { createAction, createSlice, type PayloadAction } from "@reduxjs/toolkit";
import { type BoardSettingName, type BoardSettings, DEFAULT_BOARD_SETTINGS } from "./board-settings";
import type { IssueMove } from "./issue-move";

/** SPEC §3 "Board state", field for field. */
export interface BoardState {
  isLoaded: boolean;
  lastCreatedIssueType: CreatedIssueType;
  pendingIssueIds: string[];
  selectedIssueIds: string[];
  isQuickActionSelectionMode: boolean;
  isAddPipelineActive: boolean;
  isPipelinesErrorActive: boolean;
  pipelineCounts: Record<string, PipelineCounts>;
  pendingPipelineReloads: string[];
  /** Issue id → when each local move of it was made. */
  localIssueMoves: Record<string, number[]>;
  sortedPipelines: Record<string, SortType>;
  sortedPipelinesEventMessage: Record<string, string>;
  settings: BoardSettings;
  isSettingsLoaded: boolean;
  filters: BoardFilters;
  filterOrder: string[];
  filterLogic: FilterLogic;
  activeBulkActionModal: string | null;
  userEventIds: string[];
  pendingBulkActions: string[];
  activeSavedViewId: string | null;
  lastRepositoryRemovedTime: number | null;
}

export function initialBoardState(): BoardState {
  return {
    isLoaded: false,
    lastCreatedIssueType: "ISSUE",
    pendingIssueIds: [],
    selectedIssueIds: [],
    isQuickActionSelectionMode: false,
    isAddPipelineActive: false,
    isPipelinesErrorActive: false,
    pipelineCounts: {},
    pendingPipelineReloads: [],
    localIssueMoves: {},
    sortedPipelines: {},
    sortedPipelinesEventMessage: {},
    settings: DEFAULT_BOARD_SETTINGS,
    isSettingsLoaded: false,
    filters: emptyFilters(),
    filterOrder: [],
    filterLogic: DEFAULT_FILTER_LOGIC,
    activeBulkActionModal: null,
    userEventIds: [],
    pendingBulkActions: [],
    activeSavedViewId: null,
    lastRepositoryRemovedTime: null,
  };
}

export interface AppliedBoardFilters {
  filters: BoardFilters;
  filterOrder: string[];
  filterLogic: FilterLogic;
  savedViewId: string | null;
}

/** A card went to another place at once; the server has not answered yet. */
export const issueMoveStarted = createAction<IssueMove>("board/issueMoveStarted");
export const issueMoveSucceeded = createAction<IssueMove>("board/issueMoveSucceeded");
/** The server refused or could not be reached: the card goes back. */
export const issueMoveFailed = createAction<IssueMove>("board/issueMoveFailed");

/** What a running bulk action is doing: its id in `pendingBulkActions`, and the issues it changes. */
export interface BulkActionRun {
  actionId: string;
  issueIds: string[];
}

/** §4: bulk actions have start and end events; their issues are pending meanwhile. */
export const bulkActionStarted = createAction<BulkActionRun>("board/bulkActionStarted");
export const bulkActionEnded = createAction<BulkActionRun>("board/bulkActionEnded");

const without = (ids: string[], removed: readonly string[]) => ids.filter((id) => !removed.includes(id));
const withAdded = (ids: string[], added: readonly string[]) => [...ids, ...added.filter((id) => !ids.includes(id))];

function shiftCount(state: BoardState, pipelineId: string, move: IssueMove, by: 1 | -1) {
  const counts = state.pipelineCounts[pipelineId];
  if (!counts) return;
  if (move.isPullRequest) counts.pullRequestsCount = Math.max(0, counts.pullRequestsCount + by);
  else counts.issuesCount = Math.max(0, counts.issuesCount + by);
}

function transferCount(state: BoardState, move: IssueMove, fromPipelineId: string, toPipelineId: string) {
  if (fromPipelineId === toPipelineId) return;
  shiftCount(state, fromPipelineId, move, -1);
  shiftCount(state, toPipelineId, move, 1);
}

export const boardSlice = createSlice({
  name: "board",
  initialState: initialBoardState,
  reducers: {
    boardLoaded(state) {
      state.isLoaded = true;
    },
    /** Board reset (§4) keeps the settings. */
    boardReset(state) {
      return { ...initialBoardState(), settings: state.settings, isSettingsLoaded: state.isSettingsLoaded };
    },
    issueSelectionToggled(state, action: PayloadAction<string>) {
      const id = action.payload;
      state.selectedIssueIds = state.selectedIssueIds.includes(id)
        ? without(state.selectedIssueIds, [id])
        : [...state.selectedIssueIds, id];
    },
    issuesSelected(state, action: PayloadAction<string[]>) {
      state.selectedIssueIds = withAdded(state.selectedIssueIds, action.payload);
    },
    issuesUnselected(state, action: PayloadAction<string[]>) {
      state.selectedIssueIds = without(state.selectedIssueIds, action.payload);
    },
    selectionCleared(state) {
      state.selectedIssueIds = [];
    },
    quickActionSelectionModeSet(state, action: PayloadAction<boolean>) {
      state.isQuickActionSelectionMode = action.payload;
    },
    addPipelineFormSet(state, action: PayloadAction<boolean>) {
      state.isAddPipelineActive = action.payload;
    },
    pipelinesErrorSet(state, action: PayloadAction<boolean>) {
      state.isPipelinesErrorActive = action.payload;
    },
    /** The bulk action modal that is open (e.g. "move"), or null. */
    bulkActionModalSet(state, action: PayloadAction<string | null>) {
      state.activeBulkActionModal = action.payload;
    },
    pipelineCountsLoaded(state, action: PayloadAction<Record<string, PipelineCounts>>) {
      state.pipelineCounts = action.payload;
    },
    pipelineReloadMarked(state, action: PayloadAction<string>) {
      state.pendingPipelineReloads = withAdded(state.pendingPipelineReloads, [action.payload]);
    },
    pipelineReloaded(state, action: PayloadAction<string>) {
      state.pendingPipelineReloads = without(state.pendingPipelineReloads, [action.payload]);
    },
    /** §4: the same pipeline again with no type, or the manual type, removes its sort and message. */
    pipelineSortSet(state, action: PayloadAction<{ pipelineId: string; sortType?: SortType; message?: string }>) {
      const { pipelineId, sortType, message } = action.payload;
      if (!sortType || sortType === DEFAULT_SORT_TYPE) {
        delete state.sortedPipelines[pipelineId];
        delete state.sortedPipelinesEventMessage[pipelineId];
        return;
      }
      state.sortedPipelines[pipelineId] = sortType;
      if (message) state.sortedPipelinesEventMessage[pipelineId] = message;
      else delete state.sortedPipelinesEventMessage[pipelineId];
    },
    /** The kind of issue the new-issue dialog last created, so it opens on that kind again. */
    lastCreatedIssueTypeSet(state, action: PayloadAction<CreatedIssueType>) {
      state.lastCreatedIssueType = action.payload;
    },
    settingChanged(state, action: PayloadAction<{ name: BoardSettingName; value: boolean }>) {
      state.settings[action.payload.name] = action.payload.value;
    },
    searchChanged(state, action: PayloadAction<string>) {
      state.filters.search = action.payload;
    },
    /** §4: clearing search empties the text. */
    searchCleared(state) {
      state.filters.search = "";
    },
    /** §4: clearing filters empties every filter list and resets filterOrder and filterLogic. */
    filtersCleared(state) {
      state.filters = emptyFilters(state.filters.search);
      state.filterOrder = [];
      state.filterLogic = DEFAULT_FILTER_LOGIC;
    },
    /** A filter menu changed its key's lists; the key joins filterOrder the first time it is used. */
    filterChanged(state, action: PayloadAction<{ key: string; filters: BoardFilters }>) {
      state.filters = action.payload.filters;
      if (!state.filterOrder.includes(action.payload.key)) state.filterOrder.push(action.payload.key);
    },
    filterLogicSet(state, action: PayloadAction<FilterLogic>) {
      state.filterLogic = action.payload;
    },
    /** A shared link or a saved view replaces the filters, their order, the logic and the active view at once. */
    boardFiltersApplied(state, action: PayloadAction<AppliedBoardFilters>) {
      state.filters = action.payload.filters;
      state.filterOrder = action.payload.filterOrder;
      state.filterLogic = action.payload.filterLogic;
      state.activeSavedViewId = action.payload.savedViewId;
    },
    activeSavedViewSet(state, action: PayloadAction<string | null>) {
      state.activeSavedViewId = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(issueMoveStarted, (state, { payload: move }) => {
        state.pendingIssueIds = withAdded(state.pendingIssueIds, [move.issueId]);
        state.localIssueMoves[move.issueId] = [...(state.localIssueMoves[move.issueId] ?? []), move.movedAt];
        transferCount(state, move, move.from.pipelineId, move.to.pipelineId);
      })
      .addCase(issueMoveSucceeded, (state, { payload: move }) => {
        state.pendingIssueIds = without(state.pendingIssueIds, [move.issueId]);
      })
      .addCase(bulkActionStarted, (state, { payload }) => {
        state.pendingBulkActions = withAdded(state.pendingBulkActions, [payload.actionId]);
        state.pendingIssueIds = withAdded(state.pendingIssueIds, payload.issueIds);
      })
      .addCase(bulkActionEnded, (state, { payload }) => {
        state.pendingBulkActions = without(state.pendingBulkActions, [payload.actionId]);
        state.pendingIssueIds = without(state.pendingIssueIds, payload.issueIds);
      })
      .addCase(issueMoveFailed, (state, { payload: move }) => {
        state.pendingIssueIds = without(state.pendingIssueIds, [move.issueId]);
        const movedAt = (state.localIssueMoves[move.issueId] ?? []).filter((at) => at !== move.movedAt);
        if (movedAt.length) state.localIssueMoves[move.issueId] = movedAt;
        else delete state.localIssueMoves[move.issueId];
        transferCount(state, move, move.to.pipelineId, move.from.pipelineId);
      });
  },
});

export const {
  boardLoaded,
  boardReset,
  issueSelectionToggled,
  issuesSelected,
  issuesUnselected,
  selectionCleared,
  quickActionSelectionModeSet,
  addPipelineFormSet,
  pipelinesErrorSet,
  bulkActionModalSet,
  pipelineCountsLoaded,
  pipelineReloadMarked,
  pipelineReloaded,
  pipelineSortSet,
  lastCreatedIssueTypeSet,
  settingChanged,
  searchChanged,
  searchCleared,
  filtersCleared,
  filterChanged,
  filterLogicSet,
  boardFiltersApplied,
  activeSavedViewSet,
} = boardSlice.actions;
