import { type Executor, schema } from "@gantry/db";
import { and, asc, eq, inArray, type SQL } from "drizzle-orm";
import type { GantryEpicRow } from "../issues/epics.js";
import type { IssueRow } from "../issues/issue-loaders.js";
import type { ReleaseRow } from "../issues/releases.js";

const { epicDates, gantryEpics, issues, releases, workspaceRepositories } = schema;

export type RoadmapItemType = "GANTRY_EPIC" | "RELEASE" | "EPIC";

/** A GitHub epic as the roadmap lists it: its issue, its days, and a board (of those asked) showing it. */
export type EpicRoadmapRow = IssueRow & { startOn: string | null; endOn: string | null; workspaceId: string };

export type RoadmapItemRow =
  | ({ itemType: "GANTRY_EPIC" } & GantryEpicRow)
  | ({ itemType: "RELEASE" } & ReleaseRow)
  | ({ itemType: "EPIC" } & EpicRoadmapRow);

export interface RoadmapFilter {
  /** Only these kinds of item; every kind when empty or left out. */
  types?: readonly RoadmapItemType[] | null;
  /** Only these Gantry epics (other epics are left out; releases stay unless `releaseIds` is given too). */
  gantryEpicIds?: readonly string[] | null;
  /** Only these releases, in the same way. */
  releaseIds?: readonly string[] | null;
  /** Only these GitHub epics (issue ids), in the same way. */
  epicIds?: readonly string[] | null;
  /** Only items whose title contains this text, in any case. */
  query?: string | null;
  /** Items in one of `in`'s states and none of `nin`'s (a release or GitHub epic is OPEN or CLOSED). */
  state?: { in?: readonly RoadmapItemState[] | null; nin?: readonly RoadmapItemState[] | null } | null;
  /** Only dated items whose days meet this window (ISO days, either end open); undated items are left out. */
  startOn?: string | null;
  endOn?: string | null;
  /** By one day (undated items last either way), ties in the roadmap's own order; its own order when left out. */
  order?: { field: "start_on" | "end_on"; direction: "ASC" | "DESC" } | null;
}

export type RoadmapItemState = "OPEN" | "TODO" | "IN_PROGRESS" | "CLOSED";

/** An item's state as the reference's RoadmapItemState names it. */
function stateOf(item: RoadmapItemRow): RoadmapItemState {
  if (item.itemType === "EPIC") return item.state === "closed" ? "CLOSED" : "OPEN";
  return item.state;
}

/** Whether the item is kept by the filter's text, states and window. */
function keptByNarrowing(item: RoadmapItemRow, filter: RoadmapFilter): boolean {
  const text = filter.query?.trim().toLowerCase();
  if (text && !item.title.toLowerCase().includes(text)) return false;
  const state = stateOf(item);
  if (filter.state?.in && !filter.state.in.includes(state)) return false;
  if (filter.state?.nin?.includes(state)) return false;
  if (!filter.startOn && !filter.endOn) return true;
  const first = item.startOn ?? item.endOn;
  const last = item.endOn ?? item.startOn;
  if (!first || !last) return false;
  return (!filter.startOn || last >= filter.startOn) && (!filter.endOn || first <= filter.endOn);
}

function byOrder(order: NonNullable<RoadmapFilter["order"]>) {
  const day = (item: RoadmapItemRow) => (order.field === "start_on" ? item.startOn : item.endOn);
  const sign = order.direction === "DESC" ? -1 : 1;
  return (a: RoadmapItemRow, b: RoadmapItemRow) => {
    const [x, y] = [day(a), day(b)];
    if (!x || !y) return (x ? 0 : 1) - (y ? 0 : 1) || byDates(a, b);
    return sign * x.localeCompare(y) || byDates(a, b);
  };
}

const IDS_OF: Record<RoadmapItemType, keyof RoadmapFilter> = {
  GANTRY_EPIC: "gantryEpicIds",
  RELEASE: "releaseIds",
  EPIC: "epicIds",
};
const idsOf = (filter: RoadmapFilter, type: RoadmapItemType) => {
  const ids = filter[IDS_OF[type]];
  return Array.isArray(ids) && ids.length > 0 ? (ids as readonly string[]) : null;
};

/**
 * A list filter that narrows one kind: with ids for epics only, epics are narrowed to those ids
 * and releases are dropped, because someone who picked epics asked to see those epics.
 */
function wanted(filter: RoadmapFilter, type: RoadmapItemType): boolean {
  const types = filter.types?.length ? filter.types : null;
  if (types && !types.includes(type)) return false;
  const narrowed = (Object.keys(IDS_OF) as RoadmapItemType[]).some((kind) => idsOf(filter, kind));
  return !narrowed || idsOf(filter, type) !== null;
}

const byDates = (a: RoadmapItemRow, b: RoadmapItemRow) =>
  // Dated items first in start order; undated ones after, by title, so the "No due date" list stays put.
  (a.startOn ?? "\uffff").localeCompare(b.startOn ?? "\uffff") ||
  (a.endOn ?? "\uffff").localeCompare(b.endOn ?? "\uffff") ||
  a.title.localeCompare(b.title) ||
  a.id.localeCompare(b.id);

/**
 * The GitHub epics of the repositories the workspaces connect (their boards show them), each once, with
 * the first of those workspaces and their days.
 */
async function githubEpics(db: Executor, workspaceIds: readonly string[], ids: readonly string[] | null) {
  const conditions: SQL[] = [inArray(workspaceRepositories.workspaceId, [...workspaceIds]), eq(issues.isEpic, true)];
  if (ids) conditions.push(inArray(issues.id, [...ids]));
  const rows = await db
    .select({
      issue: issues,
      workspaceId: workspaceRepositories.workspaceId,
      startOn: epicDates.startOn,
      endOn: epicDates.endOn,
    })
    .from(issues)
    .innerJoin(workspaceRepositories, eq(workspaceRepositories.repositoryId, issues.repositoryId))
    .leftJoin(epicDates, eq(epicDates.issueId, issues.id))
    .where(and(...conditions))
    .orderBy(asc(issues.id), asc(workspaceRepositories.workspaceId));
  const seen = new Set<string>();
  return rows.flatMap((row): RoadmapItemRow[] => {
    if (seen.has(row.issue.id)) return [];
    seen.add(row.issue.id);
    return [{ ...row.issue, startOn: row.startOn, endOn: row.endOn, workspaceId: row.workspaceId, itemType: "EPIC" }];
  });
}

/**
 * The Gantry epics, releases and GitHub epics of the workspaces, for the roadmap. Callers have already checked the
 * person may read each workspace; this only reads.
 */
export async function roadmapItems(
  db: Executor,
  workspaceIds: readonly string[],
  filter: RoadmapFilter,
): Promise<RoadmapItemRow[]> {
  if (workspaceIds.length === 0) return [];
  const items: RoadmapItemRow[] = [];
  if (wanted(filter, "GANTRY_EPIC")) {
    const conditions: SQL[] = [inArray(gantryEpics.workspaceId, [...workspaceIds])];
    if (filter.gantryEpicIds?.length) conditions.push(inArray(gantryEpics.id, [...filter.gantryEpicIds]));
    const rows = await db
      .select()
      .from(gantryEpics)
      .where(and(...conditions));
    items.push(...rows.map((row) => ({ ...row, itemType: "GANTRY_EPIC" as const })));
  }
  if (wanted(filter, "RELEASE")) {
    const conditions: SQL[] = [inArray(releases.workspaceId, [...workspaceIds])];
    if (filter.releaseIds?.length) conditions.push(inArray(releases.id, [...filter.releaseIds]));
    const rows = await db
      .select()
      .from(releases)
      .where(and(...conditions));
    items.push(...rows.map((row) => ({ ...row, itemType: "RELEASE" as const })));
  }
  if (wanted(filter, "EPIC")) items.push(...(await githubEpics(db, workspaceIds, idsOf(filter, "EPIC"))));
  return items.filter((item) => keptByNarrowing(item, filter)).sort(filter.order ? byOrder(filter.order) : byDates);
}
