// Starts the hub sandbox beside Gantry (for `npm start` and the end-to-end suite) and tells
// Gantry to use it as its GitHub, through the same settings that point at real GitHub.
import { spawn } from "node:child_process";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;

export const SANDBOX_CLIENT_ID = "gantry-sandbox";
export const SANDBOX_CLIENT_SECRET = "gantry-sandbox-secret";

/** The environment that points Gantry at a sandbox listening on this port. */
export function sandboxEnvironment(port) {
  const url = `http://127.0.0.1:${port}`;
  return {
    GITHUB_URL: url,
    GITHUB_API_URL: url,
    GITHUB_CLIENT_ID: SANDBOX_CLIENT_ID,
    GITHUB_CLIENT_SECRET: SANDBOX_CLIENT_SECRET,
  };
}

async function answering(url) {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

/** Spawns the sandbox with its demo data and resolves once it answers. */
export async function startHubSandbox(port) {
  const child = spawn(process.execPath, ["--import", "tsx", join(root, "apps/hub-sandbox/src/main.ts")], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      HUB_SANDBOX_CLIENT_ID: SANDBOX_CLIENT_ID,
      HUB_SANDBOX_CLIENT_SECRET: SANDBOX_CLIENT_SECRET,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = () => child.kill("SIGTERM");
  process.once("exit", stop);
  for (let attempt = 0; attempt < 100; attempt++) {
    if (child.exitCode !== null) throw new Error(`the hub sandbox exited with code ${child.exitCode}`);
    if (await answering(`http://127.0.0.1:${port}/rate_limit`)) return { child, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  stop();
  throw new Error(`the hub sandbox did not answer on port ${port}`);
}
