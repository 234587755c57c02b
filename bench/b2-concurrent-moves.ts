/**
 * B2: 50 clients each moving cards back to back (a random card to a random pipeline and a
 * position among the top 20, from a seeded generator) for 60 s, over HTTP, against the built server
 * in its own process (decision 0051) after a warm-up counted in moves; then the board's order is
 * checked: every issue placed once, each pipeline a strict order (bench/permutation.ts). On a fresh
 * board and a moved-in one (issue #32, bench/board-cases.ts).
 */
import { openDatabase, schema } from "@gantry/db";
import { decodeGlobalID } from "@pothos/plugin-relay";
import { eq } from "drizzle-orm";
import { type BoardCase, eachBoardCase } from "./board-cases.js";
import { leanGraphqlClient } from "./http.js";
import { orderProblems } from "./permutation.js";
import { generator } from "./random.js";
import type { Benchmark, Row } from "./registry.js";
import { type ServerDatabase, startBuiltServer } from "./server-process.js";
import { statementsPerOperation } from "./statement-counter.js";
import { ms, summarize } from "./stats.js";

const CLIENTS = 50;
export const MOVE = `mutation ($pipelineId: ID!, $issueId: ID!, $position: Int, $workspaceId: ID) {
  moveIssue(input: { pipelineId: $pipelineId, issueId: $issueId, position: $position, workspaceId: $workspaceId }) { pipeline { id } }
}`;

export const b2ConcurrentMoves: Benchmark = {
  id: "B2",
  title: "moves by 50 concurrent clients",
  async run(context) {
    const { quick, postgresUrl, log } = context;
    const seconds = quick ? 5 : 60;
    // Untimed moves first, so V8 has optimised the fresh server's move path (decision 0051's warm-up),
    // counted in moves so a busy machine warms up as far as a quiet one.
    const warmupMoves = quick ? 500 : 5_000;
    const rows = await eachBoardCase(
      context,
      { sizes: [quick ? 2_000 : 10_000], states: ["fresh", "moved-in"], suffix: "bench_b2" },
      (boardCase) => measureMoves(boardCase, { seconds, warmupMoves, postgresUrl, log }),
    );
    return {
      rows,
      notes: [
        `${CLIENTS} clients in the benchmark's process (\`node:http\` with a keep-alive agent, one connection each),`,
        "each sending its next move when the last one answered, against the compiled server (`apps/server/dist`, as",
        "`npm start` runs it) in its own process on the seeded database (PGlite's on disk), decision 0051; so the",
        "server and the clients share the machine's cores as two processes. The timed moves follow",
        `${warmupMoves} untimed ones from the same clients, so V8 has optimised the fresh server's move path.`,
        "CPU a move: the server process's user + system time (/proc) and the bench process's (`process.cpuUsage`)",
        "over the timed moves, divided by their number. SQL statements a move: counted on the wire",
        "(`bench/statement-counter.ts`) over 200 moves on a second server after the timed run, PostgreSQL only. The board",
        "is seeded through the in-process test app, closed before the server starts; moved-in: then",
        "`bench/moved-in.ts`'s moves, no VACUUM. The order is read back after the server has stopped.",
      ].join("\n"),
    };
  },
};

/** A random card to a random pipeline, at a position among the top 20. */
export const randomMove = (board: BoardCase["board"], next: (below: number) => number) => ({
  issueId: board.issues[next(board.issues.length)],
  pipelineId: board.pipelines[next(board.pipelines.length)],
  position: next(20),
  workspaceId: board.workspace,
});

async function measureMoves(
  { engine, issues, state, board, where }: BoardCase,
  options: { seconds: number; warmupMoves: number; postgresUrl: string | null; log(message: string): void },
): Promise<Row[]> {
  const { seconds, warmupMoves } = options;
  const label = `${issues.toLocaleString("en")} issues, ${state}, ${engine}`;
  const server = await startBuiltServer(where.server);
  // node:http, not fetch: about a third of fetch's CPU a move in the bench process (decision 0051).
  const request = leanGraphqlClient(server.url, board.owner.token, CLIENTS);
  const latencies: number[] = [];
  const failures = new Map<string, number>();
  const generators = Array.from({ length: CLIENTS }, (_, index) => generator(index + 1));
  const nextMove = (next: (below: number) => number) => randomMove(board, next);
  /** Every client moving while `more()`; latencies kept when `record`, failures always (warm-up's too). */
  const moveWhile = (more: () => boolean, record: boolean) =>
    Promise.all(
      generators.map(async (next) => {
        while (more()) {
          const start = performance.now();
          try {
            await request(MOVE, nextMove(next));
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
    let warmedUp = 0;
    await moveWhile(() => warmedUp++ < warmupMoves, false);
    const serverCpuBefore = server.cpuMs();
    const clientCpuBefore = process.cpuUsage();
    const started = performance.now();
    const end = started + seconds * 1000;
    await moveWhile(() => performance.now() < end, true);
    elapsed = (performance.now() - started) / 1000;
    serverCpuMs = server.cpuMs() - serverCpuBefore;
    const clientCpu = process.cpuUsage(clientCpuBefore);
    clientCpuMs = (clientCpu.user + clientCpu.system) / 1000;
  } finally {
    await server.stop();
  }
  const statements = await statementsPerMove(where.server, board, nextMove);

  // The server has let go of the database; the bench reads the order back itself.
  const reopened = await openDatabase(
    "DATABASE_URL" in where.server
      ? { url: where.server.DATABASE_URL, onIdleConnectionError: () => undefined }
      : { dataDir: where.pgliteDir },
  );
  let positions: { issueId: string; pipelineId: string; rank: string }[];
  try {
    positions = await reopened.db
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
    positions,
  );

  const moves = latencies.length;
  const rate = moves / elapsed;
  const summary = moves ? summarize(latencies) : null;
  const failed = [...failures.values()].reduce((sum, count) => sum + count, 0);
  const perMove = (cpuMs: number) => (moves ? ms(cpuMs / moves) : "n/a");
  if (failures.size) {
    options.log(`failures: ${[...failures].map(([message, count]) => `${count}× ${message}`).join("; ")}`);
  }
  return [
    {
      case: `throughput, ${label}`,
      target: "≥ 1,000 moves/s",
      figure: `${rate.toFixed(0)} moves/s (${moves} in ${elapsed.toFixed(1)} s after ${warmupMoves} warm-up moves)`,
      met: rate >= 1_000,
    },
    {
      case: `latency, ${label}`,
      target: "p99 ≤ 100 ms",
      figure: summary
        ? `median ${ms(summary.median)}, p95 ${ms(summary.p95)}, p99 ${ms(summary.p99)}`
        : "no move succeeded",
      met: summary ? summary.p99 <= 100 : false,
    },
    {
      case: `CPU and SQL a move, ${label}`,
      target: "server CPU ≤ 0.5 ms a move (at 100,000)",
      figure: `server ${perMove(serverCpuMs)}, bench clients ${perMove(clientCpuMs)}${statements === null ? "" : `, ${statements.toFixed(1)} SQL statements`}`,
      met: issues >= 100_000 && moves ? serverCpuMs / moves <= 0.5 : null,
    },
    { case: `failed moves (warm-up's too), ${label}`, target: "none", figure: String(failed), met: failed === 0 },
    {
      case: `order afterwards, ${label}`,
      target: "every pipeline a permutation, nothing lost or duplicated",
      figure: problems.length ? problems.join("; ") : `sound (${positions.length} positions)`,
      met: problems.length === 0,
    },
  ];
}

/** Moves one client sends to a second server on a counting relay, PostgreSQL only (decision 0066). */
async function statementsPerMove(
  database: ServerDatabase,
  board: BoardCase["board"],
  nextMove: (next: (below: number) => number) => Record<string, unknown>,
): Promise<number | null> {
  const next = generator(99);
  return statementsPerOperation(
    database,
    (server) => {
      const request = leanGraphqlClient(server.url, board.owner.token, 1);
      return () => request(MOVE, nextMove(next));
    },
    { warmups: 20, counted: 200 },
  );
}
