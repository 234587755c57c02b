// `npm start`: builds whatever is missing or out of date, then runs the server in this process.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { sandboxEnvironment, startHubSandbox } from "./hub-sandbox.mjs";

const root = new URL("..", import.meta.url).pathname;
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((entry) => newestChange(join(path, entry))));
}

function run(script) {
  console.log(`> npm run ${script}`);
  execFileSync(npm, ["run", "--silent", script], { cwd: root, stdio: "inherit" });
}

// tsc -b is incremental: when nothing changed it checks and returns in a moment.
run("build:server");

const webBuilt = join(root, "apps/web/dist/build.json");
const webInputs = ["apps/web/src", "apps/web/index.html", "apps/web/public", "packages/domain/src"];
const webChanged = Math.max(...webInputs.map((input) => newestChange(join(root, input))));
if (!existsSync(webBuilt) || webChanged > statSync(webBuilt).mtimeMs) run("build:web");

// Without a GitHub OAuth application configured, the hub sandbox stands in for GitHub.
if (!process.env.GITHUB_CLIENT_ID) {
  const port = Number(process.env.HUB_SANDBOX_PORT ?? 3001);
  await startHubSandbox(port);
  Object.assign(process.env, sandboxEnvironment(port));
  console.log(`GitHub is the hub sandbox at http://127.0.0.1:${port} (set GITHUB_CLIENT_ID to use GitHub)`);
}

await import("../apps/server/dist/main.js");
