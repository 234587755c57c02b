/**
 * The server's CPU a moveIssue, in-process: B2's mutation through `app.inject` (the whole Fastify and
 * Yoga pipeline, without the client's sockets) on a seeded board, timed with `process.cpuUsage`, so no
 * client process or /proc sampling is in the figure. Runs `rounds` rounds of `perRound` requests (10 at
 * a time) after a warm-up and prints each. On the shared machine at load 15–25 rounds of one run differ
 * by ±25%: compare medians of many alternating rounds, and only changes larger than that show.
 *
 *   TEST_DATABASE_URL=postgres://… npx tsx --conditions=@gantry/source bench/move-cpu.ts [issues] [requests a round] [rounds]
 *
 * Without TEST_DATABASE_URL the board is on PGlite in this process, whose CPU then counts too. On PostgreSQL
 * the board stays in `<TEST_DATABASE_URL's database>_move_cpu`, made afresh each run: drop it when done.
 * BENCH_MOVE_PROFILE=<file> writes a CPU profile of the timed rounds alone (not the start or the seeding).
 * BENCH_MOVE_QUERY=<query> (e.g. `{ __typename }`) times that request too, in rounds alternating with the
 * moves': the cost of a request through the same pipeline that reads nothing but the session.
 */
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { benchDatabase, boardSize, seedBoard } from "./seed.js";

const CONCURRENCY = 10;
const MOVE = `mutation ($pipelineId: ID!, $issueId: ID!, $position: Int, $workspaceId: ID) {
  moveIssue(input: { pipelineId: $pipelineId, issueId: $issueId, position: $position, workspaceId: $workspaceId }) { pipeline { id } }
}`;

const [issues = 2_000, perRound = 5_000, rounds = 3] = process.argv.slice(2).map(Number);
const database = await benchDatabase(process.env.TEST_DATABASE_URL ?? null, "move_cpu");
const board = await seedBoard(database, boardSize(issues));
const headers = { "content-type": "application/json", authorization: `Bearer ${board.owner.token}` };
let seed = 1;
/** A fixed sequence (a linear congruential generator), so runs of two code versions move the same cards. */
const next = (below: number) => {
  seed = (seed * 48_271) % 2_147_483_647;
  return seed % below;
};

const otherQuery = process.env.BENCH_MOVE_QUERY;

async function send(body: string) {
  const response = await board.t.app.inject({ method: "POST", url: "/graphql", headers, payload: body });
  if (response.statusCode !== 200 || response.body.includes('"errors"')) throw new Error(response.body);
}

const move = () =>
  send(
    JSON.stringify({
      query: MOVE,
      variables: {
        issueId: board.issues[next(board.issues.length)],
        pipelineId: board.pipelines[next(board.pipelines.length)],
        position: next(20),
        workspaceId: board.workspace,
      },
    }),
  );

async function runRequests(count: number, request: () => Promise<void>) {
  let left = count;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (left-- > 0) await request();
    }),
  );
}

async function timed(label: string, round: number, request: () => Promise<void>) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  await runRequests(perRound, request);
  const used = process.cpuUsage(cpu);
  const elapsed = performance.now() - started;
  console.log(
    `round ${round + 1}, ${label}: ${((used.user + used.system) / perRound).toFixed(1)} µs CPU a request ` +
      `(user ${(used.user / perRound).toFixed(1)}, system ${(used.system / perRound).toFixed(1)}), ` +
      `${((perRound / elapsed) * 1000).toFixed(0)} a second`,
  );
}

try {
  await runRequests(1_000, move);
  if (otherQuery) await runRequests(1_000, () => send(JSON.stringify({ query: otherQuery })));
  const profileFile = process.env.BENCH_MOVE_PROFILE;
  const session = profileFile ? new Session() : null;
  if (session) {
    session.connect();
    await session.post("Profiler.enable");
    await session.post("Profiler.start");
  }
  for (let round = 0; round < rounds; round++) {
    await timed("moveIssue", round, move);
    if (otherQuery) await timed(otherQuery, round, () => send(JSON.stringify({ query: otherQuery })));
  }
  if (session && profileFile) {
    const { profile } = await session.post("Profiler.stop");
    writeFileSync(profileFile, JSON.stringify(profile));
  }
} finally {
  await board.t.app.close();
  await database.close();
}
