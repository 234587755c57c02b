/**
 * B1: the board's first viewport as the web app loads it: the pipelines with all their counts,
 * then every pipeline's first 50 cards with every field a card shows, three pipelines a request
 * (the same GraphQL documents as apps/web/src/board/api.ts and first-pages.ts). One sample is the
 * whole viewport. The server is the built one in its own process, as production runs it
 * (decision 0051); the board is seeded through the in-process test app before it starts.
 */
import { BOARD_PAGE_SIZE, DEFAULT_SORT_TYPE } from "@gantry/domain";
import { BOARD_PIPELINES, firstPagesQuery, firstPagesVariables } from "../apps/web/src/board/api.js";
import { FIRST_PAGES_PER_REQUEST } from "../apps/web/src/board/first-pages.js";
import { graphqlClient } from "./http.js";
import type { Benchmark, Row } from "./registry.js";
import { benchDatabase, boardSize, type SeededBoard, seedBoard } from "./seed.js";
import { benchServerDatabase, type ServerProcess, startBuiltServer } from "./server-process.js";
import { ms, type Summary, summarize, timed } from "./stats.js";

const TARGET_MS: Record<number, number> = { 10000: 50, 50000: 150 };
const DATABASE = "gantry_bench";

export const b1BoardQuery: Benchmark = {
  id: "B1",
  title: "board query for the first viewport",
  async run({ quick, postgresUrl, log }) {
    const sizes = quick ? [2_000] : [10_000, 50_000];
    const engines = postgresUrl ? [postgresUrl, null] : [null];
    // A serving server's steady state: a fresh process's first few hundred viewports run code V8 has not
    // optimised yet (decision 0051), so the warm-up lasts a while, not a count.
    const warmup = quick ? { viewports: 3, ms: 2_000 } : { viewports: 10, ms: 15_000 };
    const runs = quick ? 15 : 60;
    const rows: Row[] = [];
    for (const url of engines) {
      for (const issues of sizes) {
        const engine = url ? "PostgreSQL" : "PGlite";
        const where = benchServerDatabase(url, DATABASE);
        try {
          const database = await benchDatabase(url, DATABASE, where.pgliteDir);
          const board = await seedBoard(database, boardSize(issues));
          log(`${engine}, ${issues} issues seeded in ${(board.seedMs / 1000).toFixed(1)} s`);
          // Only the built server serves, and PGlite's files take one process at a time.
          await board.t.app.close();
          await database.dispose();
          const server = await startBuiltServer(where.server);
          try {
            const { summary, serverCpuMs, warmedUp } = await measureViewports(server, board, warmup, runs);
            const target = TARGET_MS[issues];
            rows.push({
              case: `${issues.toLocaleString("en")} issues, ${engine}`,
              target: target && url ? `p95 ≤ ${target} ms` : "reported",
              figure: `median ${ms(summary.median)}, p95 ${ms(summary.p95)}, p99 ${ms(summary.p99)} (${summary.runs} runs after ${warmedUp} warm-up viewports), server CPU ${ms(serverCpuMs)} a viewport`,
              met: target && url ? summary.p95 <= target : null,
            });
            log(rows.at(-1)?.figure ?? "");
          } finally {
            await server.stop();
          }
        } finally {
          where.remove();
        }
      }
    }
    return {
      rows,
      notes: [
        "One sample: `boardPipelines` (every pipeline with its counts, Closed included), then the eight",
        "pipelines' first 50 cards (`boardFirstPages`, every card field) three pipelines a request, in parallel, over",
        `HTTP, after ${warmup.ms / 1000} s of warm-up viewports (at least ${warmup.viewports}). The server: the compiled one (\`apps/server/dist\`, as \`npm start\``,
        "runs it) in its own process, on the seeded database (PGlite's on disk); the client (fetch, JSON parsing) in",
        "the bench process. Server CPU: that process's user + system time over the timed viewports (/proc), divided by",
        "their number. The board: 20 repositories, 8 pipelines, open issues spread evenly, ranks appended as the",
        "domain appends them (`bench/seed.ts`), seeded through the in-process test app, closed before the server starts.",
      ].join("\n"),
    };
  },
};

/** Times `runs` viewports after untimed ones for `warmup.ms` (and at least `warmup.viewports`), and the server's CPU over the timed ones. */
async function measureViewports(
  server: ServerProcess,
  board: SeededBoard,
  warmup: { viewports: number; ms: number },
  runs: number,
): Promise<{ summary: Summary; serverCpuMs: number; warmedUp: number }> {
  const request = graphqlClient(server.url, board.owner.token);
  // Three pipelines a request, as the web app's columns ask (apps/web/src/board/first-pages.ts).
  const groups: { query: string; variables: Record<string, unknown> }[] = [];
  for (let start = 0; start < board.pipelines.length; start += FIRST_PAGES_PER_REQUEST) {
    const wanted = board.pipelines
      .slice(start, start + FIRST_PAGES_PER_REQUEST)
      .map((pipelineId) => ({ pipelineId, sortType: DEFAULT_SORT_TYPE }));
    groups.push({
      query: firstPagesQuery(wanted.length),
      variables: firstPagesVariables({ workspaceId: board.workspace, first: BOARD_PAGE_SIZE }, wanted),
    });
  }
  const viewport = async () => {
    await request(BOARD_PIPELINES, { workspaceId: board.workspace });
    const answers = await Promise.all(
      groups.map((group) => request<Record<string, { nodes: unknown[] }>>(group.query, group.variables)),
    );
    const pages = answers.flatMap((answer) => Object.values(answer));
    const cards = pages.reduce((sum, page) => sum + page.nodes.length, 0);
    if (cards !== board.pipelines.length * BOARD_PAGE_SIZE) throw new Error(`viewport showed ${cards} cards`);
  };
  const warmupEnds = performance.now() + warmup.ms;
  let warmedUp = 0;
  while (warmedUp < warmup.viewports || performance.now() < warmupEnds) {
    await viewport();
    warmedUp += 1;
  }
  const samples: number[] = [];
  const cpuBefore = server.cpuMs();
  for (let index = 0; index < runs; index++) samples.push((await timed(viewport)).ms);
  return { summary: summarize(samples), serverCpuMs: (server.cpuMs() - cpuBefore) / runs, warmedUp };
}
