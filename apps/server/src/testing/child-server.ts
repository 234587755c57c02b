/**
 * The real server (apps/server/src/main.ts) and the hub sandbox as child processes, for tests that
 * must kill a server outright (SIGKILL) or start one on a restored database: what an operator's
 * process manager does, which an in-process app cannot show.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";
import pg from "pg";

const root = join(import.meta.dirname, "../../../..");
/** The OAuth app the server signs in with; a hub sandbox run in the test's own process registers it too. */
export const SANDBOX_CLIENT = { id: "gantry-sandbox", secret: "gantry-sandbox-secret" };

/** A loopback port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** Polls `probe` until it answers something other than undefined; fails with `what` after `timeoutMs`. */
export async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown = null;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}${lastError ? ` (last error: ${String(lastError)})` : ""}`);
}

export interface Child {
  url: string;
  process: ChildProcess;
  /** What the process wrote, for the failure message when it dies early. */
  output(): string;
  /** SIGKILL: no shutdown hook runs, as when the machine or the process manager kills it. */
  kill(): Promise<void>;
  /** SIGTERM: the graceful shutdown main.ts installs. */
  stop(): Promise<void>;
}

function startChild(
  args: string[],
  env: Record<string, string | undefined>,
  url: string,
  readyPath: string,
): Promise<Child> {
  const merged: Record<string, string | undefined> = { ...process.env, ...env };
  for (const [name, value] of Object.entries(merged)) if (value === undefined) delete merged[name];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: merged,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  const handle: Child = {
    url,
    process: child,
    output: () => output,
    kill: () => end("SIGKILL"),
    stop: () => end("SIGTERM"),
  };
  return waitFor(
    `${args.at(-1)} to listen at ${url}`,
    async () => {
      if (child.exitCode !== null) throw new Error(`it exited with ${child.exitCode}:\n${output}`);
      const response = await fetch(`${url}${readyPath}`).catch(() => null);
      return response?.ok ? handle : undefined;
    },
    // A first start on the embedded database creates and migrates it: up to about three minutes on a loaded 2-core machine.
    240_000,
  ).catch(async (error: unknown) => {
    await end("SIGKILL");
    throw new Error(`${String(error)}\n${output}`);
  });
}

/** The hub sandbox with its demo data plus `issues` generated issues in demo/`repo` (none of them pull requests). */
export async function startSandbox(repo: string, issues: number): Promise<Child> {
  const port = await freePort();
  return startChild(
    [
      "--import",
      "tsx",
      "apps/hub-sandbox/src/seed-cli.ts",
      "--owner",
      "demo",
      "--repo",
      repo,
      "--issues",
      String(issues),
      "--pulls-every",
      "0",
    ],
    {
      PORT: String(port),
      HOST: "127.0.0.1",
      HUB_SANDBOX_CLIENT_ID: SANDBOX_CLIENT.id,
      HUB_SANDBOX_CLIENT_SECRET: SANDBOX_CLIENT.secret,
    },
    `http://127.0.0.1:${port}`,
    "/rate_limit",
  );
}

export interface ServerOptions {
  /** PostgreSQL; without it the embedded database lives in `dataDir`. */
  databaseUrl?: string;
  /** Also where the development secret key is kept, so it must stay the same across restarts. */
  dataDir: string;
  /** A hub sandbox as a child process, or one in the test's own process (its URL). */
  sandbox?: Pick<Child, "url">;
  port?: number;
  /** More settings, such as ZENHUB_API_URL. */
  env?: Record<string, string>;
}

/** Runs apps/server/src/main.ts from source (no build) and waits until it answers /ping. */
export async function startServer(options: ServerOptions): Promise<Child> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const env: Record<string, string | undefined> = {
    // The parent's database settings must not leak in: the child uses exactly the database given.
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: undefined,
    PORT: String(port),
    HOST: "127.0.0.1",
    NODE_ENV: "development",
    GANTRY_DATA_DIR: options.dataDir,
    LOG_LEVEL: "warn",
    PUBLIC_URL: url,
    REQUIRE_EMAIL_VERIFICATION: "false",
    AUTH_RATE_LIMIT_PER_MINUTE: "10000",
    GANTRY_TEST_CLOCK: "true",
    GITHUB_RECONCILE_MINUTES: "0",
  };
  if (options.sandbox) {
    Object.assign(env, {
      GITHUB_URL: options.sandbox.url,
      GITHUB_API_URL: options.sandbox.url,
      GITHUB_CLIENT_ID: SANDBOX_CLIENT.id,
      GITHUB_CLIENT_SECRET: SANDBOX_CLIENT.secret,
    });
  }
  Object.assign(env, options.env);
  return startChild(["--conditions=@gantry/source", "--import", "tsx", "apps/server/src/main.ts"], env, url, "/ping");
}

/** GraphQL as a browser client sends it; throws on errors. */
export async function gql<T>(
  server: Child,
  token: string,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const response = await fetch(`${server.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const answer = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (answer.errors?.length || !answer.data) {
    throw new Error(`GraphQL: ${answer.errors?.map((error) => error.message).join("; ") ?? response.status}`);
  }
  return answer.data;
}

/** "Continue with GitHub" as the sandbox user `login`, over HTTP with the state cookie carried by hand. */
export async function signInWithGitHub(server: Child, login: string): Promise<string> {
  const start = await fetch(`${server.url}/gantry_users/auth/github`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "",
    redirect: "manual",
  });
  const cookie = (start.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const authorize = new URL(start.headers.get("location") ?? "");
  const consent = await fetch(new URL("/login/oauth/authorize", authorize), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...Object.fromEntries(authorize.searchParams), login }).toString(),
    redirect: "manual",
  });
  const callback = await fetch(consent.headers.get("location") ?? "", { headers: { cookie }, redirect: "manual" });
  const complete = new URL(callback.headers.get("location") ?? "", server.url);
  const token = new URLSearchParams(complete.hash.slice(1)).get("token");
  if (!token) throw new Error(`no session after GitHub sign-in (${complete})`);
  return token;
}

/** A new, empty PostgreSQL database on the test server; `drop` removes it (forcing off any session left). */
export async function scratchDatabase(adminUrl: string, prefix: string) {
  const name = `${prefix}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
