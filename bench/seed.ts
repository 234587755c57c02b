/**
 * Large boards for the benchmarks, built fast: the owner, organisation and workspace through the
 * API, then repositories, issues and their board positions as multi-row INSERTs of 1,000 rows
 * (not one request per issue). Run alone it seeds PostgreSQL's `<TEST_DATABASE_URL's database>_bench`
 * and leaves it (drop it when done):
 *
 *   TEST_DATABASE_URL=postgres://… npx tsx --conditions=@gantry/source bench/seed.ts [issues]
 */
import { randomUUID } from "node:crypto";
import path from "node:path";
import { openDatabase, schema } from "@gantry/db";
import type { TestDatabase } from "@gantry/db/testing";
import { rankBetween, ranksBetween } from "@gantry/domain";
import { decodeGlobalID, encodeGlobalID } from "@pothos/plugin-relay";
import { asc, eq, sql } from "drizzle-orm";
import pg from "pg";
import { createTestApp, type TestApp } from "../apps/server/src/testing/app.js";
import {
  createOrganization,
  createWorkspace,
  signUpUser,
  type TestUser,
} from "../apps/server/src/testing/factories.js";

export interface BoardSize {
  repositories: number;
  pipelines: number;
  issues: number;
}

export const boardSize = (issues: number): BoardSize => ({ repositories: 20, pipelines: 8, issues });

export interface SeededBoard {
  t: TestApp;
  owner: TestUser;
  /** Global ids, as clients send them. */
  workspace: string;
  pipelines: string[];
  issues: string[];
  /** Database ids. */
  workspaceId: string;
  seedMs: number;
}

const CHUNK = 1_000;
/** A word in the title of one seeded issue of every SEARCHED_EVERY, and in no other text. */
export const SEARCHED_WORD = "flickers";
export const SEARCHED_EVERY = 1_000;
const LABELS = [
  { name: "bug", color: "d73a4a" },
  { name: "feature", color: "a2eeef" },
  { name: "docs", color: "0075ca" },
];

/**
 * A benchmark's database name on the PostgreSQL server of `postgresUrl`: that URL's own database
 * name with `suffix` after it (`test` gives `test_bench_b1`), so two people whose TEST_DATABASE_URLs
 * name different databases on one server never drop each other's benchmark databases.
 */
export function benchDatabaseName(postgresUrl: string, suffix: string): string {
  const own = decodeURIComponent(new URL(postgresUrl).pathname.slice(1)) || "postgres";
  const name = `${own}_${suffix}`.toLowerCase().replace(/[^a-z0-9_]/g, "_");
  // PostgreSQL keeps 63 bytes of a name; a longer one would silently become another's.
  if (name.length > 63) throw new Error(`benchmark database name ${name} is longer than 63 characters`);
  return name;
}

/**
 * A fresh, migrated database for one benchmark: PGlite (in memory, or in `pgliteDataDir` for a
 * server in another process to open after this one closes it), or benchDatabaseName(`suffix`) on
 * the PostgreSQL server (dropped and made again, never the server's other databases).
 */
export async function benchDatabase(
  postgresUrl: string | null,
  suffix: string,
  pgliteDataDir?: string,
): Promise<TestDatabase> {
  if (!postgresUrl) {
    const handle = await openDatabase({ dataDir: pgliteDataDir });
    await handle.migrate();
    return { ...handle, dispose: handle.close };
  }
  const name = benchDatabaseName(postgresUrl, suffix);
  await dropBenchDatabase(postgresUrl, name);
  await adminQuery(postgresUrl, `create database ${name}`);
  // The server's default pool size (10), as a production instance runs with.
  const handle = await openDatabase({
    url: benchDatabaseUrl(postgresUrl, name),
    onIdleConnectionError: () => undefined,
  });
  await handle.migrate();
  return { ...handle, dispose: handle.close };
}

/** Drops a benchmark's database, so a 100,000-issue board does not stay on a shared server. */
export async function dropBenchDatabase(postgresUrl: string, name: string): Promise<void> {
  await adminQuery(postgresUrl, `drop database if exists ${name} with (force)`);
}

async function adminQuery(postgresUrl: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/** The URL of the benchmark's database `name` on the PostgreSQL server at `postgresUrl`. */
export function benchDatabaseUrl(postgresUrl: string, name: string): string {
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A workspace of `size` on its own app: open issues spread evenly over the pipelines, in rank order. */
export async function seedBoard(database: TestDatabase, size: BoardSize): Promise<SeededBoard> {
  const start = performance.now();
  const t = await createTestApp(
    {
      REQUIRE_EMAIL_VERIFICATION: "false",
      AUTH_RATE_LIMIT_PER_MINUTE: "1000000",
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "silent",
    },
    { database },
  );
  const owner = await signUpUser(t, "bench");
  const workspace = await createWorkspace(t, owner, await createOrganization(t, owner));
  const workspaceId = decodeGlobalID(workspace).id;
  const db = database.db;

  const existing = await db
    .select({ id: schema.pipelines.id, rank: schema.pipelines.rank })
    .from(schema.pipelines)
    .where(eq(schema.pipelines.workspaceId, workspaceId))
    .orderBy(asc(sql`${schema.pipelines.rank} collate "C"`), asc(schema.pipelines.id));
  const pipelineIds = existing.map((pipeline) => pipeline.id);
  let lastRank = existing.at(-1)?.rank ?? null;
  for (let index = pipelineIds.length; index < size.pipelines; index++) {
    lastRank = rankBetween(lastRank, null);
    const [added] = await db
      .insert(schema.pipelines)
      .values({ workspaceId, name: `Stage ${index + 1}`, rank: lastRank })
      .returning({ id: schema.pipelines.id });
    if (added) pipelineIds.push(added.id);
  }
  pipelineIds.length = Math.min(pipelineIds.length, size.pipelines);

  // GraphQL exposes GitHub ids as 32-bit Ints: repositories from 1e8, issues from 1e9, below 2^31.
  const ghBase = 100_000_000 + Math.floor(Math.random() * 1e5) * 1_000;
  const repositories = Array.from({ length: size.repositories }, (_, index) => ({
    id: randomUUID(),
    ghId: ghBase + index,
    ownerLogin: "acme",
    name: `service-${index + 1}`,
    htmlUrl: `https://github.test/acme/service-${index + 1}`,
    importState: "done" as const,
  }));
  await db.insert(schema.repositories).values(repositories);
  await db
    .insert(schema.workspaceRepositories)
    .values(repositories.map((repository) => ({ workspaceId, repositoryId: repository.id })));

  const issueIds = Array.from({ length: size.issues }, () => randomUUID());
  const created = new Date("2026-01-05T09:00:00Z").getTime();
  for (let from = 0; from < size.issues; from += CHUNK) {
    const rows = issueIds.slice(from, from + CHUNK).map((id, offset) => {
      const index = from + offset;
      const repository = repositories[index % repositories.length] as (typeof repositories)[number];
      const number = Math.floor(index / repositories.length) + 1;
      const at = new Date(created + index * 60_000);
      return {
        id,
        repositoryId: repository.id,
        ghId: ghBase * 10 + index,
        number,
        // One issue in a thousand holds the word B9 searches for, so a search keeps 0.1% of any board.
        title:
          index % SEARCHED_EVERY === SEARCHED_EVERY - 1
            ? `Checkout ${SEARCHED_WORD} on retry in ${repository.name}`
            : `Issue ${number} of ${repository.name}: make the thing faster`,
        body: "Steps to reproduce, expected and actual behaviour.",
        state: "open" as const,
        htmlUrl: `${repository.htmlUrl}/issues/${number}`,
        author: { login: "demo", avatarUrl: null },
        labels: [LABELS[index % LABELS.length] as (typeof LABELS)[number]],
        assignees: index % 3 ? [{ login: `dev${index % 7}`, avatarUrl: null }] : [],
        estimate: index % 4 ? (index % 8) + 1 : null,
        ghCreatedAt: at,
        ghUpdatedAt: at,
      };
    });
    await db.insert(schema.issues).values(rows);
  }

  // Pipeline p holds issues p, p + P, p + 2P, …; ranks appended as the domain appends them.
  const perPipeline = pipelineIds.map((pipelineId, p) => {
    const ids = issueIds.filter((_, index) => index % pipelineIds.length === p);
    const ranks = ranksBetween(null, null, ids.length);
    return ids.map((issueId, index) => ({ workspaceId, issueId, pipelineId, rank: ranks[index] as string }));
  });
  const positions = perPipeline.flat();
  for (let from = 0; from < positions.length; from += CHUNK) {
    await db.insert(schema.issuePositions).values(positions.slice(from, from + CHUNK));
  }
  // Vacuumed, with fresh statistics, as autovacuum leaves the tables of a live install: otherwise
  // autovacuum starts on the freshly loaded tables during the measurement, and index-only scans
  // (the pipelines' counts) visit the table for every row until the visibility map is set.
  if (database.engine === "postgres") await database.executeSql("vacuum (analyze)");

  const pipelines = pipelineIds.map((id) => encodeGlobalID("Pipeline", id));
  const issues = issueIds.map((id) => encodeGlobalID("Issue", id));
  return { t, owner, workspace, pipelines, issues, workspaceId, seedMs: performance.now() - start };
}

const invokedDirectly = process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename;
if (invokedDirectly) {
  const issues = Number(process.argv[2] ?? 10_000);
  const postgresUrl = process.env.TEST_DATABASE_URL ?? null;
  const database = await benchDatabase(postgresUrl, "bench");
  const board = await seedBoard(database, boardSize(issues));
  console.log(
    `Seeded ${issues} issues in ${Math.round(board.seedMs)} ms (${database.engine}); workspace ${board.workspace}`,
  );
  await board.t.app.close();
  await database.close();
}
