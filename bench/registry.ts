/**
 * What a benchmark is, for the runner (bench/run.ts). Adding one is a file exporting a
 * `Benchmark` and one line in `benchmarks` below (decision 0040).
 */
import { b1BoardQuery } from "./b1-board-query.js";
import { b2ConcurrentMoves } from "./b2-concurrent-moves.js";
import { b3Browser } from "./b3-browser.js";
import { b4ImportWebhooks } from "./b4-import-webhooks.js";
import { b5Fanout } from "./b5-fanout.js";
import { b6SprintJob } from "./b6-sprint-job.js";
import { b7TwoInstances } from "./b7-two-instances.js";
import { b8ZenhubImport } from "./b8-zenhub-import.js";
import { b9FilteredViewport } from "./b9-filtered-viewport.js";
import { b10ServerMemory } from "./b10-server-memory.js";

export interface BenchContext {
  /** Small sizes and short durations, so the whole suite runs in about two minutes. */
  quick: boolean;
  /** Board sizes asked for on the command line (`--sizes=`), instead of the benchmark's own. */
  sizes: number[] | undefined;
  /** A PostgreSQL server URL (TEST_DATABASE_URL); benchmarks make their own database on it. Null: PGlite only. */
  postgresUrl: string | null;
  log(message: string): void;
}

export interface Row {
  /** What was measured ("10k issues, PostgreSQL"). */
  case: string;
  target: string;
  figure: string;
  met: boolean | null;
}

export interface BenchResult {
  rows: Row[];
  /** Markdown notes under the table: how it was measured, what was fixed, what is missing. */
  notes?: string;
}

export interface Benchmark {
  id: string;
  title: string;
  run(context: BenchContext): Promise<BenchResult>;
}

export const benchmarks: Benchmark[] = [
  b1BoardQuery,
  b2ConcurrentMoves,
  b3Browser,
  b4ImportWebhooks,
  b5Fanout,
  b6SprintJob,
  b7TwoInstances,
  b8ZenhubImport,
  b9FilteredViewport,
  b10ServerMemory,
];
