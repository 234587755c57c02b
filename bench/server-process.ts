/**
 * The compiled server (`apps/server/dist/main.js`, as `npm start` runs it) in a child process of
 * its own, so a benchmark measures what production runs: no tsx transform in the server, and the
 * bench's client work (fetch, JSON parsing) off the server's event loop.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { SERVER_NODE_FLAGS } from "../apps/server/src/runtime/node-flags.js";
import { fakeWebDist } from "../apps/server/src/testing/app.js";
import { benchDatabaseName, benchDatabaseUrl, dropBenchDatabase } from "./seed.js";

const ROOT = path.join(import.meta.dirname, "..");
const MAIN = path.join(ROOT, "apps/server/dist/main.js");
/** The server and the workspace packages it runs from their own dist (apps/server/tsconfig.build.json). */
const BUILT = ["apps/server", "packages/db", "packages/domain"];
/**
 * How long a fresh server may take to answer /readyz: `BENCH_SERVER_READY_SECONDS`, or 30 s, and
 * 120 s on PGlite, which replays its files into memory first (slow at 100,000 issues on a busy machine).
 */
function readyWithinMs(database: ServerDatabase): number {
  const setting = Number(process.env.BENCH_SERVER_READY_SECONDS);
  if (setting > 0) return setting * 1000;
  return "GANTRY_DATA_DIR" in database ? 120_000 : 30_000;
}
const STOP_WITHIN_MS = 10_000;
/** Enough of the child's output to say why it failed, without keeping all of it. */
const OUTPUT_KEPT_CHARS = 8_000;

export interface ServerProcess {
  /** The server's origin, http://127.0.0.1:<port>. */
  url: string;
  pid: number;
  /** The child's user + system CPU so far, in milliseconds (/proc/<pid>/stat). */
  cpuMs(): number;
  /** The child's resident memory now and at its peak, in MiB (/proc/<pid>/status: VmRSS, VmHWM). */
  memoryMiB(): { resident: number; peak: number };
  /** SIGTERM, as a process manager stops it, and waits for the exit. */
  stop(): Promise<void>;
}

/** Where the server finds the data: a PostgreSQL database, or PGlite's folder on disk. */
export type ServerDatabase = { DATABASE_URL: string } | { GANTRY_DATA_DIR: string };

export interface BenchServerDatabase {
  /** What `startBuiltServer` is given. */
  server: ServerDatabase;
  /** PGlite's folder, for `benchDatabase` to seed and `openDatabase({ dataDir })` to reopen; PostgreSQL: undefined. */
  pgliteDir: string | undefined;
  /** PostgreSQL's database name (benchDatabaseName); PGlite: undefined. */
  name: string | undefined;
  /** Deletes PGlite's folder, or drops PostgreSQL's database: large boards must not stay on a shared server. */
  remove(): Promise<void>;
}

/**
 * A benchmark's database on the PostgreSQL server at `postgresUrl`, named after that URL's database
 * and `suffix` (benchDatabaseName), or PGlite on disk in a new temporary folder (not in memory: the
 * server in its own process opens the files the bench seeded).
 */
export function benchServerDatabase(postgresUrl: string | null, suffix: string): BenchServerDatabase {
  if (postgresUrl) {
    const name = benchDatabaseName(postgresUrl, suffix);
    return {
      server: { DATABASE_URL: benchDatabaseUrl(postgresUrl, name) },
      pgliteDir: undefined,
      name,
      remove: () => dropBenchDatabase(postgresUrl, name),
    };
  }
  const pgliteDir = mkdtempSync(path.join(tmpdir(), `gantry-${suffix}-pglite-`));
  return {
    server: { GANTRY_DATA_DIR: pgliteDir },
    pgliteDir,
    name: undefined,
    remove: async () => rmSync(pgliteDir, { recursive: true, force: true }),
  };
}

/**
 * Starts the built server and waits until it is ready (`/readyz`): on `BENCH_SERVER_PORT` when set
 * (a port a firewall or a colleague's run leaves free), else on a free loopback port.
 */
export async function startBuiltServer(database: ServerDatabase): Promise<ServerProcess> {
  assertBuildIsFresh();
  const port = Number(process.env.BENCH_SERVER_PORT) || (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const webDist = fakeWebDist();
  // Only these variables: the bench's own (TEST_DATABASE_URL, a developer's DATABASE_URL) must not
  // reach the server. Development mode, as the in-process test app runs: production would also
  // demand SMTP, and only changes response headers.
  const env = {
    ...database,
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "silent",
    WEB_DIST_DIR: webDist,
    // A key of its own, so the server writes no development key file (GANTRY_DATA_DIR/secret.key).
    GANTRY_SECRET_KEY: randomBytes(32).toString("base64"),
    REQUIRE_EMAIL_VERIFICATION: "false",
    AUTH_RATE_LIMIT_PER_MINUTE: "1000000",
    // Benchmarks send requests far faster than a person would.
    GRAPHQL_RATE_LIMIT_PER_USER_PER_MINUTE: "0",
    GRAPHQL_RATE_LIMIT_PER_IP_PER_MINUTE: "0",
  };
  // The server's own Node flags, as `npm start` runs it; then `BENCH_SERVER_NODE_ARGS="--cpu-prof
  // --cpu-prof-dir=/tmp/prof"`: more of Node's flags, to profile it (a later flag wins over an earlier one).
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...nodeArgs, MAIN], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_KEPT_CHARS);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  // "close", not "exit": by then the child's last words have been read.
  const exited = new Promise<string>((resolve) => {
    child.once("close", (code, signal) => resolve(signal ? `signal ${signal}` : `code ${code}`));
    child.once("error", (error) => resolve(error.message));
  });
  const cleanUp = () => rmSync(webDist, { recursive: true, force: true });

  const readyWithin = readyWithinMs(database);
  if (!(await waitForReady(url, child, readyWithin)) || child.pid === undefined) {
    const running = isRunning(child);
    await stopChild(child, exited);
    cleanUp();
    const how = running
      ? `was not ready within ${readyWithin / 1000} s (BENCH_SERVER_READY_SECONDS sets it)`
      : `exited (${await exited}) before it was ready`;
    throw new Error(`The built server (${path.relative(ROOT, MAIN)}) ${how}. Its output:\n${output}`);
  }
  const pid = child.pid;
  const ticksPerSecond = clockTicksPerSecond();
  return {
    url,
    pid,
    cpuMs: () => (processTicks(pid) * 1000) / ticksPerSecond,
    memoryMiB: () => processMemory(pid),
    stop: async () => {
      await stopChild(child, exited);
      cleanUp();
    },
  };
}

/** A build older than its sources would measure code no one is changing any more. */
function assertBuildIsFresh(): void {
  if (!existsSync(MAIN)) throw new Error(`${path.relative(ROOT, MAIN)} is missing: run \`npm run build\` first`);
  for (const project of BUILT) {
    const built = newestChange(path.join(ROOT, project, "dist"));
    if (newestChange(path.join(ROOT, project, "src")) > built) {
      throw new Error(`${project}/dist is older than ${project}/src: run \`npm run build\` first`);
    }
  }
}

/**
 * The latest modification time below `dir`, leaving out what the build leaves out (tests, the
 * server's `testing/` helpers), so editing a test does not call for a build.
 */
function newestChange(dir: string): number {
  if (!existsSync(dir)) return 0;
  const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter(
    (file) => !file.endsWith(".test.ts") && !file.startsWith(`testing${path.sep}`),
  );
  // Files only: a folder's time changes when a test is added to it.
  const stats = files.map((file) => statSync(path.join(dir, file))).filter((stat) => stat.isFile());
  return Math.max(0, ...stats.map((stat) => stat.mtimeMs));
}

/** A port the system considers free now; the server binds it a moment later. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", resolve);
  });
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (!address || typeof address === "string") throw new Error("no free loopback port");
  return address.port;
}

/** Polls `/readyz` until the database answers, the child exits, or the time is up. */
async function waitForReady(url: string, child: ChildProcess, within: number): Promise<boolean> {
  const deadline = Date.now() + within;
  while (isRunning(child) && Date.now() < deadline) {
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/** Spawned (a failed spawn leaves no pid) and not yet exited. */
const isRunning = (child: ChildProcess) =>
  child.pid !== undefined && child.exitCode === null && child.signalCode === null;

async function stopChild(child: ChildProcess, exited: Promise<string>): Promise<void> {
  if (isRunning(child)) child.kill("SIGTERM");
  // A server that does not finish shutting down must not keep the bench waiting for ever.
  const timer = setTimeout(() => child.kill("SIGKILL"), STOP_WITHIN_MS);
  await exited;
  clearTimeout(timer);
}

/** utime + stime in clock ticks: fields 14 and 15 of /proc/<pid>/stat, counted after the `(comm)` field. */
function processTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

function processMemory(pid: number): { resident: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN);
  return { resident: kib("VmRSS") / 1024, peak: kib("VmHWM") / 1024 };
}

function clockTicksPerSecond(): number {
  return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());
}
