/**
 * B1: the board's first viewport as the web app loads it: the pipelines with all their counts,
 * then every pipeline's first 50 cards with every field a card shows, read together in one request
 * (the same GraphQL documents as apps/web/src/board/api.ts and first-pages.ts). One sample is the
 * whole viewport.
 */
import { DEFAULT_SORT_TYPE } from "@gantry/domain";
import { BOARD_PAGE_SIZE, BOARD_PIPELINES, firstPagesQuery, firstPagesVariables } from "../apps/web/src/board/api.js";
import { FIRST_PAGES_PER_REQUEST } from "../apps/web/src/board/first-pages.js";
import { listen } from "./http.js";
import type { Benchmark, Row } from "./registry.js";
import { benchDatabase, boardSize, seedBoard } from "./seed.js";
import { ms, summarize, timed } from "./stats.js";

const TARGET_MS: Record<number, number> = { 10000: 50, 50000: 150 };

export const b1BoardQuery: Benchmark = {
  id: "B1",
  title: "board query for the first viewport",
  async run({ quick, postgresUrl, log }) {
    const sizes = quick ? [2_000] : [10_000, 50_000];
    const engines = postgresUrl ? [postgresUrl, null] : [null];
    const warmup = quick ? 3 : 10;
    const runs = quick ? 15 : 60;
    const rows: Row[] = [];
    for (const url of engines) {
      for (const issues of sizes) {
        const engine = url ? "PostgreSQL" : "PGlite";
        const database = await benchDatabase(url);
        const board = await seedBoard(database, boardSize(issues));
        log(`${engine}, ${issues} issues seeded in ${(board.seedMs / 1000).toFixed(1)} s`);
        const request = await listen(board.t, board.owner.token);
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
        for (let index = 0; index < warmup; index++) await viewport();
        const samples: number[] = [];
        for (let index = 0; index < runs; index++) samples.push((await timed(viewport)).ms);
        const summary = summarize(samples);
        const target = TARGET_MS[issues];
        rows.push({
          case: `${issues.toLocaleString("en")} issues, ${engine}`,
          target: target && url ? `p95 ≤ ${target} ms` : "reported",
          figure: `median ${ms(summary.median)}, p95 ${ms(summary.p95)}, p99 ${ms(summary.p99)} (${summary.runs} runs)`,
          met: target && url ? summary.p95 <= target : null,
        });
        log(rows.at(-1)?.figure ?? "");
        await board.t.app.close();
        await database.dispose();
      }
    }
    return {
      rows,
      notes: [
        "One sample: `boardPipelines` (every pipeline with its counts, Closed included), then the eight",
        "pipelines' first 50 cards (`boardFirstPages`, every card field) three pipelines a request, in parallel, over HTTP to a",
        `listening server in the same process, after ${warmup} warm-up viewports. The board: 20 repositories,`,
        "8 pipelines, open issues spread evenly, ranks appended as the domain appends them (`bench/seed.ts`).",
      ].join("\n"),
    };
  },
};
