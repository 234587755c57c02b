/**
 * B2: 50 clients each moving cards back to back (a random card to a random pipeline and a
 * position among the top 20, from a seeded generator) for 60 s, over HTTP; then the board's
 * order is checked: every issue placed once, each pipeline a strict order (bench/permutation.ts).
 */
import { schema } from "@gantry/db";
import { decodeGlobalID } from "@pothos/plugin-relay";
import { eq } from "drizzle-orm";
import { listen } from "./http.js";
import { orderProblems } from "./permutation.js";
import type { Benchmark } from "./registry.js";
import { benchDatabase, boardSize, seedBoard } from "./seed.js";
import { ms, summarize } from "./stats.js";

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
    const database = await benchDatabase(postgresUrl, "gantry_bench_b2");
    const engine = postgresUrl ? "PostgreSQL" : "PGlite";
    const board = await seedBoard(database, boardSize(quick ? 2_000 : 10_000));
    const request = await listen(board.t, board.owner.token);
    log(`${engine}, ${board.issues.length} issues seeded; ${CLIENTS} clients moving for ${seconds} s`);

    const latencies: number[] = [];
    const failures = new Map<string, number>();
    const end = performance.now() + seconds * 1000;
    const client = async (seed: number) => {
      const next = generator(seed);
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
          latencies.push(performance.now() - start);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          failures.set(message, (failures.get(message) ?? 0) + 1);
        }
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index + 1)));
    const elapsed = (performance.now() - started) / 1000;

    const rows = await database.db
      .select({
        issueId: schema.issuePositions.issueId,
        pipelineId: schema.issuePositions.pipelineId,
        rank: schema.issuePositions.rank,
      })
      .from(schema.issuePositions)
      .where(eq(schema.issuePositions.workspaceId, board.workspaceId));
    const problems = orderProblems(
      board.issues.map((id) => decodeGlobalID(id).id),
      rows,
    );
    await board.t.app.close();
    await database.dispose();

    const moves = latencies.length;
    const rate = moves / elapsed;
    const summary = moves ? summarize(latencies) : null;
    const failed = [...failures.values()].reduce((sum, count) => sum + count, 0);
    return {
      rows: [
        {
          case: `throughput, ${engine}`,
          target: "≥ 1,000 moves/s",
          figure: `${rate.toFixed(0)} moves/s (${moves} in ${elapsed.toFixed(1)} s)`,
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
        { case: "failed moves", target: "none", figure: String(failed), met: failed === 0 },
        {
          case: "order afterwards",
          target: "every pipeline a permutation, nothing lost or duplicated",
          figure: problems.length ? problems.join("; ") : `sound (${rows.length} positions)`,
          met: problems.length === 0,
        },
      ],
      notes: [
        `${CLIENTS} clients in the benchmark's process, each sending its next move when the last one answered,`,
        "against a server in the same process (so the two cores are shared by load and server).",
        failures.size ? `Failures: ${[...failures].map(([message, count]) => `${count}× ${message}`).join("; ")}` : "",
      ].join("\n"),
    };
  },
};
