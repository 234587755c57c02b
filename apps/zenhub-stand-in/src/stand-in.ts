import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import Fastify, { type FastifyReply } from "fastify";
import { buildSchema, execute, type GraphQLSchema, parse, validate } from "graphql";
import { type BudgetHeaders, type BudgetLimits, KeyBudgets, ZENHUB_LIMITS } from "./budget.js";
import { ZenhubStore } from "./data.js";
import { rootFor } from "./graph.js";

/** ZenHub's published schema (a copy of ../shared/reference/, kept in the repository so a fresh clone has it). */
export const REFERENCE_SCHEMA_PATH = join(
  dirname(fileURLToPath(import.meta.url)),
  "../reference/zenhub-public-schema.graphql",
);

let reference: GraphQLSchema | null = null;
/** The reference schema, built once: the stand-in serves it and tests validate against it. */
export function referenceSchema(): GraphQLSchema {
  reference ??= buildSchema(readFileSync(REFERENCE_SCHEMA_PATH, "utf8"));
  return reference;
}

export interface StandInOptions {
  port?: number;
  host?: string;
  /** ZenHub's documented limits by default: 90 s of processing time a minute per key, 30 requests at once. */
  limits?: Partial<BudgetLimits>;
  /** Each request takes at least this long to execute (and is charged it), as a loaded ZenHub does. */
  latencyMs?: number;
  /** Fills the store before listening, e.g. with `seedWorkspace`. */
  seed?: (store: ZenhubStore) => void;
}

function rateLimitHeaders(reply: FastifyReply, state: BudgetHeaders): void {
  reply.header("X-RateLimit-Limit", String(state.limit));
  reply.header("X-RateLimit-Used", String(state.used));
  reply.header("X-RateLimit-Remaining", String(state.remaining));
}

export interface RecordedRequest {
  query: string;
  operationName: string | null;
}

export interface ZenhubStandIn {
  /** The GraphQL endpoint, as `https://api.zenhub.com/public/graphql` is ZenHub's. */
  endpoint: string;
  store: ZenhubStore;
  /** Every request that reached the schema (accepted key, within limits), in order. */
  requests: RecordedRequest[];
  /** The next `count` requests answer 429 with `Retry-After: seconds`. */
  throttleNext(count: number, seconds: number): void;
  /** The next `count` requests answer 502, as a flaky upstream does. */
  failNext(count: number): void;
  /** From now on each request takes at least `ms` to execute. */
  setLatency(ms: number): void;
  /** The processing-time budgets: their limits (changeable), the peak concurrency seen and refusals. */
  budgets: KeyBudgets;
  /**
   * Holds the `nth` request for `operationName` (counting from now) before it executes: `reached`
   * resolves once it arrives, and it is answered only after `release()`. A test kills a client then.
   */
  holdAt(operationName: string, nth: number): { reached: Promise<void>; release(): void };
  close(): Promise<void>;
}

/**
 * A ZenHub public GraphQL API for tests: the reference schema over an in-memory store. Keys go in
 * `Authorization: Bearer`; a key it does not know gets 401 and GraphQL's error shape. Each key has
 * ZenHub's processing-time budget and concurrency cap (budget.ts): every answer says what is left of
 * the budget, and past it (or when told to) it answers 429 with Retry-After. Documents are validated
 * against the reference schema before they run, so an operation the real API would refuse is refused
 * here too.
 */
export async function createZenhubStandIn(options: StandInOptions = {}): Promise<ZenhubStandIn> {
  const store = new ZenhubStore();
  options.seed?.(store);
  const schema = referenceSchema();
  const requests: RecordedRequest[] = [];
  const budgets = new KeyBudgets({ ...ZENHUB_LIMITS, ...options.limits });
  let latencyMs = options.latencyMs ?? 0;
  let hold: { operationName: string; left: number; arrived: () => void; released: Promise<void> } | null = null;
  let throttled = { count: 0, seconds: 1 };
  let failing = 0;

  const app = Fastify({ logger: false, bodyLimit: 1_048_576 });
  // For whatever waits for the stand-in to listen (Playwright's web servers).
  app.get("/ping", async () => "pong");
  app.post("/public/graphql", async (request, reply) => {
    const key = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1] ?? "";
    if (!store.keys.has(key)) {
      return reply.code(401).send({ errors: [{ message: "Unauthorized: invalid API key" }] });
    }
    if (throttled.count > 0) {
      throttled.count--;
      return reply
        .code(429)
        .header("Retry-After", String(throttled.seconds))
        .send({ errors: [{ message: "Rate limit exceeded" }] });
    }
    const admission = budgets.admit(key);
    if (!admission.admitted) {
      rateLimitHeaders(reply, admission.headers);
      return reply
        .code(429)
        .header("Retry-After", String(admission.retryAfterSeconds))
        .send({ errors: [{ message: "Rate limit exceeded" }] });
    }
    const started = performance.now();
    let charged = false;
    const finish = () => {
      if (charged) return;
      charged = true;
      rateLimitHeaders(reply, admission.finish(performance.now() - started));
    };
    // A client that hangs up mid-request still spent the time.
    reply.raw.once("close", finish);
    try {
      const answer = await answerGraphql(request.body, key);
      if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
      finish();
      return reply.code(answer.status).send(answer.body);
    } finally {
      finish();
    }
  });

  async function answerGraphql(rawBody: unknown, key: string): Promise<{ status: number; body: unknown }> {
    if (failing > 0) {
      failing--;
      return { status: 502, body: "Bad Gateway" };
    }
    const body = (rawBody ?? {}) as { query?: unknown; variables?: unknown; operationName?: unknown };
    if (typeof body.query !== "string") return { status: 400, body: { errors: [{ message: "No query given" }] } };
    let document: ReturnType<typeof parse>;
    try {
      document = parse(body.query);
    } catch (error) {
      return { status: 400, body: { errors: [{ message: (error as Error).message }] } };
    }
    const invalid = validate(schema, document);
    if (invalid.length > 0) return { status: 400, body: { errors: invalid.map((error) => error.toJSON()) } };
    const operationName = typeof body.operationName === "string" ? body.operationName : null;
    requests.push({ query: body.query, operationName });
    if (hold && hold.operationName === operationName && --hold.left === 0) {
      const { arrived, released } = hold;
      hold = null;
      arrived();
      await released;
    }
    const result = await execute({
      schema,
      document,
      rootValue: rootFor({ store, key }),
      variableValues: (body.variables ?? {}) as Record<string, unknown>,
      operationName,
    });
    return { status: 200, body: result };
  }

  const host = options.host ?? "127.0.0.1";
  await app.listen({ port: options.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  return {
    endpoint: `http://${host}:${port}/public/graphql`,
    store,
    requests,
    throttleNext: (count, seconds) => {
      throttled = { count, seconds };
    },
    failNext: (count) => {
      failing = count;
    },
    setLatency: (ms) => {
      latencyMs = ms;
    },
    budgets,
    holdAt: (operationName, nth) => {
      let arrived = () => {};
      let release = () => {};
      const reached = new Promise<void>((resolve) => {
        arrived = resolve;
      });
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      hold = { operationName, left: nth, arrived, released };
      return { reached, release };
    },
    close: () => app.close(),
  };
}
