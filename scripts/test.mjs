// `npm test`: every suite in turn — lint, typecheck, unit, database (PGlite and PostgreSQL),
// end-to-end — each printing its own summary, then one closing count over all of them.
// `npm test -- unit db` runs only the suites named.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const outputDir = join(root, ".test-output");
rmSync(outputDir, { recursive: true, force: true });
mkdirSync(outputDir, { recursive: true });

const vitestCounts = (file) => () => {
  const report = JSON.parse(readFileSync(join(outputDir, file), "utf8"));
  return { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests };
};

const playwrightCounts = (file) => () => {
  const { stats } = JSON.parse(readFileSync(join(outputDir, file), "utf8"));
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped, flaky: stats.flaky };
};

const suites = [
  { name: "lint", command: ["npx", "biome", "check", "."] },
  { name: "typecheck", command: ["node", "scripts/typecheck.mjs"] },
  {
    name: "unit",
    command: [
      "npx",
      "vitest",
      "run",
      "--project",
      "unit",
      "--project",
      "web",
      "--reporter=default",
      "--reporter=json",
      "--outputFile.json=.test-output/unit.json",
    ],
    counts: vitestCounts("unit.json"),
  },
  {
    name: "db",
    command: [
      "npx",
      "vitest",
      "run",
      "--project",
      "db",
      "--reporter=verbose",
      "--reporter=json",
      "--outputFile.json=.test-output/db.json",
    ],
    counts: vitestCounts("db.json"),
  },
  { name: "build", command: ["npm", "run", "--silent", "build"] },
  {
    name: "e2e",
    command: ["npx", "playwright", "test", "-c", "e2e/playwright.config.ts"],
    counts: playwrightCounts("e2e.json"),
  },
  {
    // The enterprise edition's specs, against a server of their own (GANTRY_EDITION=enterprise).
    name: "e2e-enterprise",
    command: ["npx", "playwright", "test", "-c", "e2e/enterprise/playwright.config.ts"],
    counts: playwrightCounts("e2e-enterprise.json"),
  },
];

const wanted = process.argv.slice(2);
const selected = wanted.length ? suites.filter((suite) => wanted.includes(suite.name)) : suites;
if (wanted.some((name) => name.startsWith("e2e")) && !wanted.includes("build"))
  selected.unshift(suites.find((s) => s.name === "build"));

const total = { passed: 0, failed: 0, skipped: 0 };
const lines = [];
for (const suite of selected) {
  console.log(`\n━━ ${suite.name}: ${suite.command.join(" ")}`);
  const started = Date.now();
  const { status } = spawnSync(suite.command[0], suite.command.slice(1), { cwd: root, stdio: "inherit" });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  let counts = null;
  try {
    counts = suite.counts ? suite.counts() : null;
  } catch {
    counts = null; // the runner died before writing its report; its exit status says so
  }
  const ok = status === 0 && (!counts || counts.failed === 0);
  if (counts) {
    total.passed += counts.passed;
    total.failed += counts.failed;
    total.skipped += counts.skipped;
  }
  if (!ok && (!counts || counts.failed === 0)) total.failed += 1; // a failing check with no test count
  const flaky = counts?.flaky ? ` (${counts.flaky} passed only when retried: see the list above)` : "";
  const detail = counts ? `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped${flaky}` : "";
  lines.push(`${ok ? "ok  " : "FAIL"} ${suite.name.padEnd(10)} ${seconds.padStart(6)}s  ${detail}`);
}

console.log("\n━━ summary");
for (const line of lines) console.log(line);
if (existsSync(join(outputDir, "db.json")) && !process.env.TEST_DATABASE_URL) {
  console.log("note: TEST_DATABASE_URL is not set, so the database suite ran on PGlite only");
}
console.log(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(total.failed > 0 ? 1 : 0);
