/**
 * What a benchmark is, for the runner (bench/run.ts). Adding one is a file exporting a
 * `Benchmark` and one line in `benchmarks` below (decision 0040).
 */
import { b1BoardQuery } from "./b1-board-query.js";
import { b2ConcurrentMoves } from "./b2-concurrent-moves.js";

export interface BenchContext {
  /** Small sizes and short durations, so the whole suite runs in about two minutes. */
  quick: boolean;
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

export const benchmarks: Benchmark[] = [b1BoardQuery, b2ConcurrentMoves];
