/**
 * The board's first viewport as the web app loads it, for B1 (unfiltered) and B9 (filtered or
 * searched): the pipelines with their counts, then every open pipeline's first 50 cards with every
 * field a card shows, three pipelines a request (apps/web/src/board/api.ts, first-pages.ts and,
 * filtered, filters/use-filtered-counts.ts), against the built server in its own process (decision
 * 0051), after a warm-up counted in viewports; with the server's CPU and, on PostgreSQL, the SQL
 * statements a viewport costs.
 */
import { BOARD_PAGE_SIZE, DEFAULT_SORT_TYPE } from "@gantry/domain";
import { BOARD_PIPELINES, FILTERED_COUNTS, firstPagesQuery, firstPagesVariables } from "../apps/web/src/board/api.js";
import { FIRST_PAGES_PER_REQUEST } from "../apps/web/src/board/first-pages.js";
import { graphqlClient } from "./http.js";
import type { SeededBoard } from "./seed.js";
import type { ServerDatabase, ServerProcess } from "./server-process.js";
import { statementsPerOperation } from "./statement-counter.js";
import { type Summary, summarize, timed } from "./stats.js";

/** A filtered viewport's search: the filters input and the search text, as the web app sends them. */
export interface ViewportSearch {
  filters: unknown;
  query: string;
}

export interface ViewportFigures {
  summary: Summary;
  /** The first request alone (`boardPipelines`: the pipelines and their unfiltered counts), timed on its own. */
  counts: Summary;
  serverCpuMs: number;
  warmedUp: number;
  /** SQL statements a viewport sends PostgreSQL (a counting pass after the timed one); null on PGlite. */
  statements: number | null;
}

/** Viewports the statement count is averaged over. */
const COUNTED_VIEWPORTS = 5;

/** One viewport's requests; throws when the answer is not a viewport's worth of cards. */
export function viewportOf(server: ServerProcess | { url: string }, board: SeededBoard, search: ViewportSearch | null) {
  const request = graphqlClient(server.url, board.owner.token);
  const groups: { query: string; variables: Record<string, unknown> }[] = [];
  for (let start = 0; start < board.pipelines.length; start += FIRST_PAGES_PER_REQUEST) {
    const wanted = board.pipelines
      .slice(start, start + FIRST_PAGES_PER_REQUEST)
      .map((pipelineId) => ({ pipelineId, sortType: DEFAULT_SORT_TYPE }));
    groups.push({
      query: firstPagesQuery(wanted.length),
      variables: firstPagesVariables({ workspaceId: board.workspace, first: BOARD_PAGE_SIZE, ...search }, wanted),
    });
  }
  return async (): Promise<number> => {
    // The web app asks for the unfiltered board first, then, filtered, the filtered counts with the pages.
    await request(BOARD_PIPELINES, { workspaceId: board.workspace });
    const [, ...answers] = await Promise.all([
      search ? request(FILTERED_COUNTS, { workspaceId: board.workspace, ...search }) : null,
      ...groups.map((group) => request<Record<string, { nodes: unknown[] }>>(group.query, group.variables)),
    ]);
    const cards = answers
      .flatMap((answer) => Object.values(answer ?? {}))
      .reduce((sum, page) => sum + page.nodes.length, 0);
    if (!search && cards !== board.pipelines.length * BOARD_PAGE_SIZE)
      throw new Error(`viewport showed ${cards} cards`);
    return cards;
  };
}

/** Times `runs` viewports after `warmup` untimed ones, then counts a few viewports' statements. */
export async function measureViewports(
  server: ServerProcess,
  database: ServerDatabase,
  board: SeededBoard,
  search: ViewportSearch | null,
  { warmup, runs }: { warmup: number; runs: number },
): Promise<ViewportFigures> {
  const viewport = viewportOf(server, board, search);
  for (let index = 0; index < warmup; index++) await viewport();
  const samples: number[] = [];
  const cpuBefore = server.cpuMs();
  for (let index = 0; index < runs; index++) samples.push((await timed(viewport)).ms);
  const serverCpuMs = (server.cpuMs() - cpuBefore) / runs;
  const request = graphqlClient(server.url, board.owner.token);
  const counts: number[] = [];
  for (let index = 0; index < runs; index++) {
    counts.push((await timed(() => request(BOARD_PIPELINES, { workspaceId: board.workspace }))).ms);
  }
  return {
    summary: summarize(samples),
    counts: summarize(counts),
    serverCpuMs,
    warmedUp: warmup,
    statements: await countStatements(database, board, search),
  };
}

/** A second server on a relay that counts statements; PGlite's server holds its files alone, so none there. */
async function countStatements(
  database: ServerDatabase,
  board: SeededBoard,
  search: ViewportSearch | null,
): Promise<number | null> {
  return statementsPerOperation(database, (server) => viewportOf(server, board, search), {
    warmups: 1,
    counted: COUNTED_VIEWPORTS,
  });
}
