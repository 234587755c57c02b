/**
 * B7: two server instances on one PostgreSQL database and one Redis (the Redis event bus,
 * decision 0008). 200 members subscribed, half to each instance; the owner's moves go to
 * instance A; every delivery is timed, and those reaching B's clients are what this adds to B5.
 */
import { createTestApp } from "../apps/server/src/testing/app.js";
import { baseUrl, deliveryFigure, openSubscriber, signUpMembers, timeMoves } from "./fanout.js";
import type { Benchmark, Row } from "./registry.js";
import { benchDatabase, boardSize, seedBoard } from "./seed.js";
import { ms, summarize } from "./stats.js";

const TARGET_MS = 150;
const REDIS_URL = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

export const b7TwoInstances: Benchmark = {
  id: "B7",
  title: "two server instances sharing PostgreSQL and Redis",
  async run({ quick, postgresUrl, log }) {
    if (!postgresUrl) throw new Error("B7 needs TEST_DATABASE_URL: two instances share a PostgreSQL database");
    const clients = quick ? 50 : 200;
    const moves = quick ? 10 : 30;
    const database = await benchDatabase(postgresUrl, "bench_b7");
    const board = await seedBoard(database, boardSize(quick ? 1_000 : 10_000));
    const members = await signUpMembers(board, clients);
    // The seeding app has the in-process bus; the two instances under test publish through Redis.
    await board.t.app.close();
    const env = {
      REQUIRE_EMAIL_VERIFICATION: "false",
      AUTH_RATE_LIMIT_PER_MINUTE: "1000000",
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "silent",
      REDIS_URL,
    };
    const instances = [await createTestApp(env, { database }), await createTestApp(env, { database })];
    const urls: string[] = [];
    for (const instance of instances) {
      await instance.app.listen({ port: 0, host: "127.0.0.1" });
      urls.push(baseUrl(instance));
    }
    const [urlA, urlB] = urls as [string, string];
    log(`${board.issues.length} issues, ${clients} members, half subscribed to each instance; Redis ${REDIS_URL}`);
    const subscribers = await Promise.all(
      members.map((member, index) =>
        index % 2
          ? openSubscriber(urlB, "B", member.token, board.workspace)
          : openSubscriber(urlA, "A", member.token, board.workspace),
      ),
    );
    await timeMoves(board, urlA, subscribers, 2);
    const { deliveries, mutationMs } = await timeMoves(board, urlA, subscribers, moves, 240_000);
    for (const subscriber of subscribers) subscriber.close();
    for (const instance of instances) await instance.app.close();
    await database.dispose();

    const row = (label: string, server?: string): Row => {
      const summary = deliveryFigure(
        deliveries.filter((delivery) => !server || delivery.server === server).map((delivery) => delivery.ms),
      );
      return {
        case: label,
        target: `p95 ≤ ${TARGET_MS} ms`,
        figure: summary.figure,
        met: quick ? null : summary.p95 <= TARGET_MS,
      };
    };
    const mutation = summarize(mutationMs);
    return {
      rows: [
        row(`clients of B (${clients / 2}), moves sent to A`, "B"),
        row(`clients of A (${clients / 2})`, "A"),
        row(`all ${clients} clients, ${mutationMs.length} moves`),
        {
          case: "the move itself (mutation answered by A)",
          target: "reported",
          figure: `median ${ms(mutation.median)}, p95 ${ms(mutation.p95)}`,
          met: null,
        },
      ],
      notes: [
        "Two instances of the whole app (`createTestApp`, each with its own pool of 10 connections) in the bench",
        `process, on one PostgreSQL database and REDIS_URL=${REDIS_URL}, so every event goes through the Redis channel`,
        "`gantry:board-events` to both instances, A's own subscribers included (decision 0008). Members and",
        "subscriptions as in B5 (each member signed up with a session of their own), alternately on A and B; the",
        "owner's moves go to A. Both instances, the subscribers and Redis share the machine's two cores, and the",
        "instances share the bench process's event loop (a real deployment gives each its own).",
        "A delivery not made within 20 s counts as later than any and is named; moves stop after 4 minutes.",
        `Two warm-up moves are not counted.${quick ? " Quick run: fewer clients, no verdict." : ""}`,
      ].join("\n"),
    };
  },
};
