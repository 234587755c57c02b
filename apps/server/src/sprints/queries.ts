import { type Executor, preparedStatement, schema } from "@gantry/db";
import { assumedEstimate, averageSprintVelocity, fillSprints, VELOCITY_SPRINT_COUNT } from "@gantry/domain";
import { and, asc, desc, eq, gt, inArray, isNotNull, lte, notInArray, type SQL, sql } from "drizzle-orm";
import { containing } from "../board/filter-options.js";
import { currentSprintId } from "../board/filtering.js";

const { issuePositions, issues, pipelines, sprintConfigs, sprintIssues, sprints, workspaceRepositories, workspaces } =
  schema;

export type SprintConfigRow = typeof sprintConfigs.$inferSelect;
export type SprintRow = typeof sprints.$inferSelect;

// Every board page's sprint predictions start here (B1, issue #14), so it is built once per database.
const sprintConfigStatement = preparedStatement("sprint_config", (db, name) =>
  db
    .select()
    .from(sprintConfigs)
    .where(eq(sprintConfigs.workspaceId, sql.placeholder("workspaceId")))
    .prepare(name),
);

export async function sprintConfigOf(db: Executor, workspaceId: string): Promise<SprintConfigRow | null> {
  const prepared = sprintConfigStatement(db);
  const [config] = prepared
    ? await prepared.execute({ workspaceId })
    : await db.select().from(sprintConfigs).where(eq(sprintConfigs.workspaceId, workspaceId));
  return config ?? null;
}

const knownConfigs = new WeakMap<object, Map<string, SprintConfigRow | null>>();

/** A workspace's config read by another statement of the request (`request` is its context), for sprintFillPlan. */
export function primeSprintConfig(request: object, workspaceId: string, config: SprintConfigRow | null): void {
  const configs = knownConfigs.get(request) ?? new Map<string, SprintConfigRow | null>();
  knownConfigs.set(request, configs);
  configs.set(workspaceId, config);
}

/** What primeSprintConfig was given for the workspace in this request; undefined when nothing. */
export function primedSprintConfig(request: object, workspaceId: string): SprintConfigRow | null | undefined {
  return knownConfigs.get(request)?.get(workspaceId);
}

export type SprintOrderField = "END_AT" | "START_AT";
export type OrderDirection = "ASC" | "DESC";

export interface SprintSearch {
  query?: string | null;
  state?: "OPEN" | "CLOSED" | null;
  idIn?: string[] | null;
  idNotIn?: string[] | null;
  /** Only the workspace's active sprint (`current_sprint`). */
  currentOnly?: boolean;
  orderBy?: { field: SprintOrderField; direction: OrderDirection } | null;
}

/**
 * The workspace's sprints. Without an order, SPEC §4's: open sprints first, soonest first, then closed
 * ones by `endAt`, most recent first.
 */
export async function searchSprints(db: Executor, workspaceId: string, search: SprintSearch, now: Date) {
  const conditions: (SQL | undefined)[] = [
    eq(sprints.workspaceId, workspaceId),
    containing(sprints.name, search.query),
  ];
  if (search.state) conditions.push(eq(sprints.state, search.state));
  if (search.idIn) conditions.push(search.idIn.length ? inArray(sprints.id, search.idIn) : sql`false`);
  if (search.idNotIn?.length) conditions.push(notInArray(sprints.id, search.idNotIn));
  if (search.currentOnly) {
    const current = await currentSprintId(db, workspaceId, now);
    conditions.push(current ? eq(sprints.id, current) : sql`false`);
  }
  const column = search.orderBy?.field === "START_AT" ? sprints.startAt : sprints.endAt;
  const order = search.orderBy
    ? [search.orderBy.direction === "ASC" ? asc(column) : desc(column), asc(sprints.id)]
    : [
        desc(sql`${sprints.state} = 'OPEN'`),
        sql`case when ${sprints.state} = 'OPEN' then ${sprints.startAt} end asc`,
        desc(sprints.endAt),
        asc(sprints.id),
      ];
  return db
    .select()
    .from(sprints)
    .where(and(...conditions))
    .orderBy(...order);
}

export async function sprintById(db: Executor, id: string | null): Promise<SprintRow | null> {
  if (!id) return null;
  const [sprint] = await db.select().from(sprints).where(eq(sprints.id, id));
  return sprint ?? null;
}

/** The reference's `upcomingSprint`: the soonest open sprint that has not started. */
export async function upcomingSprint(db: Executor, workspaceId: string, now: Date): Promise<SprintRow | null> {
  const [sprint] = await db
    .select()
    .from(sprints)
    .where(and(eq(sprints.workspaceId, workspaceId), eq(sprints.state, "OPEN"), gt(sprints.startAt, now)))
    .orderBy(asc(sprints.startAt), asc(sprints.id))
    .limit(1);
  return sprint ?? null;
}

/** The reference's `previousSprint`: the sprint that ended last, closed yet or not. */
export async function previousSprint(db: Executor, workspaceId: string, now: Date): Promise<SprintRow | null> {
  const [sprint] = await db
    .select()
    .from(sprints)
    .where(and(eq(sprints.workspaceId, workspaceId), lte(sprints.endAt, now)))
    .orderBy(desc(sprints.endAt), asc(sprints.id))
    .limit(1);
  return sprint ?? null;
}

/** SPEC §3: the last sprint with state CLOSED. */
export async function recentlyCompletedSprints(db: Executor, workspaceId: string, count: number): Promise<SprintRow[]> {
  return db
    .select()
    .from(sprints)
    .where(and(eq(sprints.workspaceId, workspaceId), eq(sprints.state, "CLOSED")))
    .orderBy(desc(sprints.endAt), asc(sprints.id))
    .limit(count);
}

export interface SprintStats {
  issueCount: number;
  closedIssuesCount: number;
  totalPoints: number;
  completedPoints: number;
}

/**
 * Scope and progress per sprint. An issue counts as completed when it is closed, and for a closed sprint
 * only if it closed before the sprint did: finishing a carried-over issue later counts in the later sprint.
 */
export async function sprintStats(db: Executor, sprintIds: string[]): Promise<SprintStats[]> {
  if (sprintIds.length === 0) return [];
  const completed = sql`${issues.state} = 'closed' and (${sprints.state} = 'OPEN' or ${issues.closedAt} is null or ${issues.closedAt} <= coalesce(${sprints.closedAt}, ${sprints.endAt}))`;
  const rows = await db
    .select({
      sprintId: sprintIssues.sprintId,
      issueCount: sql<number>`count(*)::int`,
      closedIssuesCount: sql<number>`(count(*) filter (where ${completed}))::int`,
      totalPoints: sql<number>`coalesce(sum(${issues.estimate}), 0)::float8`,
      completedPoints: sql<number>`coalesce(sum(${issues.estimate}) filter (where ${completed}), 0)::float8`,
    })
    .from(sprintIssues)
    .innerJoin(issues, eq(issues.id, sprintIssues.issueId))
    .innerJoin(sprints, eq(sprints.id, sprintIssues.sprintId))
    .where(inArray(sprintIssues.sprintId, sprintIds))
    .groupBy(sprintIssues.sprintId);
  return sprintIds.map((id) => {
    const row = rows.find((candidate) => candidate.sprintId === id);
    return row
      ? {
          issueCount: Number(row.issueCount),
          closedIssuesCount: Number(row.closedIssuesCount),
          totalPoints: Number(row.totalPoints),
          completedPoints: Number(row.completedPoints),
        }
      : { issueCount: 0, closedIssuesCount: 0, totalPoints: 0, completedPoints: 0 };
  });
}

/** Points completed per sprint over the last three closed sprints (the reference's window). */
export async function workspaceVelocity(db: Executor, workspaceId: string): Promise<number | null> {
  const recent = await recentlyCompletedSprints(db, workspaceId, VELOCITY_SPRINT_COUNT);
  const stats = await sprintStats(
    db,
    recent.map((sprint) => sprint.id),
  );
  return averageSprintVelocity(
    recent.map((sprint, index) => ({ ...sprint, completedPoints: stats[index]?.completedPoints ?? 0 })),
  );
}

/** The points an unestimated issue counts for in this workspace (decision 0019). */
export async function workspaceAssumedEstimate(db: Executor, workspaceId: string): Promise<number> {
  const [workspace] = await db
    .select({ assumeEstimates: workspaces.assumeEstimates, assumedEstimateValue: workspaces.assumedEstimateValue })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  if (!workspace) return 0;
  const needsMedian = workspace.assumeEstimates && workspace.assumedEstimateValue === null;
  const estimates = needsMedian
    ? await db
        .select({ estimate: issues.estimate })
        .from(issues)
        .innerJoin(workspaceRepositories, eq(workspaceRepositories.repositoryId, issues.repositoryId))
        .where(and(eq(workspaceRepositories.workspaceId, workspaceId), isNotNull(issues.estimate)))
    : [];
  return assumedEstimate({
    ...workspace,
    workspaceEstimates: estimates.flatMap((row) => (row.estimate === null ? [] : [row.estimate])),
  });
}

/**
 * The pipeline sprints are filled from: the configured one; without automation and without a choice, the
 * workspace's first Backlog-stage pipeline, so "predicted" still means where the backlog is heading.
 */
async function fillPipelineId(db: Executor, config: SprintConfigRow): Promise<string | null> {
  if (config.issuesFromPipelineId) return config.issuesFromPipelineId;
  if (config.issuesFromPipelineEnabled) return null;
  const [backlog] = await db
    .select({ id: pipelines.id })
    .from(pipelines)
    .where(and(eq(pipelines.workspaceId, config.workspaceId), eq(pipelines.stage, "BACKLOG")))
    .orderBy(asc(sql`${pipelines.rank} collate "C"`))
    .limit(1);
  return backlog?.id ?? null;
}

export interface SprintFillPlan {
  /** Open sprints that have not started, soonest first, with the points already in them. */
  sprints: SprintRow[];
  /** Issue id → the sprint it lands in. */
  placements: Map<string, string>;
}

/**
 * Where the fill pipeline's open issues land if sprints are filled in board order (decision 0019). Sprints
 * hold `totalStoryPoints` each; without automation and without that number, the team's average velocity.
 * Issues already in an open sprint are left where they are. Helper for the badge and the backlog-fill job.
 */
export async function sprintFillPlan(
  db: Executor,
  workspaceId: string,
  now: Date,
  /** The workspace's config when the caller has read it already (a board page reads it with its pipeline). */
  knownConfig?: SprintConfigRow | null,
): Promise<SprintFillPlan> {
  const none: SprintFillPlan = { sprints: [], placements: new Map() };
  const config = knownConfig === undefined ? await sprintConfigOf(db, workspaceId) : knownConfig;
  if (!config) return none;
  const capacity =
    config.totalStoryPoints ?? (config.issuesFromPipelineEnabled ? null : await workspaceVelocity(db, workspaceId));
  const pipelineId = await fillPipelineId(db, config);
  // A team that has finished nothing yet has no pace to forecast from.
  if (capacity === null || capacity <= 0 || pipelineId === null) return none;
  const upcoming = await db
    .select()
    .from(sprints)
    .where(and(eq(sprints.workspaceId, workspaceId), eq(sprints.state, "OPEN"), gt(sprints.startAt, now)))
    .orderBy(asc(sprints.startAt), asc(sprints.id));
  if (upcoming.length === 0) return none;
  const inOpenSprint = db
    .select({ issueId: sprintIssues.issueId })
    .from(sprintIssues)
    .innerJoin(sprints, eq(sprints.id, sprintIssues.sprintId))
    .where(and(eq(sprints.workspaceId, workspaceId), eq(sprints.state, "OPEN")));
  const candidates = await db
    .select({ id: issues.id, estimate: issues.estimate })
    .from(issuePositions)
    .innerJoin(issues, eq(issues.id, issuePositions.issueId))
    .where(
      and(
        eq(issuePositions.workspaceId, workspaceId),
        eq(issuePositions.pipelineId, pipelineId),
        eq(issues.state, "open"),
        eq(issues.isPullRequest, false),
        notInArray(issues.id, inOpenSprint),
      ),
    )
    .orderBy(sql`${issuePositions.rank} collate "C"`, asc(issues.id));
  const stats = await sprintStats(
    db,
    upcoming.map((sprint) => sprint.id),
  );
  const placements = fillSprints(
    candidates,
    upcoming.map((sprint, index) => ({ id: sprint.id, committedPoints: stats[index]?.totalPoints ?? 0 })),
    capacity,
    await workspaceAssumedEstimate(db, workspaceId),
  );
  return { sprints: upcoming, placements };
}
