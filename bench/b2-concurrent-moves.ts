/**
 * B2: 50 clients each moving cards back to back (a random card to a random pipeline and a
 * position among the top 20, from a seeded generator) for 60 s, over HTTP, against the built server
 * in its own process (decision 0051) after a warm-up; then the board's order is checked: every issue
 * placed once, each pipeline a strict order (bench/permutation.ts).
 */
import { openDatabase, schema } from "@gantry/db";
import { decodeGlobalID } from "@pothos/plugin-relay";
import { eq } from "drizzle-orm";
import { leanGraphqlClient } from "./http.js";
import { orderProblems } from "./permutation.js";
import type { Benchmark } from "./registry.js";
import { benchDatabase, benchDatabaseUrl, boardSize, seedBoard } from "./seed.js";
import { benchServerDatabase, startBuiltServer } from "./server-process.js";
import { ms, summarize } from "./stats.js";

const DATABASE = "gantry_bench_b2";
const CLIENTS = 50;
const MOVE = `mutation ($pipelineId: ID!, $issueId: ID!, $position: Int, $workspaceId: ID) {
  moveIssue(input: { pipelineId: $pipelineId, issueId: $issueId, position: $position, workspaceId: $workspaceId }) { pipeline { id } }
}`;

/** mulberry32: the same sequence of moves on every run, so runs compare. */
function generator(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value ^= value + Math.imul(value ^ (value >>> 7), 61 | value);
    return Math.floor((((value ^ (value >>> 14)) >>> 0) / 4294967296) * below);
  };
}

export const b2ConcurrentMoves: Benchmark = {
  id: "B2",
  title: "moves by 50 concurrent clients",
  async run({ quick, postgresUrl, log }) {
    const seconds = quick ? 5 : 60;
    // Untimed moves first, so V8 has optimised the fresh server's move path (decision 0051's warm-up).
    const warmupSeconds = quick ? 1 : 5;
    const engine = postgresUrl ? "PostgreSQL" : "PGlite";
    const where = benchServerDatabase(postgresUrl, DATABASE);
    try {
      const database = await benchDatabase(postgresUrl, DATABASE, where.pgliteDir);
      const board = await seedBoard(database, boardSize(quick ? 2_000 : 10_000));
      // Only the built server serves, and PGlite's files take one process at a time.
      await board.t.app.close();
      await database.dispose();
      log(
        `${engine}, ${board.issues.length} issues seeded; ${CLIENTS} clients moving for ${warmupSeconds} + ${seconds} s`,
      );

      const server = await startBuiltServer(where.server);
      // node:http, not fetch: about a third of fetch's CPU a move in the bench process (decision 0051).
      const request = leanGraphqlClient(server.url, board.owner.token, CLIENTS);
      const latencies: number[] = [];
      const failures = new Map<string, number>();
      const generators = Array.from({ length: CLIENTS }, (_, index) => generator(index + 1));
      /** Every client moving until `end`; latencies kept when `record`, failures always (warm-up's too). */
      const moveUntil = (end: number, record: boolean) =>
        Promise.all(
          generators.map(async (next) => {
            while (performance.now() < end) {
              const variables = {
                issueId: board.issues[next(board.issues.length)],
                pipelineId: board.pipelines[next(board.pipelines.length)],
                position: next(20),
                workspaceId: board.workspace,
              };
              const start = performance.now();
              try {
                await request(MOVE, variables);
                if (record) latencies.push(performance.now() - start);
              } catch (error) {
                const message = error instanceof Error ? error.message : String(error);
                failures.set(message, (failures.get(message) ?? 0) + 1);
              }
            }
          }),
        );
      let elapsed: number;
      let serverCpuMs: number;
      let clientCpuMs: number;
      try {
        await moveUntil(performance.now() + warmupSeconds * 1000, false);
        const serverCpuBefore = server.cpuMs();
        const clientCpuBefore = process.cpuUsage();
        const started = performance.now();
        await moveUntil(started + seconds * 1000, true);
        elapsed = (performance.now() - started) / 1000;
        serverCpuMs = server.cpuMs() - serverCpuBefore;
        const clientCpu = process.cpuUsage(clientCpuBefore);
        clientCpuMs = (clientCpu.user + clientCpu.system) / 1000;
      } finally {
        await server.stop();
      }

      // The server has let go of the database; the bench reads the order back itself.
      const reopened = await openDatabase(
        postgresUrl
          ? { url: benchDatabaseUrl(postgresUrl, DATABASE), onIdleConnectionError: () => undefined }
          : { dataDir: where.pgliteDir },
      );
      let rows: { issueId: string; pipelineId: string; rank: string }[];
      try {
        rows = await reopened.db
          .select({
            issueId: schema.issuePositions.issueId,
            pipelineId: schema.issuePositions.pipelineId,
            rank: schema.issuePositions.rank,
          })
          .from(schema.issuePositions)
          .where(eq(schema.issuePositions.workspaceId, board.workspaceId));
      } finally {
        await reopened.close();
      }
      const problems = orderProblems(
        board.issues.map((id) => decodeGlobalID(id).id),
        rows,
      );

      const moves = latencies.length;
      const rate = moves / elapsed;
      const summary = moves ? summarize(latencies) : null;
      const failed = [...failures.values()].reduce((sum, count) => sum + count, 0);
      const perMove = (cpuMs: number) => (moves ? ms(cpuMs / moves) : "n/a");
      return {
        rows: [
          {
            case: `throughput, ${engine}`,
            target: "≥ 1,000 moves/s",
            figure: `${rate.toFixed(0)} moves/s (${moves} in ${elapsed.toFixed(1)} s after ${warmupSeconds} s of warm-up)`,
            met: rate >= 1_000,
          },
          {
            case: `latency, ${engine}`,
            target: "p99 ≤ 100 ms",
            figure: summary
              ? `median ${ms(summary.median)}, p95 ${ms(summary.p95)}, p99 ${ms(summary.p99)}`
              : "no move succeeded",
            met: summary ? summary.p99 <= 100 : false,
          },
          {
            case: `CPU a move, ${engine}`,
            target: "reported",
            figure: `server ${perMove(serverCpuMs)}, bench clients ${perMove(clientCpuMs)}`,
            met: null,
          },
          { case: "failed moves (warm-up's too)", target: "none", figure: String(failed), met: failed === 0 },
          {
            case: "order afterwards",
            target: "every pipeline a permutation, nothing lost or duplicated",
            figure: problems.length ? problems.join("; ") : `sound (${rows.length} positions)`,
            met: problems.length === 0,
          },
        ],
        notes: [
          `${CLIENTS} clients in the benchmark's process (\`node:http\` with a keep-alive agent, one connection each),`,
          "each sending its next move when the last one answered, against the compiled server (`apps/server/dist`, as",
          "`npm start` runs it) in its own process on the seeded database (PGlite's on disk), decision 0051; so the",
          "server and the clients share the machine's cores as two processes. The timed moves follow",
          `${warmupSeconds} s of untimed ones from the same clients, so V8 has optimised the fresh server's move path.`,
          "CPU a move: the server process's user + system time (/proc) and the bench process's (`process.cpuUsage`)",
          "over the timed moves, divided by their number. The board is seeded through the in-process test app, closed",
          "before the server starts; the order is read back after the server has stopped.",
          failures.size
            ? `Failures: ${[...failures].map(([message, count]) => `${count}× ${message}`).join("; ")}`
            : "",
        ].join("\n"),
      };
    } finally {
      where.remove();
    }
  },
};
