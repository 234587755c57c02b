import { type Executor, schema } from "@gantry/db";
import {
  averageCompleted,
  CLOSED_PIPELINE_NAME,
  controlChart,
  cumulativeFlow,
  DAY_MS,
  dayOf,
  progressOverTime,
  projectedCompletion,
  sprintBurndown,
  sprintScope,
} from "@gantry/domain";
import { and, asc, eq, sql } from "drizzle-orm";
import { GantryError } from "../graphql/errors.js";
import { recentlyCompletedSprints, sprintConfigOf, workspaceVelocity } from "../sprints/queries.js";
import { boardHistory, membersHistory } from "./history.js";

const { gantryEpicIssues, gantryEpics, pipelines, releaseIssues, releases, sprintIssues, sprints } = schema;

/** A year of days at most, so one request cannot ask for an unbounded series. */
export const MAX_REPORT_DAYS = 366;
export const MAX_VELOCITY_SPRINTS = 20;

/** Checks a from–to range of days: in order and a year at most. */
export function checkDayRange(from: string, to: string) {
  if (from > to)
    throw new GantryError("BAD_USER_INPUT", "The start date must not be after the end date.", { field: "to" });
  if ((Date.parse(to) - Date.parse(from)) / DAY_MS + 1 > MAX_REPORT_DAYS) {
    throw new GantryError("BAD_USER_INPUT", `Reports cover ${MAX_REPORT_DAYS} days at most.`, { field: "from" });
  }
}

/** The last `MAX_REPORT_DAYS` days up to today, from `start` when that is later. */
function daysUntilToday(start: string, now: Date) {
  const today = dayOf(now);
  const earliest = dayOf(new Date(now.getTime() - (MAX_REPORT_DAYS - 1) * DAY_MS));
  const from = start > today ? today : start < earliest ? earliest : start;
  return { from, to: today };
}

async function pipelineNames(db: Executor, workspaceId: string) {
  const rows = await db
    .select({ name: pipelines.name })
    .from(pipelines)
    .where(eq(pipelines.workspaceId, workspaceId))
    .orderBy(asc(sql`${pipelines.rank} collate "C"`));
  return rows.map((row) => row.name);
}

const issueIdsOf = async (rows: Promise<{ issueId: string }[]>) => (await rows).map((row) => row.issueId);

export async function burndownReport(db: Executor, workspaceId: string, sprintId: string, now: Date) {
  const [sprint] = await db
    .select()
    .from(sprints)
    .where(and(eq(sprints.id, sprintId), eq(sprints.workspaceId, workspaceId)));
  if (!sprint) throw new GantryError("NOT_FOUND", "This sprint does not exist in this workspace.");
  const issues = await sprintMembers(db, workspaceId, sprint);
  // Days are named in the sprints' zone, as the sprint's own name is.
  const timeZone = (await sprintConfigOf(db, workspaceId))?.tzIdentifier ?? "UTC";
  return { sprint, points: sprintBurndown({ startAt: sprint.startAt, endAt: sprint.endAt, issues, now, timeZone }) };
}

async function sprintMembers(db: Executor, workspaceId: string, sprint: { id: string; name: string }) {
  return membersHistory(db, workspaceId, {
    field: "sprint",
    name: sprint.name,
    memberIds: await issueIdsOf(
      db.select({ issueId: sprintIssues.issueId }).from(sprintIssues).where(eq(sprintIssues.sprintId, sprint.id)),
    ),
  });
}

/** The last `count` closed sprints, oldest first, each read when it closed. */
export async function velocityReport(db: Executor, workspaceId: string, count: number, now: Date) {
  if (!Number.isInteger(count) || count < 1 || count > MAX_VELOCITY_SPRINTS) {
    throw new GantryError("BAD_USER_INPUT", `Choose 1 to ${MAX_VELOCITY_SPRINTS} sprints.`, { field: "sprintCount" });
  }
  const recent = (await recentlyCompletedSprints(db, workspaceId, count)).reverse();
  const rows = [];
  for (const sprint of recent) {
    const issues = await sprintMembers(db, workspaceId, sprint);
    rows.push({ sprint, ...sprintScope(issues, sprint.closedAt ?? sprint.endAt, now) });
  }
  return { sprints: rows, averageCompletedPoints: averageCompleted(rows) };
}

export async function cumulativeFlowReport(db: Executor, workspaceId: string, from: string, to: string, now: Date) {
  checkDayRange(from, to);
  const names = await pipelineNames(db, workspaceId);
  const days = cumulativeFlow({
    from,
    to,
    pipelineNames: names,
    closedName: CLOSED_PIPELINE_NAME,
    issues: await boardHistory(db, workspaceId),
    now,
  });
  // Pipelines since deleted or renamed still hold issues in the past; they follow the board's own.
  const columns = [...names, CLOSED_PIPELINE_NAME];
  for (const day of days) for (const name of Object.keys(day.counts)) if (!columns.includes(name)) columns.push(name);
  return { pipelines: columns, days };
}

export async function controlChartReport(db: Executor, workspaceId: string, from: string, to: string, now: Date) {
  checkDayRange(from, to);
  const [firstPipelineName = ""] = await pipelineNames(db, workspaceId);
  return controlChart({ from, to, firstPipelineName, issues: await boardHistory(db, workspaceId), now });
}

export async function releaseReport(db: Executor, workspaceId: string, releaseId: string, now: Date) {
  const [release] = await db
    .select()
    .from(releases)
    .where(and(eq(releases.id, releaseId), eq(releases.workspaceId, workspaceId)));
  if (!release) throw new GantryError("NOT_FOUND", "This release does not exist in this workspace.");
  const issues = await membersHistory(db, workspaceId, {
    field: "release",
    name: release.title,
    memberIds: await issueIdsOf(
      db.select({ issueId: releaseIssues.issueId }).from(releaseIssues).where(eq(releaseIssues.releaseId, release.id)),
    ),
  });
  const days = progressOverTime({ ...daysUntilToday(release.startOn ?? dayOf(release.createdAt), now), issues, now });
  const today = days.at(-1);
  const remainingPoints = today ? today.totalPoints - today.completedPoints : 0;
  const velocity = await workspaceVelocity(db, workspaceId);
  const config = await sprintConfigOf(db, workspaceId);
  const projected = projectedCompletion({
    remainingPoints,
    velocity,
    sprintDays: (config?.period ?? 0) * 7,
    now,
  });
  return { release, days, velocity, remainingPoints, projectedCompletion: projected ? dayOf(projected) : null };
}

export async function epicReport(db: Executor, workspaceId: string, epicId: string, now: Date) {
  const [epic] = await db
    .select()
    .from(gantryEpics)
    .where(and(eq(gantryEpics.id, epicId), eq(gantryEpics.workspaceId, workspaceId)));
  if (!epic) throw new GantryError("NOT_FOUND", "This epic does not exist in this workspace.");
  const issues = await membersHistory(db, workspaceId, {
    field: "epic",
    name: epic.title,
    memberIds: await issueIdsOf(
      db
        .select({ issueId: gantryEpicIssues.issueId })
        .from(gantryEpicIssues)
        .where(eq(gantryEpicIssues.gantryEpicId, epic.id)),
    ),
  });
  return {
    epic,
    days: progressOverTime({ ...daysUntilToday(epic.startOn ?? dayOf(epic.createdAt), now), issues, now }),
  };
}
