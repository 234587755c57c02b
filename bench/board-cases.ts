/**
 * The boards B1, B2 and B9 measure, each engine and size on its own (issue #32): a fresh board as
 * seeded, and a "moved-in" one (bench/moved-in.ts) after many moves with no VACUUM after them. A
 * case that fails (a seed, a server that never got ready) becomes a failed row and the next case
 * still runs, so one engine's failure never discards the rows already measured.
 */

import { calibrate, describeCalibration } from "./machine.js";
import { moveIn } from "./moved-in.js";
import type { BenchContext, Row } from "./registry.js";
import { benchDatabase, boardSize, type SeededBoard, seedBoard } from "./seed.js";
import { type BenchServerDatabase, benchServerDatabase } from "./server-process.js";

export type BoardState = "fresh" | "moved-in";

export interface BoardCase {
  engine: "PostgreSQL" | "PGlite";
  issues: number;
  state: BoardState;
  board: SeededBoard;
  where: BenchServerDatabase;
  /** How the board was made, for the notes. */
  made: string;
}

/** Moves before a moved-in board is measured: `BENCH_MOVED_IN_MOVES`, or 100,000 (`--quick`: 5,000). */
export function movedInMoves(quick: boolean): number {
  const setting = Number(process.env.BENCH_MOVED_IN_MOVES);
  return setting > 0 ? setting : quick ? 5_000 : 100_000;
}

/**
 * Runs `measure` on every engine, size and board state; a failure is a failed row, never a lost run.
 * Each case's database is seeded, closed (the built server takes it over) and removed afterwards.
 */
export async function eachBoardCase(
  context: BenchContext,
  options: {
    /** The sizes measured unless the command line names others (`--sizes=`). */
    sizes: number[];
    states: BoardState[];
    /** The database name's suffix (benchDatabaseName). */
    suffix: string;
  },
  measure: (boardCase: BoardCase) => Promise<Row[]>,
): Promise<Row[]> {
  const rows: Row[] = [];
  // `BENCH_ENGINES=postgresql` (or `pglite`) leaves the other engine out of a long run.
  const only = process.env.BENCH_ENGINES?.toLowerCase();
  const engines = (context.postgresUrl ? [context.postgresUrl, null] : [null]).filter(
    (url) => !only || only.includes(url ? "postgres" : "pglite"),
  );
  for (const url of engines) {
    for (const issues of context.sizes ?? options.sizes) {
      // `BENCH_STATES=fresh` (or `moved-in`) leaves the other board state out of a long run.
      const states = options.states.filter((state) => !process.env.BENCH_STATES || process.env.BENCH_STATES === state);
      for (const state of states) {
        const engine = url ? "PostgreSQL" : "PGlite";
        const label = `${issues.toLocaleString("en")} issues, ${state}, ${engine}`;
        const where = benchServerDatabase(url, options.suffix);
        try {
          const database = await benchDatabase(url, options.suffix, where.pgliteDir);
          const board = await seedBoard(database, boardSize(issues));
          let made = `seeded in ${(board.seedMs / 1000).toFixed(1)} s`;
          if (state === "moved-in") {
            const moves = movedInMoves(context.quick);
            const movedMs = await moveIn(database, board, moves);
            made += `, then ${moves.toLocaleString("en")} moves in ${(movedMs / 1000).toFixed(1)} s, no VACUUM`;
          }
          context.log(`${label}: ${made}`);
          // Only the built server serves, and PGlite's files take one process at a time.
          await board.t.app.close();
          await database.dispose();
          const measured = await measure({ engine, issues, state, board, where, made });
          // The machine's speed right after this case, beside its figures (issue #32).
          const calibration = describeCalibration(await calibrate(url, { withPglite: !url }));
          rows.push(...measured.map((row) => ({ ...row, figure: `${row.figure}; calibration after: ${calibration}` })));
        } catch (error) {
          const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
          context.log(`${label} failed: ${message}`);
          rows.push({ case: label, target: "runs", figure: `failed: ${message}`, met: false });
        } finally {
          await where.remove();
        }
      }
    }
  }
  // A setting that leaves every case out must not read as a run with nothing to report.
  if (rows.length === 0)
    rows.push({ case: "any case", target: "runs", figure: "no engine or board state selected", met: false });
  return rows;
}
