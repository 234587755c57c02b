import { type Database, schema, type Transaction } from "@gantry/db";
import { and, asc, eq, inArray, lte, ne } from "drizzle-orm";
import { z } from "zod";
import type { BoardEventBus } from "../events/board-events.js";
import { boardsShowing, publishIssuesChanged } from "../events/issue-events.js";
import { type IssueEventInput, recordIssueEvents } from "../issues/activity.js";
import type { JobQueue } from "../jobs/background.js";
import type { JobDefinition } from "../jobs/jobs.js";
import { sprintFillPlan } from "./queries.js";
import { ensureUpcomingSprints } from "./service.js";

const { issues, sprintConfigs, sprintIssues, sprintRolloverIssues, sprints } = schema;

export interface SprintAutomationDeps {
  db: Database;
  events: BoardEventBus;
}

/** What one run did in one workspace; empty lists when the workspace had nothing due. */
export interface SprintRollover {
  workspaceId: string;
  closedSprintIds: string[];
  /** The sprint that received the carried and filled issues, if any sprint closed. */
  nextSprintId: string | null;
  carriedIssueIds: string[];
  filledIssueIds: string[];
}

/**
 * Workspaces rolled over at once. Each is a short transaction of about twenty round trips, so one
 * after another a thousand take half a minute of waiting on the database (B6, decision 0045); four
 * at a time keep most of the pool (10) free for requests while the job runs.
 */
const ROLLOVERS_AT_ONCE = 4;

/**
 * Sprint automation for every workspace with a sprint config, or the one given, as of `now` (decision 0020).
 * Each workspace gets its own transaction, so one failing does not hold up the others; the failures are
 * thrown together at the end so the job is retried, which is safe because a run is idempotent.
 * Workspaces share no rows, so several roll over at once; answers keep the configs' order.
 */
export async function runSprintAutomation(
  deps: SprintAutomationDeps,
  now: Date,
  workspaceId?: string,
): Promise<SprintRollover[]> {
  const configs = await deps.db
    .select({ workspaceId: sprintConfigs.workspaceId })
    .from(sprintConfigs)
    .where(workspaceId ? eq(sprintConfigs.workspaceId, workspaceId) : undefined)
    .orderBy(asc(sprintConfigs.workspaceId));
  const done: (SprintRollover | undefined)[] = new Array(configs.length);
  const failures: unknown[] = [];
  let next = 0;
  const worker = async () => {
    while (next < configs.length) {
      const index = next++;
      try {
        done[index] = await rollOver(deps, (configs[index] as { workspaceId: string }).workspaceId, now);
      } catch (error) {
        failures.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(ROLLOVERS_AT_ONCE, configs.length) }, worker));
  if (failures.length > 0) throw new AggregateError(failures, "sprint automation failed for some workspaces");
  return done.filter((rollover) => rollover !== undefined);
}

/**
 * Closes every open sprint whose end has passed, makes the upcoming sprints, and hands the sprint that
 * follows the closed ones their unfinished issues (moveUnfinishedIssues) and the fill pipeline's top issues
 * (issuesFromPipeline). Closing and handing over happen in one transaction holding the config row, so a
 * concurrent or repeated run waits, then finds nothing due and changes nothing.
 */
async function rollOver(deps: SprintAutomationDeps, workspaceId: string, now: Date): Promise<SprintRollover> {
  const result = await deps.db.transaction(async (tx) => {
    const nothing: SprintRollover = {
      workspaceId,
      closedSprintIds: [],
      nextSprintId: null,
      carriedIssueIds: [],
      filledIssueIds: [],
    };
    const [config] = await tx
      .select()
      .from(sprintConfigs)
      .where(eq(sprintConfigs.workspaceId, workspaceId))
      .for("update");
    if (!config) return nothing;
    const due = await tx
      .select({ id: sprints.id })
      .from(sprints)
      .where(and(eq(sprints.workspaceId, workspaceId), eq(sprints.state, "OPEN"), lte(sprints.endAt, now)))
      .for("update");
    const dueIds = due.map((sprint) => sprint.id);
    if (dueIds.length > 0)
      await tx.update(sprints).set({ state: "CLOSED", closedAt: now }).where(inArray(sprints.id, dueIds));
    await ensureUpcomingSprints(tx, workspaceId, now);
    if (dueIds.length === 0) return nothing;

    const [next] = await tx
      .select()
      .from(sprints)
      .where(and(eq(sprints.workspaceId, workspaceId), eq(sprints.state, "OPEN")))
      .orderBy(asc(sprints.startAt), asc(sprints.id))
      .limit(1);
    if (!next) return { ...nothing, closedSprintIds: dueIds };

    // What the "Next" badges promised before the carried issues took their room, to tell at the close
    // which promised issues did not fit (decision 0060).
    const promised = config.issuesFromPipelineEnabled ? await placedIn(tx, workspaceId, next) : [];
    const unfinished = config.moveUnfinishedIssues
      ? await tx
          .selectDistinct({ id: sprintIssues.issueId })
          .from(sprintIssues)
          .innerJoin(issues, eq(issues.id, sprintIssues.issueId))
          .where(and(inArray(sprintIssues.sprintId, dueIds), ne(issues.state, "closed")))
      : [];
    const carriedIssueIds = await addToSprint(
      tx,
      next.id,
      unfinished.map((issue) => issue.id),
    );

    let filledIssueIds: string[] = [];
    if (config.issuesFromPipelineEnabled) {
      // The plan as it stood just before the sprint began: what its "Next" badges promised, less what
      // the carried issues now take up.
      filledIssueIds = await addToSprint(tx, next.id, await placedIn(tx, workspaceId, next));
    }
    const handed = new Set([...carriedIssueIds, ...filledIssueIds, ...unfinished.map((issue) => issue.id)]);
    const outcomes: [string, schema.RolloverOutcome][] = [
      ...carriedIssueIds.map((issueId) => [issueId, "carried"] as [string, schema.RolloverOutcome]),
      ...filledIssueIds.map((issueId) => [issueId, "filled"] as [string, schema.RolloverOutcome]),
      ...promised
        .filter((issueId) => !handed.has(issueId))
        .map((issueId) => [issueId, "unfitted"] as [string, schema.RolloverOutcome]),
    ];
    if (outcomes.length > 0)
      await tx
        .insert(sprintRolloverIssues)
        .values(
          dueIds.flatMap((closedSprintId) =>
            outcomes.map(([issueId, outcome]) => ({ closedSprintId, nextSprintId: next.id, issueId, outcome })),
          ),
        )
        .onConflictDoNothing();

    const added: IssueEventInput[] = [...carriedIssueIds, ...filledIssueIds].map((issueId) => ({
      issueId,
      field: "sprint",
      from: null,
      to: next.name,
      actorId: null,
      workspaceId,
    }));
    await recordIssueEvents(tx, added, now);
    return { workspaceId, closedSprintIds: dueIds, nextSprintId: next.id, carriedIssueIds, filledIssueIds };
  });
  const changed = [...result.carriedIssueIds, ...result.filledIssueIds];
  if (changed.length > 0)
    await publishIssuesChanged(deps.events, await boardsShowing(deps.db, changed), { actorId: null });
  return result;
}

/** The issues the fill plan, as it stood just before `sprint` began, places in it: its "Next" badges. */
async function placedIn(tx: Transaction, workspaceId: string, sprint: { id: string; startAt: Date }) {
  const plan = await sprintFillPlan(tx, workspaceId, new Date(sprint.startAt.getTime() - 1));
  return [...plan.placements].filter(([, sprintId]) => sprintId === sprint.id).map(([issueId]) => issueId);
}

/** Adds the issues to the sprint, answering those that were not in it already. */
async function addToSprint(tx: Transaction, sprintId: string, issueIds: string[]): Promise<string[]> {
  if (issueIds.length === 0) return [];
  const added = await tx
    .insert(sprintIssues)
    .values(issueIds.map((issueId) => ({ sprintId, issueId })))
    .onConflictDoNothing()
    .returning({ issueId: sprintIssues.issueId });
  return added.map((row) => row.issueId);
}

export const SPRINT_AUTOMATION_QUEUE = "sprint-automation";

const jobData = z.object({ workspaceId: z.uuid().optional() });

/**
 * Every minute and at every start for all workspaces, and on request for one (after its config changes). Reads the time
 * from the server's clock when the job runs, so a moved test clock is seen by the next run.
 */
export function sprintAutomationJob(deps: SprintAutomationDeps & { now: () => Date }): JobDefinition {
  return {
    queue: SPRINT_AUTOMATION_QUEUE,
    cron: "* * * * *",
    // A rollover cut short by a crash rolled back whole; it is redone as soon as the server is back.
    runAtStart: true,
    run: async (data) => {
      const { workspaceId } = jobData.parse(data);
      await runSprintAutomation(deps, deps.now(), workspaceId);
    },
  };
}

/** Asks for a run for this workspace soon; repeated asks while one waits cost nothing. */
export function requestSprintAutomation(jobs: JobQueue, workspaceId: string): Promise<void> {
  return jobs.send(SPRINT_AUTOMATION_QUEUE, { workspaceId }, workspaceId);
}
