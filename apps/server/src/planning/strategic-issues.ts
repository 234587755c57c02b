import { type Executor, schema } from "@gantry/db";
import { type AnyColumn, and, count, eq, exists, inArray, isNull, not, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { jsonArrayHas } from "../board/filtering.js";
import { titleOrNumber } from "../board/search.js";
import { GantryError } from "../graphql/errors.js";
import {
  afterCursor,
  encodeCursor,
  keyValues,
  MANUAL_ORDER,
  orderBy,
  orderedKeys,
  type StrategicOrder,
} from "./strategic-order.js";

const { issues, planningRanks, workspaceRepositories, workspaces } = schema;

type IssueRow = typeof issues.$inferSelect;
/** The issue columns the filters read, on the issues table or any alias of it. */
type IssueTable = Record<
  "id" | "repositoryId" | "title" | "number" | "labels" | "state" | "mergedAt" | "issueType",
  AnyColumn
>;
export type IssueStateName = "OPEN" | "CLOSED" | "MERGED";

/** The panel's narrowing (decision 0023); with none of these set, the panel shows its whole tree. */
export interface StrategicFilters {
  workspaceId: string | null;
  repositoryIds: string[];
  query: string;
  labels: string[];
  states: IssueStateName[];
  /** Only these issues; none given: any. */
  issueIds?: string[] | null;
  /** Issue type names (any case): `in` keeps issues of one of them, `nin` those of none (untyped issues too); empty lists keep every issue. */
  issueTypes?: { in?: string[] | null; nin?: string[] | null } | null;
  /**
   * ZenHub's issue type levels: Gantry's issue types have none (`level` is null), so a range with a bound keeps
   * no issue, as a range over a missing value does.
   */
  issueTypeLevels?: { minimum?: number | null; maximum?: number | null } | null;
}

/** Who is looking: the organisation and every workspace (of any organisation) the viewer may open. */
export interface PlanningViewer {
  organizationId: string;
  visibleWorkspaceIds: string[];
}

export const MAX_PAGE = 100;

/** Whether anything narrows the panel beyond its default states (then matches show at the top even below a parent). */
export const isFiltered = (filters: StrategicFilters) =>
  Boolean(
    filters.workspaceId ||
      filters.repositoryIds.length ||
      filters.query.trim() ||
      filters.labels.length ||
      filters.issueIds?.length ||
      filters.issueTypes?.in?.length ||
      filters.issueTypes?.nin?.length ||
      hasLevelBound(filters),
  );

const hasLevelBound = (filters: StrategicFilters) =>
  filters.issueTypeLevels?.minimum != null || filters.issueTypeLevels?.maximum != null;

const lowerCased = (names: string[]) => names.map((name) => name.toLowerCase());

/** The issue type filter: names compare in any case, as issue types do. */
function issueTypeCondition(table: IssueTable, types: StrategicFilters["issueTypes"]): SQL | undefined {
  const kept = lowerCased(types?.in ?? []);
  const dropped = lowerCased(types?.nin ?? []);
  return and(
    kept.length ? inArray(sql`lower(${table.issueType})`, kept) : undefined,
    dropped.length ? sql`(${table.issueType} is null or lower(${table.issueType}) not in ${dropped})` : undefined,
  );
}

/** The repositories on these workspaces' boards (only those of `repositoryIds`, when given). */
const repositoriesOf = (db: Executor, workspaceIds: string[], repositoryIds: string[] = []) =>
  db
    .select({ id: workspaceRepositories.repositoryId })
    .from(workspaceRepositories)
    .where(
      and(
        workspaceIds.length ? inArray(workspaceRepositories.workspaceId, workspaceIds) : sql`false`,
        repositoryIds.length ? inArray(workspaceRepositories.repositoryId, repositoryIds) : undefined,
      ),
    );

/** The organisation's workspaces the viewer may open, narrowed to one when the filter asks. */
async function scopeWorkspaceIds(db: Executor, viewer: PlanningViewer, workspaceId: string | null) {
  const rows = await db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(eq(workspaces.organizationId, viewer.organizationId));
  return rows
    .map((row) => row.id)
    .filter((id) => viewer.visibleWorkspaceIds.includes(id) && (!workspaceId || id === workspaceId));
}

function stateCondition(table: IssueTable, states: IssueStateName[]): SQL | undefined {
  if (states.length === 0 || states.length === 3) return undefined;
  return or(
    ...states.map((state) =>
      state === "MERGED"
        ? sql`${table.mergedAt} is not null`
        : and(isNull(table.mergedAt), eq(table.state, state === "OPEN" ? "open" : "closed")),
    ),
  );
}

/** The scope and filters, as conditions on any alias of the issues table. */
function matcher(db: Executor, scope: string[], filters: StrategicFilters) {
  const scopedRepositories = repositoriesOf(db, scope, filters.repositoryIds);
  return (table: IssueTable) =>
    and(
      inArray(table.repositoryId, scopedRepositories),
      stateCondition(table, filters.states),
      titleOrNumber(table, filters.query),
      filters.labels.length ? jsonArrayHas(table.labels, "name", filters.labels) : undefined,
      filters.issueIds?.length ? inArray(table.id, filters.issueIds) : undefined,
      issueTypeCondition(table, filters.issueTypes),
      hasLevelBound(filters) ? sql`false` : undefined,
    ) as SQL;
}

export interface StrategicItem {
  issue: IssueRow;
  hasMatchingChildren: boolean;
  cursor: string;
}

/**
 * One level of the organisation's planning tree and its order (ranked issues by rank, then the
 * rest oldest first, issues opened in the same second by number). Without a parent it is the top
 * level: issues whose parent the viewer cannot see or, when filtered, whose parent does not match.
 * With a parent: its matching children.
 */
async function planningLevel(
  db: Executor,
  viewer: PlanningViewer,
  filters: StrategicFilters,
  parentIssueId: string | null,
) {
  const matches = matcher(db, await scopeWorkspaceIds(db, viewer, filters.workspaceId), filters);
  const readable = (table: IssueTable) => inArray(table.repositoryId, repositoriesOf(db, viewer.visibleWorkspaceIds));
  const parent = alias(issues, "parent");
  const child = alias(issues, "child");
  const level = parentIssueId
    ? and(
        eq(issues.parentIssueId, parentIssueId),
        exists(
          db
            .select({ id: parent.id })
            .from(parent)
            .where(and(eq(parent.id, parentIssueId), readable(parent))),
        ),
      )
    : not(
        exists(
          db
            .select({ id: parent.id })
            .from(parent)
            .where(and(eq(parent.id, issues.parentIssueId), isFiltered(filters) ? matches(parent) : readable(parent))),
        ),
      );
  return {
    where: and(matches(issues), level),
    ranked: and(eq(planningRanks.issueId, issues.id), eq(planningRanks.organizationId, viewer.organizationId)),
    hasMatchingChildren: sql<boolean>`${exists(
      db
        .select({ id: child.id })
        .from(child)
        .where(and(eq(child.parentIssueId, issues.id), matches(child))),
    )}`,
  };
}

/** searchStrategicIssues: a page of one level of the planning tree, paged by a cursor on its order. */
export async function searchStrategicIssues(
  db: Executor,
  viewer: PlanningViewer,
  options: {
    filters: StrategicFilters;
    parentIssueId: string | null;
    first: number;
    after: string | null;
    order?: StrategicOrder;
  },
) {
  if (options.first < 0 || options.first > MAX_PAGE)
    throw new GantryError("BAD_USER_INPUT", `Ask for between 0 and ${MAX_PAGE} issues at a time.`, { field: "first" });
  const level = await planningLevel(db, viewer, options.filters, options.parentIssueId);
  const order = orderedKeys(options.order ?? MANUAL_ORDER);
  const rows = await db
    .select({ issue: issues, keys: keyValues(order), hasMatchingChildren: level.hasMatchingChildren })
    .from(issues)
    .leftJoin(planningRanks, level.ranked)
    .where(and(level.where, options.after ? afterCursor(order, options.after) : undefined))
    .orderBy(...orderBy(order))
    .limit(options.first + 1);
  const [total] = await db.select({ value: count() }).from(issues).where(level.where);
  const items: StrategicItem[] = rows.slice(0, options.first).map((row) => ({
    issue: row.issue,
    hasMatchingChildren: row.hasMatchingChildren,
    cursor: encodeCursor(row.keys),
  }));
  return { items, hasNextPage: rows.length > options.first, totalCount: total?.value ?? 0 };
}

/** Every issue of a level in planning order, closed ones too, with its rank (null: not placed yet). */
export async function siblingOrder(db: Executor, viewer: PlanningViewer, parentIssueId: string | null) {
  const everything: StrategicFilters = { workspaceId: null, repositoryIds: [], query: "", labels: [], states: [] };
  const level = await planningLevel(db, viewer, everything, parentIssueId);
  return db
    .select({ id: issues.id, rank: planningRanks.rank })
    .from(issues)
    .leftJoin(planningRanks, level.ranked)
    .where(level.where)
    .orderBy(...orderBy(orderedKeys(MANUAL_ORDER)));
}
