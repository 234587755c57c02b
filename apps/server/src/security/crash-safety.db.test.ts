/**
 * Crash safety (issue #15, decision 0042): the real server, run as a child process on PostgreSQL, is
 * killed with SIGKILL in the middle of a repository import, a bulk move and a sprint rollover, then
 * started again on the same database. Nothing may be lost, duplicated or left half-done, and the
 * work must carry on by itself.
 *
 * "In the middle" is made certain rather than hoped for: the test holds PostgreSQL locks that the
 * work needs near the end of its transactions, waits until the server's sessions are seen waiting on
 * them (pg_stat_activity), and kills the server then: each transaction has written but not committed.
 * One kill catches all three at once, so the suite pays for two server starts, not six.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isValidRank } from "@gantry/domain";
import { decodeGlobalID, encodeGlobalID } from "@pothos/plugin-relay";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Child,
  gql,
  scratchDatabase,
  signInWithGitHub,
  startSandbox,
  startServer,
  waitFor,
} from "../testing/child-server.js";

const postgresUrl = process.env.TEST_DATABASE_URL;
const REPO = "crash-import";
const SANDBOX_ISSUES = 1_500;

/** Waits until `sessions` sessions of the server's database wait on a lock with a query matching `pattern`. */
async function blockedOn(db: pg.Client, databaseName: string, pattern: string, sessions = 1): Promise<void> {
  await waitFor(`${sessions} server session(s) blocked on ${pattern}`, async () => {
    const { rows } = await db.query(
      `select pid from pg_stat_activity
        where datname = $1 and pid <> pg_backend_pid() and wait_event_type = 'Lock' and query ilike $2`,
      [databaseName, `%${pattern}%`],
    );
    return rows.length >= sessions ? true : undefined;
  });
}

const byRank = (a: { rank: string }, b: { rank: string }) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0);

interface Position {
  issue_id: string;
  pipeline_id: string;
  rank: string;
}

interface SprintRow {
  id: string;
  state: string;
  start_at: Date;
  issues: number;
}

describe.skipIf(!postgresUrl)("crash safety: SIGKILL during long work, then a restart (PostgreSQL)", () => {
  let database: Awaited<ReturnType<typeof scratchDatabase>>;
  let dataDir: string;
  let sandbox: Child;
  let server: Child;
  /** The test's own sessions: `db` reads and writes set-up data; the lockers pause the server mid-transaction. */
  let db: pg.Client;
  let rowLocker: pg.Client;
  let tableLocker: pg.Client;
  let token: string;
  let workspaceId: string;
  let repositoryId: string;
  let targetPipelineId: string;
  /** What the killed server left: read before the restart. */
  const left = {} as {
    repository: { import_state: string; imported_count: number; issues: number };
    boardBefore: Position[];
    boardAfterKill: Position[];
    scheduled: SprintRow[];
    sprintsAfterKill: SprintRow[];
    sprintEventsBefore: number;
    moving: string[];
    unfinished: string[];
    bulkMoveAnswer: string;
    rolloverAnswer: string;
  };

  const board = async () =>
    (
      await db.query(
        "select issue_id, pipeline_id, rank from issue_positions where workspace_id = $1 order by issue_id",
        [workspaceId],
      )
    ).rows as Position[];
  const sprints = async () =>
    (
      await db.query(
        `select id, state, start_at, (select count(*)::int from sprint_issues si where si.sprint_id = s.id) as issues
           from sprints s where workspace_id = $1 order by start_at`,
        [workspaceId],
      )
    ).rows as SprintRow[];
  const sprintEvents = async () =>
    (await db.query("select count(*)::int as n from issue_events where field = 'sprint'")).rows[0].n as number;
  const repositoryState = async () =>
    (
      await db.query(
        `select r.import_state, r.imported_count, (select count(*)::int from issues i where i.repository_id = r.id) as issues
           from repositories r where r.id = $1`,
        [repositoryId],
      )
    ).rows[0];
  const moveToTarget = () =>
    gql<{ movePipelineIssues: { successCount: number } }>(
      server,
      token,
      "mutation ($input: MovePipelineIssuesInput!) { movePipelineIssues(input: $input) { successCount } }",
      {
        input: {
          pipelineId: encodeGlobalID("Pipeline", targetPipelineId),
          issueIds: left.moving.map((id) => encodeGlobalID("Issue", id)),
          position: "END",
        },
      },
    );
  // The test clock's route runs the rollover inside the request (with `advanceMs: 0` the clock stays put).
  const runRollover = () =>
    fetch(`${server.url}/__test/clock`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ advanceMs: 0 }),
    });

  beforeAll(async () => {
    database = await scratchDatabase(postgresUrl as string, "gantry_crash");
    dataDir = mkdtempSync(join(tmpdir(), "gantry-crash-"));
    sandbox = await startSandbox(REPO, SANDBOX_ISSUES);
    server = await startServer({ databaseUrl: database.url, dataDir, sandbox });
    db = new pg.Client({ connectionString: database.url });
    rowLocker = new pg.Client({ connectionString: database.url });
    tableLocker = new pg.Client({ connectionString: database.url });
    await Promise.all([db.connect(), rowLocker.connect(), tableLocker.connect()]);
    token = await signInWithGitHub(server, "demo");

    const org = await gql<{ createGantryOrganization: { gantryOrganization: { id: string } } }>(
      server,
      token,
      'mutation { createGantryOrganization(input: { name: "Crash" }) { gantryOrganization { id } } }',
    );
    const created = await gql<{ createWorkspace: { workspace: { id: string } } }>(
      server,
      token,
      'mutation ($org: ID!) { createWorkspace(input: { gantryOrganizationId: $org, name: "Crash" }) { workspace { id } } }',
      { org: org.createGantryOrganization.gantryOrganization.id },
    );
    const workspace = created.createWorkspace.workspace.id;
    workspaceId = decodeGlobalID(workspace).id;
    // Weekly sprints from today; moved a week back below, so the first one has ended.
    await gql(
      server,
      token,
      "mutation ($input: SprintConfigCreateInput!) { createSprintConfig(input: { sprintConfig: $input }) { sprintConfig { id } } }",
      {
        input: {
          workspaceId: workspace,
          name: "Sprint",
          tzIdentifier: "UTC",
          period: 1,
          settings: { moveUnfinishedIssues: true, issuesFromPipeline: { enabled: false } },
        },
      },
    );
    const { viewer } = await gql<{ viewer: { githubRepositories: { ghId: number; name: string }[] } }>(
      server,
      token,
      "{ viewer { githubRepositories { ghId name } } }",
    );
    const ghId = viewer.githubRepositories.find((repo) => repo.name === REPO)?.ghId;
    if (!ghId) throw new Error(`the sandbox has no ${REPO} for demo`);
    await gql(
      server,
      token,
      "mutation ($workspaceId: ID!, $ghId: ID!) { addRepositoryToWorkspace(input: { workspaceId: $workspaceId, repositoryGhId: $ghId }) { workspaceRepository { __typename } } }",
      { workspaceId: workspace, ghId: String(ghId) },
    );

    // 1. The import: two pages in, the next page's transaction waits on the repository row ("no key":
    // its issues are still inserted, as their foreign key only shares the row; its count update waits).
    repositoryId = await waitFor("two pages of the import", async () => {
      const { rows } = await db.query("select id, imported_count from repositories where gh_id = $1", [ghId]);
      return rows[0] && rows[0].imported_count >= 200 ? (rows[0].id as string) : undefined;
    });
    await rowLocker.query("begin");
    await rowLocker.query("select id from repositories where id = $1 for no key update", [repositoryId]);
    await blockedOn(db, database.name, 'update "repositories"');

    // 2. The bulk move and 3. the rollover, on issues already imported: both wait on the events table.
    left.boardBefore = await board();
    const pipelines = await db.query(`select id from pipelines where workspace_id = $1 order by rank collate "C", id`, [
      workspaceId,
    ]);
    const sourcePipelineId = pipelines.rows[0].id as string;
    targetPipelineId = pipelines.rows[1].id as string;
    // The last 100 of the first pipeline, sent in reverse so that their order must change.
    left.moving = left.boardBefore
      .filter((row) => row.pipeline_id === sourcePipelineId)
      .sort(byRank)
      .slice(-100)
      .map((row) => row.issue_id)
      .reverse();
    expect(left.moving).toHaveLength(100);

    const [first] = await waitFor("the config's sprints", async () => {
      const rows = await sprints();
      return rows.length > 1 ? rows : undefined;
    });
    const open = await db.query(
      "select id from issues where repository_id = $1 and state = 'open' order by number limit 20",
      [repositoryId],
    );
    const closed = await db.query(
      "select id from issues where repository_id = $1 and state = 'closed' order by number limit 5",
      [repositoryId],
    );
    left.unfinished = open.rows.map((row) => row.id as string).sort();
    for (const id of [...left.unfinished, ...closed.rows.map((row) => row.id as string)]) {
      await db.query("insert into sprint_issues (sprint_id, issue_id) values ($1, $2)", [first?.id, id]);
    }
    left.sprintEventsBefore = await sprintEvents();
    await tableLocker.query("begin");
    await tableLocker.query("lock table issue_events in share row exclusive mode");
    await db.query("begin");
    await db.query("update sprint_configs set start_on = start_on - 7 where workspace_id = $1", [workspaceId]);
    await db.query(
      "update sprints set start_at = start_at - interval '7 days', end_at = end_at - interval '7 days' where workspace_id = $1",
      [workspaceId],
    );
    await db.query("commit");
    left.scheduled = await sprints();

    const bulkMove = moveToTarget().then(
      () => "answered",
      () => "no answer",
    );
    const rollover = runRollover().then(
      () => "answered",
      () => "no answer",
    );
    // One of them waits on issue_events; the other may wait behind it on the pipeline totals both change
    // (decision 0066), so it is counted among all lock waiters: the import, the bulk move and the rollover.
    await blockedOn(db, database.name, "issue_events");
    await blockedOn(db, database.name, "", 3);

    await server.kill();
    await Promise.all([rowLocker.query("rollback"), tableLocker.query("rollback")]);
    left.bulkMoveAnswer = await bulkMove;
    left.rolloverAnswer = await rollover;
    left.repository = await repositoryState();
    left.boardAfterKill = await board();
    left.sprintsAfterKill = await sprints();

    server = await startServer({ databaseUrl: database.url, dataDir, sandbox });
  }, 600_000);

  afterAll(async () => {
    await server?.kill();
    await sandbox?.kill();
    await Promise.allSettled([db?.end(), rowLocker?.end(), tableLocker?.end()]);
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it("a repository import killed mid-page resumes at start and imports every issue exactly once", async () => {
    // Half-way, and what was counted is exactly what was written: the page in flight left nothing.
    expect(left.repository.import_state).toBe("importing");
    expect(left.repository.imported_count).toBeGreaterThanOrEqual(200);
    expect(left.repository.imported_count).toBeLessThan(SANDBOX_ISSUES);
    expect(left.repository.issues).toBe(left.repository.imported_count);

    await waitFor(
      "the resumed import to finish",
      async () => {
        const state = await repositoryState();
        if (state?.import_state === "failed") throw new Error("the resumed import failed");
        return state?.import_state === "done" ? true : undefined;
      },
      60_000,
    );
    const { rows } = await db.query(
      `select count(*)::int as issues, count(distinct gh_id)::int as gh_ids, count(distinct number)::int as numbers,
              (select imported_count from repositories where id = $1) as imported
         from issues where repository_id = $1`,
      [repositoryId],
    );
    expect(rows[0]).toEqual({
      issues: SANDBOX_ISSUES,
      gh_ids: SANDBOX_ISSUES,
      numbers: SANDBOX_ISSUES,
      imported: SANDBOX_ISSUES,
    });
    // Every open issue on the board exactly once.
    const placed = await db.query(
      `select count(*)::int as positions, count(distinct p.issue_id)::int as issues
         from issue_positions p join issues i on i.id = p.issue_id
        where p.workspace_id = $1 and i.state = 'open'`,
      [workspaceId],
    );
    const open = await db.query("select count(*)::int as n from issues where repository_id = $1 and state = 'open'", [
      repositoryId,
    ]);
    expect(placed.rows[0]).toEqual({ positions: open.rows[0].n, issues: open.rows[0].n });
  }, 90_000);

  it("a bulk move killed in its transaction moves nothing; sent again, it moves all of them in order", async () => {
    expect(left.bulkMoveAnswer).toBe("no answer");
    expect(left.boardAfterKill).toEqual(left.boardBefore);

    expect((await moveToTarget()).movePipelineIssues.successCount).toBe(100);
    const end = await board();
    const before = new Map(left.boardBefore.map((row) => [row.issue_id, row]));
    const moving = new Set(left.moving);
    // The issues that were on the board before stay on it once each; only the moved ones changed.
    const kept = end.filter((row) => before.has(row.issue_id));
    expect(kept).toHaveLength(left.boardBefore.length);
    expect(kept.filter((row) => !moving.has(row.issue_id))).toEqual(
      left.boardBefore.filter((row) => !moving.has(row.issue_id)),
    );
    expect(new Set(end.map((row) => row.issue_id)).size).toBe(end.length);
    for (const row of end) expect(isValidRank(row.rank), row.rank).toBe(true);
    const inTarget = end.filter((row) => row.pipeline_id === targetPipelineId).sort(byRank);
    expect(new Set(inTarget.map((row) => row.rank)).size).toBe(inTarget.length);
    expect(inTarget.slice(-100).map((row) => row.issue_id)).toEqual(left.moving);
  }, 90_000);

  it("a sprint rollover killed in its transaction is redone once by the job at start", async () => {
    expect(left.rolloverAnswer).toBe("no answer");
    // Nothing half-done: the ended sprint is still open and nothing was carried.
    expect(left.sprintsAfterKill).toEqual(left.scheduled);

    const after = await waitFor(
      "the rollover after the restart",
      async () => {
        const rows = await sprints();
        return rows[0]?.state === "CLOSED" ? rows : undefined;
      },
      60_000,
    );
    expect(after.filter((sprint) => sprint.state === "CLOSED")).toHaveLength(1);
    const next = after.find((sprint) => sprint.state === "OPEN");
    const carried = await db.query("select issue_id from sprint_issues where sprint_id = $1 order by issue_id", [
      next?.id,
    ]);
    expect(carried.rows.map((row) => row.issue_id)).toEqual(left.unfinished);
    const events = await sprintEvents();
    expect(events - left.sprintEventsBefore).toBe(left.unfinished.length);

    // Run again (as the minute's schedule or a retry would): nothing changes.
    expect((await runRollover()).ok).toBe(true);
    expect(await sprints()).toEqual(after);
    expect(await sprintEvents()).toBe(events);
  }, 90_000);
});
