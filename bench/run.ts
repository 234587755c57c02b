/**
 * `npm run bench` runs every benchmark; `npm run bench -- B1 B2` runs those; `--quick` uses
 * small sizes. Each writes bench/results/<id>-<date>[-quick].md with the machine and the targets
 * beside the figures (decision 0040). `--label=NAME` appends `-NAME` to the file name, so a
 * before/after pair or a quiet run does not overwrite the day's other results.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Calibration, calibrate, describeCalibration, machine } from "./machine.js";
import { type Benchmark, type BenchResult, benchmarks } from "./registry.js";

const args = process.argv.slice(2);
const quick = args.includes("--quick");
const label = args.find((arg) => arg.startsWith("--label="))?.slice("--label=".length);
if (label !== undefined && !/^[a-z0-9-]+$/.test(label)) {
  console.error("--label takes lower-case letters, digits and hyphens, as in --label=after-index");
  process.exit(2);
}
// `--sizes=1000,10000`: the board sizes of the benchmarks that take sizes (B1, B2, B9; B3 the first), instead of their own.
const sizesArg = args.find((arg) => arg.startsWith("--sizes="))?.slice("--sizes=".length);
const sizes = sizesArg?.split(",").map(Number);
if (sizes?.some((size) => !Number.isInteger(size) || size < 100)) {
  console.error("--sizes takes whole numbers of issues of at least 100, as in --sizes=1000,10000");
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
  const calibrationAtStart = await calibrate(postgresUrl);
  console.log(`\n== ${benchmark.id}: ${benchmark.title}${quick ? " (quick)" : ""}`);
  try {
    const result = await benchmark.run({
      quick,
      sizes,
      postgresUrl,
      log: (message) => console.log(`   ${message}`),
    });
    const calibration = [calibrationAtStart, await calibrate(postgresUrl)];
    const report = render(benchmark, result, started, loadAtStart, calibration);
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

function render(
  benchmark: Benchmark,
  result: BenchResult,
  started: Date,
  loadAtStart: number,
  [before, after]: Calibration[],
): string {
  const load = `${loadAtStart.toFixed(1)} at the start, ${oneMinuteLoad().toFixed(1)} at the end`;
  const calibration = (taken: Calibration | undefined) => (taken ? describeCalibration(taken) : "not taken");
  return [
    `# ${benchmark.id}: ${benchmark.title}${quick ? " (quick sizes)" : ""}`,
    "",
    `Run ${started.toISOString()} (${Math.round((Date.now() - started.getTime()) / 1000)} s) on ${machine(postgresUrl)}.`,
    `One-minute load average ${load}: above ${os.availableParallelism()} the machine was busy and the figures are noisy.`,
    `Calibration (bench/machine.ts; lower is a faster machine): ${calibration(before)} at the start; ${calibration(after)} at the end.`,
    "",
    table(result),
    "",
    result.notes ?? "",
    "",
  ].join("\n");
}

function oneMinuteLoad(): number {
  return os.loadavg()[0] ?? 0;
}
