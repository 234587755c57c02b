import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const mainPath = new URL("./main.ts", import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), "gantry-main-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function startServer(env: NodeJS.ProcessEnv): { child: ChildProcess; output: () => string; exited: Promise<number> } {
  const child = spawn(process.execPath, ["--import", "tsx", "--conditions=@gantry/source", mainPath], {
    env: { ...process.env, GANTRY_DATA_DIR: dataDir, PORT: "0", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number>((resolve) => child.on("exit", (code) => resolve(code ?? -1)));
  return { child, output: () => output, exited };
}

async function waitFor(check: () => RegExpMatchArray | null, timeoutMs = 30_000): Promise<RegExpMatchArray> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = check();
    if (match) return match;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("timed out");
}

describe("the server process", () => {
  it("migrates the embedded database, prints its URL, and on SIGTERM finishes and exits cleanly", async () => {
    const server = startServer({});
    // A first start migrates a new embedded database: about 9 s on a quiet machine, several times that on a busy one.
    const [, port] = await waitFor(() => server.output().match(/is running at http:\/\/localhost:(\d+)/), 100_000);
    expect(existsSync(join(dataDir, "PG_VERSION"))).toBe(true);

    const ping = await fetch(`http://127.0.0.1:${port}/ping`);
    expect(ping.status).toBe(200);

    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain("shutting down");
    expect(server.output()).toContain('"msg":"stopped"');
  }, 120_000);

  it("refuses to start on a bad setting, naming it", async () => {
    const server = startServer({ PORT: "not-a-port" });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("Gantry cannot start: the configuration is invalid.");
    expect(server.output()).toContain('PORT must be a whole number between 0 and 65535 (got "not-a-port")');
  }, 30_000);

  it("names DATABASE_URL, the reason and the address (never the password) when the database does not answer", async () => {
    const server = startServer({ DATABASE_URL: "postgres://gantry:hunter2-secret@127.0.0.1:5499/gantry" });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(
      'DATABASE_URL cannot be used (got "postgres://gantry:***@127.0.0.1:5499/gantry"): connect ECONNREFUSED 127.0.0.1:5499',
    );
    expect(server.output()).not.toContain("hunter2-secret");
  }, 30_000);
});
