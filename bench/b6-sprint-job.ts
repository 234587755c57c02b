/**
 * B6: the sprint job (runSprintAutomation, what the durable job runs every minute) once over 1,000
 * workspaces whose running sprint has just ended: each closes its sprint, makes the next ones, and
 * carries unfinished issues and fills from its pipeline where its config says so. Afterwards every
 * workspace is checked.
 */
import { randomUUID } from "node:crypto";
import { type Database, schema } from "@gantry/db";
import { ranksBetween } from "@gantry/domain";
import { and, eq, inArray } from "drizzle-orm";
import { createInProcessBus } from "../apps/server/src/events/event-bus.js";
import { runSprintAutomation } from "../apps/server/src/sprints/automation.js";
import { ensureUpcomingSprints } from "../apps/server/src/sprints/service.js";
import { SPRINT_TIMES } from "../apps/server/src/testing/sprint-automation.js";
import type { Benchmark, Row } from "./registry.js";
import { benchDatabase } from "./seed.js";

const { issuePositions, issues, organizations, pipelines, repositories, sprintConfigs, sprintIssues, sprints } = schema;
const { workspaceRepositories, workspaces } = schema;

const TARGET_MS = 10_000;
const CHUNK = 1_000;
/** Issues per workspace: the first IN_SPRINT are in the running sprint (the first of them closed), the rest wait in "Next up". */
const ISSUES = 12;
const IN_SPRINT = 5;
const POINTS_PER_SPRINT = 10;

/** Which automations a workspace has on: every combination, a quarter each. */
function settingsOf(index: number) {
  return { moveUnfinishedIssues: index % 4 < 2, issuesFromPipeline: index % 2 === 0 };
}

interface Seeded {
  workspaceIds: string[];
  firstSprint: Map<string, string>;
}

/**
 * Workspaces as the product leaves them: an organisation, two pipelines, a repository of open
 * issues placed on the board with estimates, and a sprint config holding what `saveSprintConfig`
 * validates and stores (a name, a zone, two-week sprints from a Monday 09:00, the two automations
 * with a fill pipeline and story points when on). Sprints are made by the product's own
 * `ensureUpcomingSprints` while the first runs. Rows go in as multi-row INSERTs of 1,000.
 */
export async function seedWorkspaces(db: Database, count: number): Promise<Seeded> {
  const insertAll = async <T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) => {
    for (let from = 0; from < rows.length; from += CHUNK) await insert(rows.slice(from, from + CHUNK));
  };
  const ids = Array.from({ length: count }, () => ({
    organization: randomUUID(),
    workspace: randomUUID(),
    backlog: randomUUID(),
    nextUp: randomUUID(),
    repository: randomUUID(),
  }));
  await insertAll(ids, (chunk) =>
    db.insert(organizations).values(chunk.map((row, index) => ({ id: row.organization, name: `Team ${index}` }))),
  );
  await insertAll(ids, (chunk) =>
    db
      .insert(workspaces)
      .values(chunk.map((row) => ({ id: row.workspace, organizationId: row.organization, name: "Product" }))),
  );
  const [backlogRank, nextRank] = ranksBetween(null, null, 2) as [string, string];
  await insertAll(ids, (chunk) =>
    db.insert(pipelines).values(
      chunk.flatMap((row) => [
        { id: row.backlog, workspaceId: row.workspace, name: "Backlog", rank: backlogRank },
        { id: row.nextUp, workspaceId: row.workspace, name: "Next up", rank: nextRank },
      ]),
    ),
  );
  // GraphQL exposes GitHub ids as 32-bit Ints: repositories from 1e8, issues from 1e9.
  await insertAll(
    ids.map((row, index) => ({ ...row, index })),
    async (chunk) => {
      await db.insert(repositories).values(
        chunk.map((row) => ({
          id: row.repository,
          ghId: 100_000_000 + row.index,
          ownerLogin: "acme",
          name: `team-${row.index}`,
          htmlUrl: `https://github.test/acme/team-${row.index}`,
          importState: "done" as const,
        })),
      );
      await db
        .insert(workspaceRepositories)
        .values(chunk.map((row) => ({ workspaceId: row.workspace, repositoryId: row.repository })));
    },
  );

  const created = new Date("2026-10-20T09:00:00Z");
  const issueRows = ids.flatMap((row, w) =>
    Array.from({ length: ISSUES }, (_, n) => ({
      id: randomUUID(),
      repositoryId: row.repository,
      ghId: 1_000_000_000 + w * ISSUES + n,
      number: n + 1,
      title: `Issue ${n + 1}`,
      state: n === 0 ? ("closed" as const) : ("open" as const),
      htmlUrl: `https://github.test/acme/team-${w}/issues/${n + 1}`,
      estimate: (n % 3) + 2,
      ghCreatedAt: created,
      ghUpdatedAt: created,
    })),
  );
  await insertAll(issueRows, (chunk) => db.insert(issues).values(chunk));
  const ranks = ranksBetween(null, null, ISSUES);
  const positions = issueRows.map((issue, index) => {
    const w = Math.floor(index / ISSUES);
    const n = index % ISSUES;
    const row = ids[w] as (typeof ids)[number];
    return {
      workspaceId: row.workspace,
      issueId: issue.id,
      pipelineId: n < IN_SPRINT ? row.backlog : row.nextUp,
      rank: ranks[n] as string,
    };
  });
  await insertAll(positions, (chunk) => db.insert(issuePositions).values(chunk));

  await insertAll(
    ids.map((row, index) => ({ ...row, index })),
    (chunk) =>
      db.insert(sprintConfigs).values(
        chunk.map((row) => {
          const settings = settingsOf(row.index);
          return {
            workspaceId: row.workspace,
            name: "Sprint",
            tzIdentifier: "Europe/Berlin",
            period: 2,
            startOn: "2026-11-02",
            startTime: "09:00:00",
            moveUnfinishedIssues: settings.moveUnfinishedIssues,
            issuesFromPipelineEnabled: settings.issuesFromPipeline,
            issuesFromPipelineId: settings.issuesFromPipeline ? row.nextUp : null,
            totalStoryPoints: settings.issuesFromPipeline ? POINTS_PER_SPRINT : null,
          };
        }),
      ),
  );
  // Ten at a time: the pool's size.
  for (let from = 0; from < ids.length; from += 10) {
    await Promise.all(
      ids
        .slice(from, from + 10)
        .map((row) => ensureUpcomingSprints(db, row.workspace, SPRINT_TIMES.firstSprintRunning)),
    );
  }
  const running = await db
    .select({ id: sprints.id, workspaceId: sprints.workspaceId })
    .from(sprints)
    .where(eq(sprints.endAt, SPRINT_TIMES.firstSprintEnds));
  const firstSprint = new Map(running.map((sprint) => [sprint.workspaceId, sprint.id]));
  if (firstSprint.size !== count) throw new Error(`${firstSprint.size} of ${count} workspaces have a running sprint`);
  const inSprint = issueRows.flatMap((issue, index) => {
    if (index % ISSUES >= IN_SPRINT) return [];
    const row = ids[Math.floor(index / ISSUES)] as (typeof ids)[number];
    return [{ sprintId: firstSprint.get(row.workspace) as string, issueId: issue.id }];
  });
  await insertAll(inSprint, (chunk) => db.insert(sprintIssues).values(chunk));
  return { workspaceIds: ids.map((row) => row.workspace), firstSprint };
}

/** What is wrong afterwards, workspace by workspace (at most a few named). */
async function problemsAfter(db: Database, seeded: Seeded): Promise<string[]> {
  const all = await db
    .select({
      id: sprints.id,
      workspaceId: sprints.workspaceId,
      state: sprints.state,
      startAt: sprints.startAt,
    })
    .from(sprints)
    .where(inArray(sprints.workspaceId, seeded.workspaceIds));
  const members = await db
    .select({ sprintId: sprintIssues.sprintId, issueId: sprintIssues.issueId })
    .from(sprintIssues)
    .innerJoin(sprints, eq(sprints.id, sprintIssues.sprintId))
    .where(and(eq(sprints.state, "OPEN"), eq(sprints.startAt, SPRINT_TIMES.firstSprintEnds)));
  const inNext = new Map<string, number>();
  for (const member of members) inNext.set(member.sprintId, (inNext.get(member.sprintId) ?? 0) + 1);
  const problems: string[] = [];
  seeded.workspaceIds.forEach((workspaceId, index) => {
    const own = all.filter((sprint) => sprint.workspaceId === workspaceId);
    const first = own.find((sprint) => sprint.id === seeded.firstSprint.get(workspaceId));
    const next = own.find((sprint) => sprint.startAt.getTime() === SPRINT_TIMES.firstSprintEnds.getTime());
    const open = own.filter((sprint) => sprint.state === "OPEN").length;
    const settings = settingsOf(index);
    // Carried: the sprint's open issues. Filled: "Next up" from the top while the points left fit;
    // the carried issues may already take them all, so only a sprint with nothing carried must get one.
    const carried = settings.moveUnfinishedIssues ? IN_SPRINT - 1 : 0;
    const expected = carried + (settings.issuesFromPipeline && carried === 0 ? 1 : 0);
    const held = next ? (inNext.get(next.id) ?? 0) : 0;
    if (first?.state !== "CLOSED") problems.push(`workspace ${index}: the ended sprint is ${first?.state ?? "gone"}`);
    else if (next?.state !== "OPEN") problems.push(`workspace ${index}: no open next sprint`);
    else if (open !== 3) problems.push(`workspace ${index}: ${open} open sprints, not the running one and two ahead`);
    else if (settings.issuesFromPipeline ? held < expected : held !== expected)
      problems.push(`workspace ${index}: the next sprint holds ${held} issues, expected ${expected}`);
  });
  return problems;
}

export const b6SprintJob: Benchmark = {
  id: "B6",
  title: "sprint job over 1,000 workspaces",
  async run({ quick, postgresUrl, log }) {
    const count = quick ? 100 : 1_000;
    const engines = postgresUrl ? [postgresUrl, null] : [null];
    const rows: Row[] = [];
    for (const url of engines) {
      const engine = url ? "PostgreSQL" : "PGlite";
      const database = await benchDatabase(url, "bench_b6");
      try {
        const seedStart = performance.now();
        const seeded = await seedWorkspaces(database.db, count);
        if (database.engine === "postgres") await database.executeSql("analyze");
        log(`${engine}: ${count} workspaces seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

        const start = performance.now();
        const done = await runSprintAutomation(
          { db: database.db, events: createInProcessBus() },
          SPRINT_TIMES.justAfterFirst,
        );
        const elapsed = performance.now() - start;
        const closed = done.filter((rollover) => rollover.closedSprintIds.length > 0).length;
        const moved = done.reduce(
          (sum, rollover) => sum + rollover.carriedIssueIds.length + rollover.filledIssueIds.length,
          0,
        );
        log(`${engine}: ${(elapsed / 1000).toFixed(2)} s, ${closed} sprints closed, ${moved} issues handed over`);
        const problems = await problemsAfter(database.db, seeded);
        rows.push(
          {
            case: `${count.toLocaleString("en")} workspaces, ${engine}`,
            target: count === 1_000 && url ? `≤ ${TARGET_MS / 1000} s` : "reported",
            figure: `${(elapsed / 1000).toFixed(2)} s (${(elapsed / count).toFixed(1)} ms a workspace; ${moved} issues carried or filled)`,
            met: count === 1_000 && url ? elapsed <= TARGET_MS : null,
          },
          {
            case: `every workspace rolled over, ${engine}`,
            target: "old sprint closed, next open with its issues",
            figure: problems.length
              ? `${problems.length} wrong: ${problems.slice(0, 3).join("; ")}`
              : `all ${count} (${closed} closed)`,
            met: problems.length === 0 && closed === count,
          },
        );
      } finally {
        await database.dispose();
      }
    }
    return {
      rows,
      notes: [
        `Each workspace: two pipelines, ${ISSUES} estimated issues (2–4 points), a sprint config as`,
        "`saveSprintConfig` stores it (Europe/Berlin, two weeks from Monday 2 November 2026 09:00) and its",
        `sprints made by \`ensureUpcomingSprints\` while the first ran; ${IN_SPRINT} issues in the running sprint,`,
        "one of them closed, the rest in the fill pipeline. A quarter each: both automations on,",
        `moveUnfinishedIssues only, issuesFromPipeline only (${POINTS_PER_SPRINT} points a sprint), neither.`,
        "The figure is one call of `runSprintAutomation` (the durable job's body: one transaction per",
        "workspace, one after another) with the clock 30 s past the sprints' end, on a pool of 10.",
        "Afterwards every workspace is checked: the ended sprint closed, the next open and holding the",
        "carried issues (and, with nothing carried, at least one filled), the running sprint and two ahead open.",
      ].join("\n"),
    };
  },
};
