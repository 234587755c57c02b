import { parseArgs } from "node:util";
import { seedIssues } from "./seed/bulk.js";
import { exitOnFailure, serveFromEnvironment } from "./serve.js";

const usage = `Usage: npm run seed -w @gantry/hub-sandbox -- --owner <login> --repo <name> --issues <count> [--pulls-every <n>]

Starts the hub sandbox (same environment variables as \`npm start\`) with the demo data plus
<count> generated issues in <owner>/<repo>, inserted straight into the store.`;

function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      owner: { type: "string", default: "demo" },
      repo: { type: "string", default: "load-test" },
      issues: { type: "string", default: "1000" },
      "pulls-every": { type: "string", default: "10" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    return Promise.resolve();
  }
  const issues = Number(values.issues);
  const pullRequestEvery = Number(values["pulls-every"]);
  if (!Number.isInteger(issues) || issues < 0 || !Number.isInteger(pullRequestEvery) || pullRequestEvery < 0) {
    return Promise.reject(new Error(`--issues and --pulls-every take whole numbers\n\n${usage}`));
  }
  return serveFromEnvironment((store) => {
    const started = performance.now();
    seedIssues(store, { owner: values.owner, repo: values.repo, issues, pullRequestEvery });
    console.log(
      `Seeded ${issues} issues into ${values.owner}/${values.repo} in ${Math.round(performance.now() - started)} ms`,
    );
  });
}

main().catch(exitOnFailure);
