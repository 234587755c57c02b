/**
 * B1: the board's first viewport as the web app loads it (bench/viewport.ts): the pipelines with all
 * their counts, then every pipeline's first 50 cards with every field a card shows. One sample is the
 * whole viewport. The server is the built one in its own process, as production runs it (decision
 * 0051); boards fresh and moved-in (issue #32), each case on its own (bench/board-cases.ts).
 */
import { eachBoardCase } from "./board-cases.js";
import type { Benchmark } from "./registry.js";
import { startBuiltServer } from "./server-process.js";
import { ms } from "./stats.js";
import { measureViewports } from "./viewport.js";

/** p95 targets by size: bench/README.md's table (issue #32: 50 ms at 100,000, moved-in). */
const TARGET_MS: Record<number, number> = { 10000: 50, 50000: 150, 100000: 50 };

export const b1BoardQuery: Benchmark = {
  id: "B1",
  title: "board query for the first viewport",
  async run(context) {
    const { quick, log } = context;
    // A fresh server's first few hundred viewports run code V8 has not optimised yet (decision 0051):
    // warm-up counted in viewports, so a busy machine warms up as far as a quiet one.
    const warmup = quick ? 20 : 200;
    const runs = quick ? 15 : 60;
    const rows = await eachBoardCase(
      context,
      { sizes: quick ? [2_000] : [1_000, 10_000, 100_000], states: ["fresh", "moved-in"], suffix: "bench_b1" },
      async ({ engine, issues, state, board, where }) => {
        const server = await startBuiltServer(where.server);
        try {
          const figures = await measureViewports(server, where.server, board, null, { warmup, runs });
          const { summary } = figures;
          const target = engine === "PostgreSQL" ? TARGET_MS[issues] : undefined;
          const statements = figures.statements === null ? "" : `, ${figures.statements.toFixed(0)} SQL statements`;
          const figure = `median ${ms(summary.median)}, p95 ${ms(summary.p95)}, p99 ${ms(summary.p99)} (${summary.runs} runs after ${figures.warmedUp} warm-up viewports); a viewport: server CPU ${ms(figures.serverCpuMs)}${statements}; \`boardPipelines\` (the counts) alone: median ${ms(figures.counts.median)}, p95 ${ms(figures.counts.p95)}`;
          log(figure);
          return [
            {
              case: `${issues.toLocaleString("en")} issues, ${state}, ${engine}`,
              target: target ? `p95 ≤ ${target} ms` : "reported",
              figure,
              met: target ? summary.p95 <= target : null,
            },
          ];
        } finally {
          await server.stop();
        }
      },
    );
    return {
      rows,
      notes: [
        "One sample: `boardPipelines` (every pipeline with its counts, Closed included), then the eight",
        "pipelines' first 50 cards (`boardFirstPages`, every card field) three pipelines a request, in parallel, over",
        `HTTP, after ${warmup} untimed viewports. The server: the compiled one (\`apps/server/dist\`, as \`npm start\``,
        "runs it) in its own process, on the seeded database (PGlite's on disk); the client (fetch, JSON parsing) in",
        "the bench process. Server CPU: that process's user + system time over the timed viewports (/proc), divided by",
        "their number. `boardPipelines` alone: the same number of that request on its own after the timed viewports",
        "(the headers' counts; issue #32's target: at 100,000 issues ≤ 1.2× its time at 1,000). SQL statements: counted on the wire by a relay (`bench/statement-counter.ts`) in a pass after",
        "the timed one, PostgreSQL only. The board: 20 repositories, 8 pipelines, open issues spread evenly, ranks",
        "appended as the domain appends them (`bench/seed.ts`), then VACUUM ANALYZE; moved-in: then",
        "`bench/moved-in.ts`'s moves through `gantry_move_issue`, with no VACUUM after them.",
      ].join("\n"),
    };
  },
};
