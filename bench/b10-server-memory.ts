/**
 * B10 (issue #32): the server's memory after 10 minutes of B1 and B2 together at 100,000 issues: B2's 50
 * movers and four readers loading B1's viewport, each sending its next request when the last one answered,
 * against the built server in its own process (decision 0051). Its resident memory is sampled every 10 s
 * from /proc; the verdict is the last sample, with the peak and the growth over the second half beside it,
 * so a leak shows as a slope rather than hiding under a limit the run happens not to reach.
 */
import { MOVE, randomMove } from "./b2-concurrent-moves.js";
import { eachBoardCase } from "./board-cases.js";
import { leanGraphqlClient } from "./http.js";
import { generator } from "./random.js";
import type { Benchmark } from "./registry.js";
import { startBuiltServer } from "./server-process.js";
import { viewportOf } from "./viewport.js";

const MOVERS = 50;
const READERS = 4;
const SAMPLE_MS = 10_000;
const LIMIT_MIB = 400;

export const b10ServerMemory: Benchmark = {
  id: "B10",
  title: "server memory under B1 and B2 together",
  async run(context) {
    const { quick, log } = context;
    const minutes = quick ? 1 : Number(process.env.BENCH_MEMORY_MINUTES) || 10;
    const rows = await eachBoardCase(
      context,
      { sizes: [quick ? 2_000 : 100_000], states: ["fresh"], suffix: "bench_b10" },
      async ({ engine, issues, state, board, where }) => {
        const server = await startBuiltServer(where.server);
        const samples: { at: number; resident: number }[] = [];
        let moves = 0;
        let viewports = 0;
        const failures = new Map<string, number>();
        const fail = (error: unknown) => {
          const message = error instanceof Error ? error.message : String(error);
          failures.set(message, (failures.get(message) ?? 0) + 1);
        };
        try {
          const move = leanGraphqlClient(server.url, board.owner.token, MOVERS);
          const started = performance.now();
          const end = started + minutes * 60_000;
          const more = () => performance.now() < end;
          const sampler = setInterval(() => {
            const { resident } = server.memoryMiB();
            samples.push({ at: (performance.now() - started) / 60_000, resident });
            log(
              `${((performance.now() - started) / 1000).toFixed(0)} s: ${resident.toFixed(0)} MiB, ${moves} moves, ${viewports} viewports`,
            );
          }, SAMPLE_MS);
          try {
            await Promise.all([
              ...Array.from({ length: MOVERS }, async (_, index) => {
                const next = generator(index + 1);
                while (more()) await move(MOVE, randomMove(board, next)).then(() => moves++, fail);
              }),
              ...Array.from({ length: READERS }, async () => {
                const viewport = viewportOf(server, board, null);
                while (more()) await viewport().then(() => viewports++, fail);
              }),
            ]);
          } finally {
            clearInterval(sampler);
          }
          const { resident, peak } = server.memoryMiB();
          const half = samples.filter((sample) => sample.at >= minutes / 2);
          const growth = half.length > 1 ? (half.at(-1)?.resident ?? 0) - (half[0]?.resident ?? 0) : 0;
          const failed = [...failures.values()].reduce((sum, count) => sum + count, 0);
          if (failures.size)
            log(`failures: ${[...failures].map(([message, count]) => `${count}× ${message}`).join("; ")}`);
          const label = `${issues.toLocaleString("en")} issues, ${state}, ${engine}`;
          return [
            {
              case: `resident memory after ${minutes} min, ${label}`,
              target: `≤ ${LIMIT_MIB} MiB`,
              figure: `${resident.toFixed(0)} MiB (peak ${peak.toFixed(0)} MiB; ${growth >= 0 ? "+" : ""}${growth.toFixed(0)} MiB over the second half; ${moves.toLocaleString("en")} moves and ${viewports.toLocaleString("en")} viewports)`,
              met: resident <= LIMIT_MIB,
            },
            { case: `failed requests, ${label}`, target: "none", figure: String(failed), met: failed === 0 },
          ];
        } finally {
          await server.stop();
        }
      },
    );
    return {
      rows,
      notes: [
        `${MOVERS} movers (B2's moves: a random card to a random pipeline among the top 20 places) and ${READERS} readers`,
        "(B1's viewport: the pipelines with their counts, then every pipeline's first 50 cards), each sending its next",
        "request when the last one answered, for the whole run, against the compiled server in its own process on a",
        "freshly seeded board (it is a moved-in one within the first minute). Memory: the server process's VmRSS",
        `(/proc/<pid>/status) every ${SAMPLE_MS / 1000} s and at the end, VmHWM for the peak. \`BENCH_MEMORY_MINUTES\` sets the length.`,
      ].join("\n"),
    };
  },
};
