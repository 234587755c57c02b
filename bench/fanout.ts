/**
 * Realtime fan-out for B5 and B7: many members subscribed to `boardEvents` over HTTP SSE, the
 * web app's own subscription document, and moves timed from sending the mutation until each
 * subscriber has read the event carrying that move's `clientMutationId`.
 */
import type { AddressInfo } from "node:net";
import { schema } from "@gantry/db";
import { eq } from "drizzle-orm";
import type { TestApp } from "../apps/server/src/testing/app.js";
import { signUpUser, type TestUser } from "../apps/server/src/testing/factories.js";
import { nextEventParser } from "../apps/server/src/testing/sse.js";
import { BOARD_EVENTS } from "../apps/web/src/board/board-events.js";
import type { SeededBoard } from "./seed.js";
import { ms, summarize } from "./stats.js";

export const MOVE = `mutation ($pipelineId: ID!, $issueId: ID!, $position: Int, $workspaceId: ID, $clientMutationId: String) {
  moveIssue(input: { pipelineId: $pipelineId, issueId: $issueId, position: $position, workspaceId: $workspaceId, clientMutationId: $clientMutationId }) { pipeline { id } }
}`;

/** The event alone, for telling the transport's share from the per-subscriber reads (B5). */
export const EVENT_ONLY = `subscription ($workspaceId: ID!) { boardEvents(workspaceId: $workspaceId) { __typename clientMutationId } }`;

/** Where each moved card now is, without its fields. */
export const PLACEMENTS_ONLY = `subscription ($workspaceId: ID!) { boardEvents(workspaceId: $workspaceId) {
  __typename clientMutationId ... on IssuesMovedEvent { placements { issueId pipelineId position } }
} }`;

/** A delivery later than this counts as not delivered. */
export const DELIVERY_TIMEOUT_MS = 20_000;

export const baseUrl = (t: TestApp) => `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;

/**
 * `count` members of the board's organisation, each with a session of their own: signed up
 * through the API (so sessions are the product's), then added to the organisation, which lets
 * them see its public workspace.
 */
export async function signUpMembers(board: SeededBoard, count: number): Promise<TestUser[]> {
  const [workspace] = await board.t.database.db
    .select({ organizationId: schema.workspaces.organizationId })
    .from(schema.workspaces)
    .where(eq(schema.workspaces.id, board.workspaceId));
  if (!workspace) throw new Error("seeded workspace missing");
  const members: TestUser[] = [];
  // Ten at a time: each sign-up hashes a password (argon2id), which is what takes the time.
  for (let from = 0; from < count; from += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, count - from) }, (_, index) => signUpUser(board.t, `member${from + index}`)),
    );
    members.push(...batch);
  }
  await board.t.database.db.insert(schema.organizationMembers).values(
    members.map((member) => ({
      organizationId: workspace.organizationId,
      userId: member.userId,
      role: "member" as const,
    })),
  );
  return members;
}

export interface Subscriber {
  /** Which server it is connected to ("A", "B"). */
  server: string;
  /** Resolves with performance.now() when the event carrying `clientMutationId` has been read. */
  arrival(clientMutationId: string): Promise<number>;
  close(): void;
}

/**
 * One SSE subscription to `boardEvents(workspaceId)` at `url`, read as the web app reads it
 * (apps/web/src/api/graphql-subscription.ts): resolved once the server has answered with the
 * stream, so events from then on reach it.
 */
export async function openSubscriber(
  url: string,
  server: string,
  token: string,
  workspaceId: string,
  query = BOARD_EVENTS,
): Promise<Subscriber> {
  const abort = new AbortController();
  const response = await fetch(`${url}/graphql`, {
    method: "POST",
    headers: { accept: "text/event-stream", "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables: { workspaceId } }),
    signal: abort.signal,
  });
  if (!response.body || !response.headers.get("content-type")?.startsWith("text/event-stream")) {
    throw new Error(`no event stream (HTTP ${response.status}): ${await response.text()}`);
  }
  const arrived = new Map<string, number>();
  const waiting = new Map<string, { resolve(at: number): void; reject(error: Error): void }>();
  let failure: Error | null = null;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const parse = nextEventParser();
  const pump = async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      // The moment this subscriber has the bytes, before parsing: what a browser's stream reader sees.
      const at = performance.now();
      for (const event of parse(value)) {
        const result = event as {
          data?: { boardEvents?: { clientMutationId: string | null } };
          errors?: { message: string }[];
        };
        if (result.errors?.length) throw new Error(`subscription error: ${result.errors[0]?.message}`);
        const id = result.data?.boardEvents?.clientMutationId;
        if (!id) continue;
        const waiter = waiting.get(id);
        if (waiter) {
          waiting.delete(id);
          waiter.resolve(at);
        } else arrived.set(id, at);
      }
    }
  };
  // A stream that fails or ends fails the moves still waiting on it, rather than leaving them to time out.
  pump()
    .then(() => {
      throw new Error(`the ${server} event stream ended`);
    })
    .catch((error: unknown) => {
      failure = error instanceof Error ? error : new Error(String(error));
      for (const waiter of waiting.values()) waiter.reject(failure);
      waiting.clear();
    });
  return {
    server,
    arrival: (clientMutationId) => {
      const at = arrived.get(clientMutationId);
      if (at !== undefined) {
        arrived.delete(clientMutationId);
        return Promise.resolve(at);
      }
      if (failure) return Promise.reject(failure);
      return new Promise<number>((resolve, reject) => {
        waiting.set(clientMutationId, { resolve, reject });
        // Not delivered in time: counted as a miss (Infinity) rather than ending the run.
        setTimeout(() => {
          if (waiting.delete(clientMutationId)) resolve(Number.POSITIVE_INFINITY);
        }, DELIVERY_TIMEOUT_MS).unref();
      });
    },
    close: () => abort.abort(),
  };
}

export interface Delivery {
  server: string;
  ms: number;
}

/**
 * Up to `moves` moves (fewer when `budgetMs` runs out), one at a time: each takes the top card of one pipeline to the top of the next,
 * sent to `moverUrl` with a fresh clientMutationId, and waits until every subscriber has it.
 * Returns one delivery per (subscriber, move), timed from just before the request is sent.
 */
export async function timeMoves(
  board: SeededBoard,
  moverUrl: string,
  subscribers: Subscriber[],
  moves: number,
  budgetMs = Number.POSITIVE_INFINITY,
): Promise<{ deliveries: Delivery[]; mutationMs: number[] }> {
  const deliveries: Delivery[] = [];
  const mutationMs: number[] = [];
  const stopAt = performance.now() + budgetMs;
  // A slow fan-out stops early, after at least three moves, so a run keeps to its time.
  for (let index = 0; index < moves && (index < 3 || performance.now() < stopAt); index++) {
    const clientMutationId = `bench-move-${index}-${Math.random().toString(36).slice(2)}`;
    // Issue i sits in pipeline i mod P (bench/seed.ts); send it one pipeline on, round and round.
    const issueIndex = index * 7 + 3;
    const pipelineCount = board.pipelines.length;
    const target = board.pipelines[(issueIndex + 1) % pipelineCount];
    const arrivals = subscribers.map((subscriber) => subscriber.arrival(clientMutationId));
    // Handled below by Promise.all; this keeps a stream failing mid-request from counting as unhandled.
    for (const arrival of arrivals) arrival.catch(() => undefined);
    const start = performance.now();
    const response = await fetch(`${moverUrl}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${board.owner.token}` },
      body: JSON.stringify({
        query: MOVE,
        variables: {
          issueId: board.issues[issueIndex % board.issues.length],
          pipelineId: target,
          position: 0,
          workspaceId: board.workspace,
          clientMutationId,
        },
      }),
    });
    const answer = (await response.json()) as { errors?: { message: string }[] };
    mutationMs.push(performance.now() - start);
    if (answer.errors?.length) throw new Error(`move failed: ${answer.errors[0]?.message}`);
    const times = await Promise.all(arrivals);
    times.forEach((at, subscriber) => {
      deliveries.push({ server: (subscribers[subscriber] as Subscriber).server, ms: at - start });
    });
  }
  return { deliveries, mutationMs };
}

/** Deliveries as a results figure: percentiles over all (a missed one counts as later than any), misses named. */
export function deliveryFigure(values: number[]): { figure: string; p95: number } {
  const summary = summarize(values);
  const missed = values.filter((value) => !Number.isFinite(value)).length;
  const show = (value: number) => (Number.isFinite(value) ? ms(value) : `> ${DELIVERY_TIMEOUT_MS / 1000} s`);
  return {
    p95: summary.p95,
    figure: `median ${show(summary.median)}, p95 ${show(summary.p95)}, p99 ${show(summary.p99)}, max ${show(summary.max)} (${summary.runs} deliveries${missed ? `, ${missed} not within ${DELIVERY_TIMEOUT_MS / 1000} s` : ""})`,
  };
}
