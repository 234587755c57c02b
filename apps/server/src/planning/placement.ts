import { rankBetween, ranksBetween } from "@gantry/domain";

/** An issue of one level of the planning tree, in planning order; null rank: not placed yet. */
export interface Sibling {
  id: string;
  rank: string | null;
}

/**
 * The ranks that put an issue at index `at` among its new siblings (listed in planning order,
 * without it). Unranked siblings sort after ranked ones, so those before the new place are
 * ranked first, in the order they already show in; nothing else appears to move.
 */
export function placement(siblings: Sibling[], at: number): { placed: { id: string; rank: string }[]; rank: string } {
  const index = Math.max(0, Math.min(at, siblings.length));
  const firstUnranked = siblings.findIndex((sibling) => sibling.rank === null);
  // The issue before the new place needs a rank; the one after need not, as unranked ones sort last anyway.
  const lastNeeded = index - 1;
  const ranked = siblings.map((sibling) => sibling.rank);
  const placed: { id: string; rank: string }[] = [];
  if (firstUnranked >= 0 && firstUnranked <= lastNeeded) {
    const run = siblings.slice(firstUnranked, lastNeeded + 1);
    const ranks = ranksBetween(ranked[firstUnranked - 1] ?? null, null, run.length);
    run.forEach((sibling, offset) => {
      const rank = ranks[offset] as string;
      ranked[firstUnranked + offset] = rank;
      placed.push({ id: sibling.id, rank });
    });
  }
  return { placed, rank: rankBetween(ranked[index - 1] ?? null, ranked[index] ?? null) };
}
