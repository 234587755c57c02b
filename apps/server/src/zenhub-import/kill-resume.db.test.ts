/**
 * Issue 31: a ZenHub import survives its process being killed. The real server (apps/server/src/main.ts)
 * runs as a child process on a database that outlives it (a PostgreSQL database, or PGlite's folder on
 * disk), imports a seeded ZenHub stand-in as a pg-boss job, and is killed with SIGKILL while it is
 * placing issues. A second server on the same database must finish the import by itself, with the
 * same plan as an import that was never stopped: nothing duplicated, nothing missing, and progress
 * that never counts more than its totals.
 *
 * "While it is placing issues" is made certain rather than hoped for: the stand-in holds the import's
 * third page request, the test reads the import's progress (issues placed, but not all) and kills the
 * server then.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { seedIssues } from "@gantry/hub-sandbox/bulk";
import { seedDemo } from "@gantry/hub-sandbox/demo";
import { createHubSandbox, type HubSandbox } from "@gantry/hub-sandbox/sandbox";
import { seedRepositoryFrom } from "@gantry/zenhub-stand-in/from-hub";
import { seedWorkspace } from "@gantry/zenhub-stand-in/seed";
import { createZenhubStandIn, type ZenhubStandIn } from "@gantry/zenhub-stand-in/stand-in";
import { decodeGlobalID } from "@pothos/plugin-relay";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Child,
  gql,
  SANDBOX_CLIENT,
  scratchDatabase,
  signInWithGitHub,
  startServer,
  waitFor,
} from "../testing/child-server.js";
import { ZENHUB_KEY } from "../testing/zenhub.js";
import { comparablePlan, zenhubPlan } from "../testing/zenhub-plan.js";

const REPO = "zenhub-kill";
const PROGRESS = `query ($id: ID!) { workspace(id: $id) { zenhubImports {
  state stage error progress { kind done total } skipped { kind name reason }
} } }`;
// A claim window longer than the wait for the end (240 s): the restarted server, on the same host and
// database, must see that the killed process has ended and take over without waiting the window out.
const CLAIM_SECONDS = "900";

interface Progress {
  state: string;
  stage: string;
  error: string | null;
  progress: { kind: string; done: number; total: number }[];
  skipped: { kind: string; name: string; reason: string }[];
}

describe.each(testEngines())("a ZenHub import killed with its server process, on %s", (engine) => {
  let hub: HubSandbox;
  let zenhub: ZenhubStandIn;
  let zenhubWorkspaceId: string;
  let dataDir: string;
  let database: Awaited<ReturnType<typeof scratchDatabase>> | undefined;
  let server: Child | undefined;
  let token: string;

  const start = () =>
    startServer({
      ...(database ? { databaseUrl: database.url } : {}),
      dataDir,
      sandbox: hub,
      env: { ZENHUB_API_URL: zenhub.endpoint, ZENHUB_IMPORT_CLAIM_SECONDS: CLAIM_SECONDS },
    });

  async function progress(workspace: string): Promise<Progress> {
    if (!server) throw new Error("no server");
    const answer = await gql<{ workspace: { zenhubImports: Progress[] } }>(server, token, PROGRESS, { id: workspace });
    const [latest] = answer.workspace.zenhubImports;
    if (!latest) throw new Error("no import");
    return latest;
  }

  async function newWorkspace(name: string): Promise<string> {
    if (!server) throw new Error("no server");
    const org = await gql<{ createGantryOrganization: { gantryOrganization: { id: string } } }>(
      server,
      token,
      "mutation ($name: String!) { createGantryOrganization(input: { name: $name }) { gantryOrganization { id } } }",
      { name },
    );
    const created = await gql<{ createWorkspace: { workspace: { id: string } } }>(
      server,
      token,
      "mutation ($org: ID!, $name: String!) { createWorkspace(input: { gantryOrganizationId: $org, name: $name }) { workspace { id } } }",
      { org: org.createGantryOrganization.gantryOrganization.id, name },
    );
    return created.createWorkspace.workspace.id;
  }

  async function startImport(workspace: string): Promise<void> {
    if (!server) throw new Error("no server");
    await gql(
      server,
      token,
      `mutation ($workspaceId: ID!, $apiKey: String!, $zenhubWorkspaceId: String!) {
        startZenhubImport(input: { workspaceId: $workspaceId, apiKey: $apiKey, zenhubWorkspaceId: $zenhubWorkspaceId, confirmMerge: true }) {
          zenhubImport { id }
        }
      }`,
      { workspaceId: workspace, apiKey: ZENHUB_KEY, zenhubWorkspaceId },
    );
  }

  /** Polls the progress page's query until the import ends, checking on the way that no count passes its total. */
  async function finished(workspace: string): Promise<Progress> {
    return waitFor(
      "the import to finish",
      async () => {
        const seen = await progress(workspace);
        for (const kind of seen.progress) expect(kind.done).toBeLessThanOrEqual(kind.total);
        if (seen.state === "FAILED") throw new Error(`the import failed: ${seen.error}`);
        return seen.state === "DONE" ? seen : undefined;
      },
      240_000,
    );
  }

  beforeAll(async () => {
    hub = await createHubSandbox({
      host: "127.0.0.1",
      port: 0,
      seed: (store) => {
        seedDemo(store);
        seedIssues(store, { owner: "demo", repo: REPO, issues: 300, pullRequestEvery: 0 });
      },
      oauthApps: [{ clientId: SANDBOX_CLIENT.id, clientSecret: SANDBOX_CLIENT.secret }],
    });
    zenhub = await createZenhubStandIn({
      seed: (store) => {
        zenhubWorkspaceId = seedWorkspace(store, {
          key: ZENHUB_KEY,
          name: "Payments",
          repositories: [seedRepositoryFrom(hub.store, `demo/${REPO}`)],
        }).id;
      },
    });
    dataDir = mkdtempSync(join(tmpdir(), "gantry-zenhub-kill-"));
    if (engine === "postgres") database = await scratchDatabase(process.env.TEST_DATABASE_URL as string, "gantry_zhk");
    server = await start();
    token = await signInWithGitHub(server, "demo");
  }, 300_000);

  afterAll(async () => {
    await server?.kill();
    await zenhub?.close();
    await hub?.close();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it("finishes after a SIGKILL midway with the plan of an import that ran through, nothing duplicated", async () => {
    // The import that is never stopped, for comparison.
    const reference = await newWorkspace("Workspace ran through");
    await startImport(reference);
    const referenceProgress = await finished(reference);

    // The one that is killed: its third page request is held, with two pipelines' issues placed.
    const killed = await newWorkspace("Workspace killed midway");
    const held = zenhub.holdAt("PipelineIssues", 3);
    await startImport(killed);
    await held.reached;
    const midway = await progress(killed);
    expect(midway).toMatchObject({ state: "RUNNING", stage: "issues" });
    const issues = midway.progress.find((kind) => kind.kind === "issues");
    const placedInTheEnd = referenceProgress.progress.find((kind) => kind.kind === "issues")?.done ?? 0;
    expect(issues?.done).toBeGreaterThan(0);
    expect(issues?.done).toBeLessThan(placedInTheEnd);
    await server?.kill();
    held.release();

    // A new process on the same database: the import carries on by itself (the start-up job sees the
    // claimant has ended and takes over at once) and ends as the uninterrupted one did.
    server = await start();
    const resumed = await finished(killed);
    const counts = (of: Progress) => of.progress.map(({ kind, done, total }) => ({ kind, done, total }));
    expect(counts(resumed)).toEqual(counts(referenceProgress));
    for (const kind of resumed.progress) expect(kind.done).toBe(kind.total);
    expect(resumed.skipped).toEqual(referenceProgress.skipped);

    // Read the database itself once the server has stopped (PGlite's folder has one user at a time).
    await server.stop();
    server = undefined;
    const handle = await openDatabase(database ? { url: database.url } : { dataDir });
    try {
      const [ranThrough, afterKill] = await Promise.all(
        [reference, killed].map((workspace) => zenhubPlan(handle.executeSql, decodeGlobalID(workspace).id)),
      );
      expect(afterKill?.board.length).toBeGreaterThan(0);
      expect(comparablePlan(afterKill as NonNullable<typeof afterKill>)).toEqual(
        comparablePlan(ranThrough as NonNullable<typeof ranThrough>),
      );
      // One Gantry issue per GitHub issue, and one place on the board each.
      const duplicates = await handle.executeSql(
        `select (select count(*)::int from (select 1 from issues group by repository_id, number having count(*) > 1) d) as issues,
                (select count(*)::int from (select 1 from issue_positions group by workspace_id, issue_id having count(*) > 1) d) as positions`,
      );
      expect(duplicates.rows).toEqual([{ issues: 0, positions: 0 }]);
    } finally {
      await handle.close();
    }
  }, 900_000);
});
