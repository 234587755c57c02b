/**
 * B5: realtime fan-out. 200 members each subscribed to the board's `boardEvents` over HTTP SSE
 * (the web app's subscription document); the owner moves a card ~30 times, one after another;
 * each (subscriber, move) delivery is timed from sending the mutation to that subscriber reading
 * the event. Server and subscribers share one process, as in B1. Two smaller selections are
 * timed too, to show where the time goes.
 */
import { BOARD_EVENTS } from "../apps/web/src/board/board-events.js";
import {
  baseUrl,
  deliveryFigure,
  EVENT_ONLY,
  openSubscriber,
  PLACEMENTS_ONLY,
  signUpMembers,
  timeMoves,
} from "./fanout.js";
import type { Benchmark, Row } from "./registry.js";
import { benchDatabase, boardSize, seedBoard } from "./seed.js";
import { ms, summarize } from "./stats.js";

const TARGET_MS = 150;
/** Moves stop after this long per selection (at least three are made), so a slow fan-out keeps to time. */
const BUDGET_MS = 180_000;

const SELECTIONS = [
  { name: "the web app's selection (BOARD_EVENTS, every card field)", query: BOARD_EVENTS, judged: true },
  { name: "placements only (issue id, pipeline, position)", query: PLACEMENTS_ONLY, judged: false },
  { name: "the event only (__typename, clientMutationId)", query: EVENT_ONLY, judged: false },
];

export const b5Fanout: Benchmark = {
  id: "B5",
  title: "realtime fan-out to 200 subscribed clients",
  async run({ quick, postgresUrl, log }) {
    const clients = quick ? 50 : 200;
    const moves = quick ? 10 : 30;
    const engine = postgresUrl ? "PostgreSQL" : "PGlite";
    const database = await benchDatabase(postgresUrl, "bench_b5");
    const board = await seedBoard(database, boardSize(quick ? 1_000 : 10_000));
    await board.t.app.listen({ port: 0, host: "127.0.0.1" });
    const url = baseUrl(board.t);
    const members = await signUpMembers(board, clients);
    log(`${engine}, ${board.issues.length} issues, ${clients} members signed up`);
    const rows: Row[] = [];
    try {
      for (const selection of SELECTIONS) {
        const subscribers = await Promise.all(
          members.map((member) => openSubscriber(url, "A", member.token, board.workspace, selection.query)),
        );
        // Two warm-up moves, not counted: the first delivery compiles the document and fills caches.
        await timeMoves(board, url, subscribers, 2);
        const { deliveries, mutationMs } = await timeMoves(board, url, subscribers, moves, BUDGET_MS);
        for (const subscriber of subscribers) subscriber.close();
        const all = deliveryFigure(deliveries.map((delivery) => delivery.ms));
        const mutation = summarize(mutationMs);
        rows.push({
          case: `${clients} subscribers, ${mutationMs.length} moves, ${engine}: ${selection.name}`,
          target: selection.judged ? `p95 ≤ ${TARGET_MS} ms, mutation to every client` : "reported",
          figure: `${all.figure}; the move answered in median ${ms(mutation.median)}`,
          met: selection.judged && !quick ? all.p95 <= TARGET_MS : null,
        });
        log(rows.at(-1)?.figure ?? "");
      }
    } finally {
      await board.t.app.close();
      await database.dispose();
    }
    return {
      rows,
      notes: [
        `${clients} members of the workspace's organisation, each signed up through the API with a session of`,
        "their own (not one session reused), each holding one `boardEvents` subscription over HTTP SSE. The owner",
        "sends `moveIssue` over HTTP with a fresh `clientMutationId`, one move at a time (an issue to the top of",
        "the next pipeline); a delivery is timed from just before the request is sent to the moment that",
        "subscriber's stream reader has the bytes of the event with that id. Server and subscribers share the",
        "bench process and the machine's two cores, so reading the streams competes with the server's own work.",
        `Two warm-up moves per selection are not counted; moves stop after ${BUDGET_MS / 60_000} minutes per selection.`,
        "A delivery not made within 20 s counts as later than any (percentiles) and is named. The target is for the web app's selection; the two",
        "smaller ones, on fresh subscriptions to the same board, show what the per-subscriber reads cost.",
        quick ? "Quick run: fewer clients and a smaller board, no verdict." : "",
      ].join("\n"),
    };
  },
};
