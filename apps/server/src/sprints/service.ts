import { type Database, type Executor, schema } from "@gantry/db";
import {
  canonicalTimeZone,
  DEFAULT_SPRINT_PERIOD,
  DEFAULT_SPRINT_START_TIME,
  dateInputError,
  INVALID_TIMEZONE_MESSAGE,
  localDay,
  MAX_SPRINT_CONFIG_NAME_LENGTH,
  normalizeTime,
  periodFromDays,
  type SprintSchedule,
  type SprintWindow,
  sprintIndexAt,
  sprintName,
  sprintPeriodError,
  sprintStart,
  sprintWindow,
  sprintWindowsAhead,
  timeInputError,
} from "@gantry/domain";
import { and, asc, eq, gt, inArray, max, or, type SQL } from "drizzle-orm";
import type { BoardEventBus } from "../events/board-events.js";
import { boardsShowing, publishIssuesChanged } from "../events/issue-events.js";
import { GantryError } from "../graphql/errors.js";
import { requireWorkspace } from "../organizations/access.js";
import { type SprintConfigRow, type SprintRow, sprintConfigOf, sprintFillPlan } from "./queries.js";
import { checkKindAndEndTime, localStartOf, type SprintConfigKind } from "./schedule-input.js";

const { pipelines, sprintConfigs, sprintIssues, sprints } = schema;

export type Deps = { db: Database; events: BoardEventBus; now: () => Date };

/** Sprints kept ahead of today besides the running one (decision 0019). */
export const UPCOMING_SPRINTS = 2;
export const MAX_SPRINT_NAME_LENGTH = 256;
export const MAX_SPRINT_DESCRIPTION_LENGTH = 5000;

export function scheduleOf(config: SprintConfigRow): SprintSchedule {
  return {
    startOn: config.startOn,
    startTime: config.startTime,
    period: config.period,
    tzIdentifier: config.tzIdentifier,
  };
}

function badInput(field: string, message: string): GantryError {
  return new GantryError("BAD_USER_INPUT", message, { field });
}

export interface SprintConfigInput {
  workspaceId: string;
  name: string;
  /** Required to create; an update without it keeps the zone. */
  tzIdentifier: string | null;
  startOn: string | null;
  /** The first sprint's last day; gives the period in whole weeks. */
  endOn: string | null;
  /**
   * HH:mm or HH:mm:ss in the zone; or, where the public API types it as the reference does (ISO8601DateTime, "in
   * UTC to be converted to the tz_identifier"), an instant: its time of day in the zone is the start time, and
   * its day in the zone the first sprint's when startOn is left out (decision 0102).
   */
  startOnTime: string | Date | null;
  /** The reference's end time: Gantry's sprints end when the next starts, so only the start time is allowed. */
  endOnTime: Date | null;
  /** The reference's kind: weekly, or left out; monthly is refused. */
  kind: SprintConfigKind | null;
  period: number | null;
  settings: {
    moveUnfinishedIssues: boolean;
    issuesFromPipeline: { enabled: boolean; pipelineId: string | null; totalStoryPoints: number | null };
  };
}

type ConfigValues = Omit<typeof sprintConfigs.$inferInsert, "id" | "workspaceId" | "createdAt" | "updatedAt">;

/**
 * Checks every field, SPEC §5's messages for the date, time and zone, and answers the row to store.
 * `current` fills what an update leaves out.
 */
export async function configValues(
  db: Executor,
  input: SprintConfigInput,
  current: SprintConfigRow | null,
  now: Date,
): Promise<ConfigValues> {
  const name = input.name.trim();
  if (!name) throw badInput("name", "Give the sprints a name.");
  if ([...name].length > MAX_SPRINT_CONFIG_NAME_LENGTH)
    throw badInput("name", `Sprint names are at most ${MAX_SPRINT_CONFIG_NAME_LENGTH} characters.`);

  const zoneInput = input.tzIdentifier ?? current?.tzIdentifier;
  if (zoneInput === undefined) throw badInput("tzIdentifier", INVALID_TIMEZONE_MESSAGE);
  const tzIdentifier = canonicalTimeZone(zoneInput);
  if (!tzIdentifier) throw badInput("tzIdentifier", INVALID_TIMEZONE_MESSAGE);

  for (const [field, day] of [
    ["startOn", input.startOn],
    ["endOn", input.endOn],
  ] as const) {
    const error = day === null ? null : dateInputError(day);
    if (error) throw badInput(field, error);
  }
  const startAt = input.startOnTime instanceof Date ? localStartOf(input.startOnTime, tzIdentifier) : null;
  const startOn = input.startOn ?? (startAt ? startAt.startOn : current?.startOn) ?? localDay(now, tzIdentifier);

  let startTime = current?.startTime ?? DEFAULT_SPRINT_START_TIME;
  if (startAt) startTime = startAt.startTime;
  else if (typeof input.startOnTime === "string") {
    const error = timeInputError(input.startOnTime);
    if (error) throw badInput("startOnTime", error);
    startTime = normalizeTime(input.startOnTime) ?? startTime;
  }

  checkKindAndEndTime(input.kind, startTime, input.endOnTime, tzIdentifier);

  let period = input.period ?? current?.period ?? DEFAULT_SPRINT_PERIOD;
  if (input.period !== null) {
    const error = sprintPeriodError(input.period);
    if (error) throw badInput("period", error);
  }
  if (input.endOn !== null) {
    const fromDays = periodFromDays(startOn, input.endOn);
    if ("error" in fromDays) throw badInput("endOn", fromDays.error);
    if (input.period !== null && input.period !== fromDays.period)
      throw badInput("period", "The period and the first sprint's days disagree.");
    period = fromDays.period;
  }

  const automation = input.settings.issuesFromPipeline;
  const points = automation.totalStoryPoints;
  if (points !== null && (!Number.isFinite(points) || points < 0))
    throw badInput("totalStoryPoints", "Story points are a number, 0 or more.");
  if (automation.enabled && automation.pipelineId === null)
    throw badInput("pipelineId", "Choose the pipeline sprints are filled from.");
  if (automation.enabled && (points === null || points <= 0))
    throw badInput("totalStoryPoints", "Give the points a sprint holds, a number above 0.");
  if (automation.pipelineId !== null) {
    const [pipeline] = await db
      .select({ id: pipelines.id })
      .from(pipelines)
      .where(and(eq(pipelines.id, automation.pipelineId), eq(pipelines.workspaceId, input.workspaceId)));
    if (!pipeline) throw badInput("pipelineId", "This pipeline is not in this workspace.");
  }

  return {
    name,
    tzIdentifier,
    period,
    startOn,
    startTime,
    moveUnfinishedIssues: input.settings.moveUnfinishedIssues,
    issuesFromPipelineEnabled: automation.enabled,
    issuesFromPipelineId: automation.pipelineId,
    totalStoryPoints: points,
  };
}

/**
 * The sprints a config's schedule still has to make: the running one and UPCOMING_SPRINTS ahead, after the
 * config's own latest sprint (missed ones made again), and none where an open sprint already runs. `configId`
 * null is a config not yet stored (previewSprintConfig): it has no sprints of its own; `workspaceId` null, a
 * schedule looked at alone.
 */
export async function sprintWindowsToMake(
  db: Executor,
  workspaceId: string | null,
  configId: string | null,
  schedule: SprintSchedule,
  now: Date,
): Promise<SprintWindow[]> {
  const latestEnd = async (which: SQL | undefined) =>
    workspaceId === null
      ? null
      : ((
          await db
            .select({ endAt: max(sprints.endAt) })
            .from(sprints)
            .where(and(eq(sprints.workspaceId, workspaceId), which))
        )[0]?.endAt ?? null);
  const own = configId ? eq(sprints.sprintConfigId, configId) : undefined;
  const ownEnd = own ? await latestEnd(own) : null;
  const coveredUntil = await latestEnd(own ? or(eq(sprints.state, "OPEN"), own) : eq(sprints.state, "OPEN"));
  const ahead = sprintWindowsAhead(schedule, now, UPCOMING_SPRINTS);
  const lastIndex = ahead.at(-1)?.index ?? 0;
  // Missed sprints are made again only after this config's own: another's history is not backfilled.
  const firstIndex = Math.max(
    0,
    Math.min(ahead[0]?.index ?? 0, ownEnd ? sprintIndexAt(schedule, ownEnd) : Number.POSITIVE_INFINITY),
  );
  return Array.from({ length: lastIndex - firstIndex + 1 }, (_, offset) =>
    sprintWindow(schedule, firstIndex + offset),
  ).filter((window) => !coveredUntil || window.startAt.getTime() >= coveredUntil.getTime());
}

/**
 * Makes sure the running sprint and the next UPCOMING_SPRINTS of the workspace's schedule exist, and answers
 * the ones it made. Safe to run any number of times, at once too: a sprint is unique by (config, start), and
 * nothing is made where an existing sprint already runs, so a schedule change continues after it. After a
 * pause longer than the sprints made ahead (a server down for weeks), the missed sprints are made too, so the
 * schedule's sprints stay back to back.
 */
export async function ensureUpcomingSprints(db: Executor, workspaceId: string, now: Date): Promise<SprintRow[]> {
  const config = await sprintConfigOf(db, workspaceId);
  if (!config) return [];
  const fresh = await sprintWindowsToMake(db, workspaceId, config.id, scheduleOf(config), now);
  if (fresh.length === 0) return [];
  return db
    .insert(sprints)
    .values(
      fresh.map((window) => ({
        workspaceId,
        sprintConfigId: config.id,
        name: sprintName(config.name, window, config.tzIdentifier),
        startAt: window.startAt,
        endAt: window.endAt,
      })),
    )
    .onConflictDoNothing({ target: [sprints.sprintConfigId, sprints.startAt] })
    .returning();
}

async function requireAdmin(db: Executor, workspaceId: string, userId: string) {
  await requireWorkspace(db, workspaceId, userId, "admin");
}

export async function createSprintConfig(deps: Deps, userId: string, input: SprintConfigInput) {
  await requireAdmin(deps.db, input.workspaceId, userId);
  const now = deps.now();
  return announcingPredictions(deps, userId, input.workspaceId, async () => {
    const config = await deps.db.transaction((tx) => insertSprintConfig(tx, input, now));
    return { result: config, issueIds: [] };
  });
}

/**
 * Checks and stores a workspace's first sprint configuration and makes its sprints, in the caller's transaction
 * (createSprintConfig, and createWorkspace's `sprintConfig`). The caller checks the person may.
 */
export async function insertSprintConfig(tx: Executor, input: SprintConfigInput, now: Date): Promise<SprintConfigRow> {
  const taken = () =>
    new GantryError("CONFLICT", "This workspace already has a sprint configuration; update it instead.");
  if (await sprintConfigOf(tx, input.workspaceId)) throw taken();
  const values = await configValues(tx, input, null, now);
  const [config] = await tx
    .insert(sprintConfigs)
    .values({ ...values, workspaceId: input.workspaceId })
    .onConflictDoNothing({ target: sprintConfigs.workspaceId })
    .returning();
  if (!config) throw taken();
  await ensureUpcomingSprints(tx, input.workspaceId, now);
  return config;
}

function sameSchedule(a: SprintSchedule, b: SprintSchedule): boolean {
  return (
    a.startOn === b.startOn && a.startTime === b.startTime && a.period === b.period && a.tzIdentifier === b.tzIdentifier
  );
}

/**
 * Changes the config. A new name renames the open sprints that still carry their generated name. A new
 * schedule (decision 0019) takes over from the running sprint: it ends at the new schedule's next boundary,
 * sprints not yet started are made again on the new dates, and their issues go to the new sprint in the same
 * place in line (the first upcoming to the first upcoming, and so on).
 */
export async function updateSprintConfig(deps: Deps, userId: string, input: SprintConfigInput) {
  await requireAdmin(deps.db, input.workspaceId, userId);
  const now = deps.now();
  return announcingPredictions(deps, userId, input.workspaceId, async () => {
    const result = await deps.db.transaction(async (tx) => {
      const current = await sprintConfigOf(tx, input.workspaceId);
      if (!current) throw new GantryError("NOT_FOUND", "This workspace has no sprint configuration yet.");
      const values = await configValues(tx, input, current, now);
      const [config] = await tx
        .update(sprintConfigs)
        .set({ ...values, updatedAt: now })
        .where(eq(sprintConfigs.id, current.id))
        .returning();
      if (!config) throw new Error("sprint config vanished inside its transaction");
      const oldSchedule = scheduleOf(current);
      const newSchedule = scheduleOf(config);
      const open = await tx
        .select()
        .from(sprints)
        .where(and(eq(sprints.workspaceId, input.workspaceId), eq(sprints.state, "OPEN")))
        .orderBy(asc(sprints.startAt));
      if (sameSchedule(oldSchedule, newSchedule)) {
        for (const sprint of open) {
          if (sprint.name !== sprintName(current.name, sprint, current.tzIdentifier)) continue;
          await tx
            .update(sprints)
            .set({ name: sprintName(config.name, sprint, config.tzIdentifier) })
            .where(eq(sprints.id, sprint.id));
        }
      } else await reschedule(tx, config, open, now);
      // Their cards show the open sprints' names; a new schedule also moved the issues planned in them.
      const shown = await tx
        .select({ issueId: sprintIssues.issueId })
        .from(sprintIssues)
        .innerJoin(sprints, eq(sprints.id, sprintIssues.sprintId))
        .where(and(eq(sprints.workspaceId, input.workspaceId), eq(sprints.state, "OPEN")));
      return { config, issueIds: shown.map((row) => row.issueId) };
    });
    return { result: result.config, issueIds: result.issueIds };
  });
}

async function reschedule(tx: Executor, config: SprintConfigRow, open: SprintRow[], now: Date): Promise<void> {
  const schedule = scheduleOf(config);
  const upcoming = open.filter((sprint) => sprint.startAt.getTime() > now.getTime());
  const running = open.filter((sprint) => sprint.startAt.getTime() <= now.getTime() && sprint.endAt > now);
  const planned = upcoming.length
    ? await tx
        .select({ sprintId: sprintIssues.sprintId, issueId: sprintIssues.issueId })
        .from(sprintIssues)
        .where(
          inArray(
            sprintIssues.sprintId,
            upcoming.map((sprint) => sprint.id),
          ),
        )
    : [];
  if (upcoming.length)
    await tx.delete(sprints).where(
      inArray(
        sprints.id,
        upcoming.map((sprint) => sprint.id),
      ),
    );
  const boundary = sprintStart(schedule, Math.max(0, sprintIndexAt(schedule, now) + 1));
  for (const sprint of running) {
    const endAt = boundary.getTime() > sprint.startAt.getTime() ? boundary : sprint.endAt;
    await tx
      .update(sprints)
      .set({ endAt, name: sprintName(config.name, { startAt: sprint.startAt, endAt }, config.tzIdentifier) })
      .where(eq(sprints.id, sprint.id));
  }
  await ensureUpcomingSprints(tx, config.workspaceId, now);
  const replacements = await tx
    .select()
    .from(sprints)
    .where(and(eq(sprints.workspaceId, config.workspaceId), eq(sprints.state, "OPEN"), gt(sprints.startAt, now)))
    .orderBy(asc(sprints.startAt));
  const moves = planned.flatMap(({ sprintId, issueId }) => {
    const place = upcoming.findIndex((sprint) => sprint.id === sprintId);
    const target = replacements[Math.min(place, replacements.length - 1)];
    return target ? [{ sprintId: target.id, issueId }] : [];
  });
  if (moves.length) await tx.insert(sprintIssues).values(moves).onConflictDoNothing();
}

/**
 * Deletes the config and every open sprint (their issues leave them); closed sprints stay as history.
 */
export async function deleteSprintConfigAndOpenSprints(deps: Deps, userId: string, workspaceId: string) {
  await requireAdmin(deps.db, workspaceId, userId);
  await announcingPredictions(deps, userId, workspaceId, async () => {
    const affected = await deps.db.transaction(async (tx) => {
      const open = await tx
        .select({ id: sprints.id })
        .from(sprints)
        .where(and(eq(sprints.workspaceId, workspaceId), eq(sprints.state, "OPEN")));
      const ids = open.map((sprint) => sprint.id);
      const members = ids.length
        ? await tx
            .select({ issueId: sprintIssues.issueId })
            .from(sprintIssues)
            .where(inArray(sprintIssues.sprintId, ids))
        : [];
      if (ids.length) await tx.delete(sprints).where(inArray(sprints.id, ids));
      const deleted = await tx.delete(sprintConfigs).where(eq(sprintConfigs.workspaceId, workspaceId)).returning();
      if (deleted.length === 0) throw new GantryError("NOT_FOUND", "This workspace has no sprint configuration.");
      return [...new Set(members.map((row) => row.issueId))];
    });
    return { result: undefined, issueIds: affected };
  });
}

export interface SprintChanges {
  sprintId: string;
  name: string | null;
  description: string | null;
}

/** A sprint's name and description (its goal); writers of the workspace may change them. */
export async function updateSprint(deps: Deps, userId: string, changes: SprintChanges): Promise<SprintRow> {
  const [sprint] = await deps.db.select().from(sprints).where(eq(sprints.id, changes.sprintId));
  if (!sprint) throw new GantryError("NOT_FOUND", "This sprint does not exist.");
  await requireWorkspace(deps.db, sprint.workspaceId, userId, "editor");
  const name = changes.name?.trim();
  if (name !== undefined && name.length === 0) throw badInput("name", "A sprint needs a name.");
  if (name !== undefined && [...name].length > MAX_SPRINT_NAME_LENGTH)
    throw badInput("name", `Sprint names are at most ${MAX_SPRINT_NAME_LENGTH} characters.`);
  if (changes.description !== null && changes.description.length > MAX_SPRINT_DESCRIPTION_LENGTH)
    throw badInput("description", `Descriptions are at most ${MAX_SPRINT_DESCRIPTION_LENGTH} characters.`);
  const [updated] = await deps.db
    .update(sprints)
    .set({
      ...(name === undefined ? {} : { name }),
      ...(changes.description === null ? {} : { description: changes.description }),
    })
    .where(eq(sprints.id, sprint.id))
    .returning();
  if (!updated) throw new GantryError("NOT_FOUND", "This sprint does not exist.");
  if (name !== undefined && name !== sprint.name) {
    const members = await deps.db
      .select({ issueId: sprintIssues.issueId })
      .from(sprintIssues)
      .where(eq(sprintIssues.sprintId, sprint.id));
    const { placements } = await sprintFillPlan(deps.db, sprint.workspaceId, deps.now());
    const predicted = [...placements].flatMap(([issueId, sprintId]) => (sprintId === sprint.id ? [issueId] : []));
    await announce(deps, userId, [...members.map((row) => row.issueId), ...predicted]);
  }
  return updated;
}

/** Cards show their sprints and predicted sprints by name: their boards hear of any change. */
async function announce(deps: Deps, userId: string, issueIds: string[]) {
  await publishIssuesChanged(deps.events, await boardsShowing(deps.db, [...new Set(issueIds)]), { actorId: userId });
}

/** Each issue's predicted sprint as a card shows it: the sprint and its name. */
async function predictedBadges(deps: Deps, workspaceId: string): Promise<Map<string, string>> {
  const plan = await sprintFillPlan(deps.db, workspaceId, deps.now());
  const names = new Map(plan.sprints.map((sprint) => [sprint.id, `${sprint.id} ${sprint.name}`]));
  return new Map([...plan.placements].map(([issueId, sprintId]) => [issueId, names.get(sprintId) ?? sprintId]));
}

/**
 * Runs a config change, then tells boards about the issues it touched and those whose predicted sprint it
 * moved or renamed, so open boards redraw their badges.
 */
async function announcingPredictions<T>(
  deps: Deps,
  userId: string,
  workspaceId: string,
  change: () => Promise<{ result: T; issueIds: string[] }>,
): Promise<T> {
  const before = await predictedBadges(deps, workspaceId);
  const { result, issueIds } = await change();
  const after = await predictedBadges(deps, workspaceId);
  const moved = [...new Set([...before.keys(), ...after.keys()])].filter((id) => before.get(id) !== after.get(id));
  await announce(deps, userId, [...issueIds, ...moved]);
  return result;
}
