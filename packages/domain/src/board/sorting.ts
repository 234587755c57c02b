import type { SortType } from "./sort-types.js";

/** What the §9 sort types order a pipeline's issues by. Times are epoch milliseconds. */
export interface SortableIssue {
  id: string;
  /** Board order within the pipeline. */
  rank: string;
  title: string;
  createdAt: number;
  /** When the issue entered its pipeline. */
  movedAt: number;
  assigneeLogins: readonly string[];
  estimate: number | null;
  /** The start of the earliest sprint holding the issue. */
  sprintStartAt: number | null;
  /** The rank of the issue's priority in the workspace (SPEC: 1 is high); null without one. */
  priorityRank: number | null;
}

/**
 * Code-point order, the order of PostgreSQL's `collate "C"`, so the server's SQL and this
 * sort agree on every string (JavaScript's `<` compares UTF-16 units, which differs past U+FFFF).
 */
export function compareCodePoints(a: string, b: string): number {
  const left = Array.from(a);
  const right = Array.from(b);
  for (let index = 0; index < Math.min(left.length, right.length); index++) {
    const difference = (left[index]?.codePointAt(0) ?? 0) - (right[index]?.codePointAt(0) ?? 0);
    if (difference !== 0) return difference;
  }
  return left.length - right.length;
}

type Compare = (a: SortableIssue, b: SortableIssue) => number;

const ascending =
  <T>(key: (issue: SortableIssue) => T, compare: (a: T, b: T) => number): Compare =>
  (a, b) =>
    compare(key(a), key(b));

const descending =
  <T>(key: (issue: SortableIssue) => T, compare: (a: T, b: T) => number): Compare =>
  (a, b) =>
    compare(key(b), key(a));

const byNumber = (a: number, b: number) => a - b;

/** Issues without the key go last whichever way the known keys run. */
function missingLast<T>(compare: (a: T, b: T) => number): (a: T | null, b: T | null) => number {
  return (a, b) => {
    if (a === null || b === null) return (a === null ? 1 : 0) - (b === null ? 1 : 0);
    return compare(a, b);
  };
}

const titleKey = (issue: SortableIssue) => issue.title.toLowerCase();
const firstAssigneeKey = (issue: SortableIssue) => issue.assigneeLogins[0]?.toLowerCase() ?? null;

const SORT_ORDERS: Record<SortType, Compare | null> = {
  SORT_TYPE_MANUAL: null,
  NEWEST: descending((issue) => issue.createdAt, byNumber),
  OLDEST: ascending((issue) => issue.createdAt, byNumber),
  TIME_IN_PIPELINE_OLD_NEW: ascending((issue) => issue.movedAt, byNumber),
  TIME_IN_PIPELINE_NEW_OLD: descending((issue) => issue.movedAt, byNumber),
  TITLE_AZ: ascending(titleKey, compareCodePoints),
  TITLE_ZA: descending(titleKey, compareCodePoints),
  ASSIGNEE: ascending(firstAssigneeKey, missingLast(compareCodePoints)),
  ESTIMATE_HIGH_LOW: ascending(
    (issue) => issue.estimate,
    missingLast((a, b) => b - a),
  ),
  ESTIMATE_LOW_HIGH: ascending((issue) => issue.estimate, missingLast(byNumber)),
  SPRINT: ascending((issue) => issue.sprintStartAt, missingLast(byNumber)),
  PRIORITY: ascending((issue) => issue.priorityRank, missingLast(byNumber)),
};

/** Ties, and the manual order, fall back to board order, then id: every order is total. */
const boardOrder: Compare = (a, b) => compareCodePoints(a.rank, b.rank) || compareCodePoints(a.id, b.id);

/** A pipeline's issues in the order a §9 sort type asks for; the input is left as it was. */
export function sortBoardIssues<T extends SortableIssue>(issues: readonly T[], sortType: SortType): T[] {
  const order = SORT_ORDERS[sortType];
  return [...issues].sort((a, b) => (order ? order(a, b) : 0) || boardOrder(a, b));
}
