/**
 * Backups (issue #15, decision 0042), done as docs/operations.md says: `pg_dump --format=custom` and
 * `pg_restore` into a new PostgreSQL database, and a copy of the embedded database's folder taken
 * while the server is stopped. A real server (child process) starts on each copy and must show the
 * same board to the same session.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type Child, gql, scratchDatabase, startServer } from "../testing/child-server.js";

const postgresUrl = process.env.TEST_DATABASE_URL;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
}, 60_000);

const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

const run = async (options: Parameters<typeof startServer>[0]) => {
  const server = await startServer(options);
  cleanups.push(() => server.kill());
  return server;
};

/** An account (email verification off), an organisation, a workspace and five issues, one moved. */
async function seedWorkspace(server: Child): Promise<{ token: string; workspaceId: string }> {
  const email = `backup-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = "Correct-horse-9";
  const signup = await fetch(`${server.url}/api/auth/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  expect(signup.ok).toBe(true);
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const { token } = (await login.json()) as { token: string };
  const org = await gql<{ createGantryOrganization: { gantryOrganization: { id: string } } }>(
    server,
    token,
    'mutation { createGantryOrganization(input: { name: "Backed up" }) { gantryOrganization { id } } }',
  );
  const created = await gql<{ createWorkspace: { workspace: { id: string } } }>(
    server,
    token,
    'mutation ($org: ID!) { createWorkspace(input: { gantryOrganizationId: $org, name: "Backed up" }) { workspace { id } } }',
    { org: org.createGantryOrganization.gantryOrganization.id },
  );
  const workspaceId = created.createWorkspace.workspace.id;
  const { workspace } = await gql<{ workspace: { gantryRepository: { id: string }; pipelines: { id: string }[] } }>(
    server,
    token,
    "query ($id: ID!) { workspace(id: $id) { gantryRepository { id } pipelines { id } } }",
    { id: workspaceId },
  );
  const issueIds: string[] = [];
  for (const title of ["Export to CSV", "Dark theme", "Keyboard shortcuts", "Faster search", "Audit log"]) {
    const answer = await gql<{ createIssue: { issue: { id: string } } }>(
      server,
      token,
      "mutation ($input: CreateIssueInput!) { createIssue(input: $input) { issue { id } } }",
      { input: { repositoryId: workspace.gantryRepository.id, title, body: `About ${title}.` } },
    );
    issueIds.push(answer.createIssue.issue.id);
  }
  await gql(
    server,
    token,
    "mutation ($input: MovePipelineIssuesInput!) { movePipelineIssues(input: $input) { successCount } }",
    { input: { pipelineId: workspace.pipelines[1]?.id, issueIds: issueIds.slice(0, 2), position: "START" } },
  );
  return { token, workspaceId };
}

/** The board as a reader sees it: each pipeline's issues in board order. */
async function readBoard(server: Child, token: string, workspaceId: string) {
  const { workspace } = await gql<{ workspace: { pipelines: { id: string; name: string }[] } }>(
    server,
    token,
    "query ($id: ID!) { workspace(id: $id) { pipelines { id name } } }",
    { id: workspaceId },
  );
  const board: { pipeline: string; issues: string[] }[] = [];
  for (const pipeline of workspace.pipelines) {
    const { searchIssuesByPipeline } = await gql<{
      searchIssuesByPipeline: { nodes: { number: number; title: string }[] };
    }>(
      server,
      token,
      "query ($id: ID!) { searchIssuesByPipeline(pipelineId: $id, first: 100) { nodes { number title } } }",
      { id: pipeline.id },
    );
    board.push({
      pipeline: pipeline.name,
      issues: searchIssuesByPipeline.nodes.map((issue) => `#${issue.number} ${issue.title}`),
    });
  }
  return board;
}

describe("backups of the embedded database", () => {
  it("a copy of the data folder, taken while the server is stopped, starts with the same board", async () => {
    const original = tempDir("gantry-backup-");
    const server = await run({ dataDir: original });
    const { token, workspaceId } = await seedWorkspace(server);
    const board = await readBoard(server, token, workspaceId);
    expect(board.flatMap((pipeline) => pipeline.issues)).toHaveLength(5);
    await server.stop();

    const copy = join(tempDir("gantry-restore-"), "data");
    cpSync(original, copy, { recursive: true });
    rmSync(original, { recursive: true, force: true });
    const restored = await run({ dataDir: copy });
    expect(await readBoard(restored, token, workspaceId)).toEqual(board);
  }, 480_000);
});

describe.skipIf(!postgresUrl)("backups of PostgreSQL", () => {
  it("pg_dump --format=custom, pg_restore into a new database, and a server on it shows the same board", async () => {
    const source = await scratchDatabase(postgresUrl as string, "gantry_backup");
    cleanups.push(() => source.drop());
    // Development secret key in the data folder: the same folder goes with the restored database.
    const dataDir = tempDir("gantry-backup-");
    const server = await run({ databaseUrl: source.url, dataDir });
    const { token, workspaceId } = await seedWorkspace(server);
    const board = await readBoard(server, token, workspaceId);

    const dump = join(tempDir("gantry-dump-"), "gantry.dump");
    // Online: pg_dump reads one consistent snapshot while the server keeps running.
    execFileSync("pg_dump", ["--format=custom", `--file=${dump}`, source.url]);
    await server.stop();
    await source.drop();

    const target = await scratchDatabase(postgresUrl as string, "gantry_restore");
    cleanups.push(() => target.drop());
    execFileSync("pg_restore", ["--no-owner", `--dbname=${target.url}`, dump]);
    const restored = await run({ databaseUrl: target.url, dataDir });
    expect(await readBoard(restored, token, workspaceId)).toEqual(board);
  }, 480_000);
});
