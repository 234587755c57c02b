import { createSlice, current, type PayloadAction } from "@reduxjs/toolkit";

/** The tree's key for top-level items (SPEC §3 "Planning panel state"). */
export const ROOT = "__root__";

/** What a row of the panel shows of an issue; `id` and `parentIssue` are SPEC §3's. */
export interface PlanningIssue {
  id: string;
  parentIssue: { id: string } | null;
  number: number;
  title: string;
  state: "OPEN" | "CLOSED" | "MERGED";
  repository: { name: string };
  estimate: { value: number } | null;
  assignees: { login: string; avatarUrl: string | null }[];
  /** Its sub-issues, closed of total; null without any. */
  issueCountProgress: { closed: number; total: number } | null;
}

/** SPEC §3 "Strategic planning item". */
export interface PlanningItem {
  issue: PlanningIssue;
  hasMatchingChildren: boolean | null;
}

export type PlanningTree = Record<string, PlanningItem[]>;

/** The hitbox package's tree-item instructions; anything but make-child and reorder-below inserts before. */
export type MoveInstruction = "make-child" | "reorder-above" | "reorder-below" | "instruction-blocked";

export interface PlanningMove {
  itemId: string;
  targetId: string;
  instruction: MoveInstruction;
}

/** SPEC §3 "Planning panel state". */
export interface PlanningState {
  tree: PlanningTree;
  /** The tree before the move now waiting for the server; null when none is. */
  preMoveTree: PlanningTree | null;
  /** The next top-level page's cursor; false when there are no more pages, null before the first. */
  topLevelCursor: string | false | null;
}

export const initialPlanningState = (): PlanningState => ({ tree: {}, preMoveTree: null, topLevelCursor: null });

export interface PlanningPage {
  items: PlanningItem[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  /** How many filters narrow the panel (SPEC §4: with none, only root items are kept). */
  filterCount: number;
}

/** The list holding an item and its index there. */
function locate(tree: PlanningTree, id: string): { key: string; index: number } | null {
  for (const [key, items] of Object.entries(tree)) {
    const index = items.findIndex((item) => item.issue.id === id);
    if (index >= 0) return { key, index };
  }
  return null;
}

/** Whether `id` is `ancestorId` or sits somewhere below it in the loaded tree. */
export function isWithin(tree: PlanningTree, id: string, ancestorId: string): boolean {
  if (id === ancestorId) return true;
  return (tree[ancestorId] ?? []).some((child) => isWithin(tree, id, child.issue.id));
}

function setHasChildren(tree: PlanningTree, id: string, value: boolean) {
  const place = locate(tree, id);
  const item = place && tree[place.key]?.[place.index];
  if (item) item.hasMatchingChildren = value;
}

/** Appends the page's items not already in the list (a page can overlap the last after the server's order moved). */
function appendNew(list: PlanningItem[], items: PlanningItem[]): PlanningItem[] {
  const known = new Set(list.map((item) => item.issue.id));
  return [...list, ...items.filter((item) => !known.has(item.issue.id))];
}

export const planningSlice = createSlice({
  name: "planning",
  initialState: initialPlanningState,
  reducers: {
    topLevelPageLoaded(state, { payload }: PayloadAction<PlanningPage>) {
      if (state.preMoveTree) return;
      const items =
        payload.filterCount === 0 ? payload.items.filter((item) => item.issue.parentIssue === null) : payload.items;
      state.tree[ROOT] = appendNew(state.tree[ROOT] ?? [], items);
      state.topLevelCursor = payload.pageInfo.hasNextPage ? (payload.pageInfo.endCursor ?? false) : false;
    },
    /** All of a parent's matching children, replacing what was shown under it. */
    childrenLoaded(state, { payload }: PayloadAction<{ parentId: string; items: PlanningItem[] }>) {
      if (state.preMoveTree) return;
      state.tree[payload.parentId] = payload.items;
      setHasChildren(state.tree, payload.parentId, payload.items.length > 0);
    },
    moved(state, { payload }: PayloadAction<PlanningMove>) {
      const { itemId, targetId, instruction } = payload;
      const from = locate(state.tree, itemId);
      const target = locate(state.tree, targetId);
      if (!from || !target || isWithin(state.tree, targetId, itemId)) return;
      state.preMoveTree = current(state.tree);
      const [item] = state.tree[from.key]?.splice(from.index, 1) ?? [];
      if (!item) return;
      if (from.key !== ROOT && state.tree[from.key]?.length === 0) setHasChildren(state.tree, from.key, false);
      if (instruction === "make-child") {
        item.issue.parentIssue = { id: targetId };
        state.tree[targetId] = [...(state.tree[targetId] ?? []), item];
        setHasChildren(state.tree, targetId, true);
        return;
      }
      const destination = locate(state.tree, targetId);
      const list = destination && state.tree[destination.key];
      if (!destination || !list) return;
      item.issue.parentIssue = list[destination.index]?.issue.parentIssue ?? null;
      list.splice(destination.index + (instruction === "reorder-below" ? 1 : 0), 0, item);
      if (destination.key !== ROOT) setHasChildren(state.tree, destination.key, true);
    },
    confirmed(state) {
      state.preMoveTree = null;
    },
    reverted(state) {
      if (!state.preMoveTree) return;
      state.tree = state.preMoveTree;
      state.preMoveTree = null;
    },
    reset: () => initialPlanningState(),
  },
});

export const { topLevelPageLoaded, childrenLoaded, moved, confirmed, reverted, reset } = planningSlice.actions;
