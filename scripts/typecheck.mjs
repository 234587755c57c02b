// `npm run typecheck`: tsc --noEmit over every TypeScript project, in parallel, sources resolved directly.
import { spawn } from "node:child_process";

const projects = [
  "tsconfig.json",
  "packages/domain",
  "packages/db",
  "apps/server",
  "apps/web",
  "apps/hub-sandbox",
  "apps/zenhub-stand-in",
  "apps/extension",
  "e2e",
  "bench",
];

function check(project) {
  return new Promise((resolve) => {
    const child = spawn("npx", ["tsc", "--noEmit", "-p", project], { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("close", (code) => resolve({ project, code, output }));
  });
}

const results = await Promise.all(projects.map(check));
for (const { project, code, output } of results) {
  console.log(`${code === 0 ? "ok  " : "FAIL"} tsc --noEmit -p ${project}`);
  const diagnostics = output
    .split("\n")
    .filter((line) => line.trim() && !line.includes("Unknown user config"))
    .join("\n");
  if (code !== 0) console.log(diagnostics);
}
process.exit(results.some((result) => result.code !== 0) ? 1 : 0);
