import type { ItemMode } from "@atlaskit/pragmatic-drag-and-drop-hitbox/tree-item";
import { type MoveInstruction, type PlanningItem, type PlanningMove, type PlanningTree, ROOT } from "./planning-slice";

/** A tree row as drawn: the item, its depth, the list it sits in and its neighbours there. */
export interface PlanningRowEntry {
  item: PlanningItem;
  level: number;
  parentKey: string;
  previousId: string | null;
  nextId: string | null;
  mode: ItemMode;
  isExpanded: boolean;
}

/** The rows to draw: the top level, and under each expanded parent its loaded children. */
export function visibleRows(tree: PlanningTree, expanded: ReadonlySet<string>): PlanningRowEntry[] {
  const rows: PlanningRowEntry[] = [];
  const walk = (key: string, level: number) => {
    const list = tree[key] ?? [];
    list.forEach((item, index) => {
      const id = item.issue.id;
      const isExpanded = expanded.has(id) && item.hasMatchingChildren === true;
      const isLast = index === list.length - 1;
      rows.push({
        item,
        level,
        parentKey: key,
        previousId: list[index - 1]?.issue.id ?? null,
        nextId: list[index + 1]?.issue.id ?? null,
        mode: isExpanded && (tree[id]?.length ?? 0) > 0 ? "expanded" : isLast ? "last-in-group" : "standard",
        isExpanded,
      });
      if (isExpanded) walk(id, level + 1);
    });
  };
  walk(ROOT, 0);
  return rows;
}

/**
 * The move an Alt+arrow asks for (decision 0023): up/down swap with the neighbour, right makes the
 * issue the previous sibling's last child, left puts it just below its parent.
 */
export function keyboardMove(row: PlanningRowEntry, key: string): PlanningMove | null {
  const itemId = row.item.issue.id;
  const to = (targetId: string | null, instruction: MoveInstruction) =>
    targetId ? { itemId, targetId, instruction } : null;
  switch (key) {
    case "ArrowUp":
      return to(row.previousId, "reorder-above");
    case "ArrowDown":
      return to(row.nextId, "reorder-below");
    case "ArrowRight":
      return to(row.previousId, "make-child");
    case "ArrowLeft":
      return to(row.parentKey === ROOT ? null : row.parentKey, "reorder-below");
    default:
      return null;
  }
}
