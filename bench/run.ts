/**
 * `npm run bench` runs every benchmark; `npm run bench -- B1 B2` runs those; `--quick` uses
 * small sizes. Each writes bench/results/<id>-<date>[-quick].md with the machine and the targets
 * beside the figures (decision 0040). `--label=NAME` appends `-NAME` to the file name, so a
 * before/after pair or a quiet run does not overwrite the day's other results.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Benchmark, type BenchResult, benchmarks } from "./registry.js";

const args = process.argv.slice(2);
const quick = args.includes("--quick");
const label = args.find((arg) => arg.startsWith("--label="))?.slice("--label=".length);
if (label !== undefined && !/^[a-z0-9-]+$/.test(label)) {
  console.error("--label takes lower-case letters, digits and hyphens, as in --label=after-index");
  process.exit(2);
}
const wanted = args.filter((arg) => !arg.startsWith("--")).map((arg) => arg.toUpperCase());
const unknown = wanted.filter((id) => !benchmarks.some((benchmark) => benchmark.id === id));
if (unknown.length) {
  console.error(`Unknown benchmark ${unknown.join(", ")}; known: ${benchmarks.map((b) => b.id).join(", ")}`);
  process.exit(2);
}
const selected = wanted.length ? benchmarks.filter((benchmark) => wanted.includes(benchmark.id)) : benchmarks;
const postgresUrl = process.env.TEST_DATABASE_URL ?? null;
const resultsDir = path.join(import.meta.dirname, "results");
mkdirSync(resultsDir, { recursive: true });

let failed = false;
for (const benchmark of selected) {
  const started = new Date();
  const loadAtStart = oneMinuteLoad();
  console.log(`\n== ${benchmark.id}: ${benchmark.title}${quick ? " (quick)" : ""}`);
  try {
    const result = await benchmark.run({ quick, postgresUrl, log: (message) => console.log(`   ${message}`) });
    const report = render(benchmark, result, started, loadAtStart);
    console.log(table(result));
    const file = path.join(
      resultsDir,
      `${benchmark.id}-${started.toISOString().slice(0, 10)}${quick ? "-quick" : ""}${label ? `-${label}` : ""}.md`,
    );
    writeFileSync(file, report);
    console.log(`   written to ${path.relative(process.cwd(), file)}`);
  } catch (error) {
    failed = true;
    console.error(`${benchmark.id} failed:`, error);
  }
}
// Open handles (pools, timers of an app under test) must not keep the runner alive.
process.exit(failed ? 1 : 0);

function table(result: BenchResult): string {
  const mark = (met: boolean | null) => (met === null ? "–" : met ? "met" : "**missed**");
  return [
    "| case | target | figure | |",
    "|---|---|---|---|",
    ...result.rows.map((row) => `| ${row.case} | ${row.target} | ${row.figure} | ${mark(row.met)} |`),
  ].join("\n");
}

function render(benchmark: Benchmark, result: BenchResult, started: Date, loadAtStart: number): string {
  const load = `${loadAtStart.toFixed(1)} at the start, ${oneMinuteLoad().toFixed(1)} at the end`;
  return [
    `# ${benchmark.id}: ${benchmark.title}${quick ? " (quick sizes)" : ""}`,
    "",
    `Run ${started.toISOString()} (${Math.round((Date.now() - started.getTime()) / 1000)} s) on ${machine()}.`,
    `One-minute load average ${load}: above ${os.availableParallelism()} the machine was busy and the figures are noisy.`,
    "",
    table(result),
    "",
    result.notes ?? "",
    "",
  ].join("\n");
}

function machine(): string {
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  const memory = `${Math.round(os.totalmem() / 2 ** 30)} GiB`;
  return `${os.availableParallelism()} cores (${cpu}), ${memory} memory, Node ${process.version}, ${postgresVersion()}`;
}

function postgresVersion(): string {
  if (!postgresUrl) return "no PostgreSQL server (PGlite only)";
  try {
    const version = execFileSync("psql", [postgresUrl, "-Atc", "show server_version"], { encoding: "utf8" });
    return `PostgreSQL ${version.trim()}`;
  } catch {
    return "PostgreSQL (version unknown)";
  }
}

function oneMinuteLoad(): number {
  return os.loadavg()[0] ?? 0;
}
