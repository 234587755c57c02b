import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import Fastify from "fastify";
import { buildSchema, execute, type GraphQLSchema, parse, validate } from "graphql";
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
  /** Requests per key per window before 429s (ZenHub counts processing time; requests stand in for it). */
  requestsPerWindow?: number;
  windowMs?: number;
  /** Fills the store before listening, e.g. with `seedWorkspace`. */
  seed?: (store: ZenhubStore) => void;
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
  close(): Promise<void>;
}

/**
 * A ZenHub public GraphQL API for tests: the reference schema over an in-memory store. Keys go in
 * `Authorization: Bearer`; a key it does not know gets 401 and GraphQL's error shape. Every
 * response carries rate-limit headers; past the window's budget (or when told to) it answers 429
 * with Retry-After. Documents are validated against the reference schema before they run, so an
 * operation the real API would refuse is refused here too.
 */
export async function createZenhubStandIn(options: StandInOptions = {}): Promise<ZenhubStandIn> {
  const store = new ZenhubStore();
  options.seed?.(store);
  const schema = referenceSchema();
  const requests: RecordedRequest[] = [];
  const budget = options.requestsPerWindow ?? 5000;
  const windowMs = options.windowMs ?? 60_000;
  const used = new Map<string, { count: number; resetAt: number }>();
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
    const now = Date.now();
    const window = used.get(key) ?? { count: 0, resetAt: now + windowMs };
    if (window.resetAt <= now) Object.assign(window, { count: 0, resetAt: now + windowMs });
    window.count++;
    used.set(key, window);
    reply.header("X-RateLimit-Limit", String(budget));
    reply.header("X-RateLimit-Used", String(Math.min(window.count, budget)));
    reply.header("X-RateLimit-Reset", String(Math.ceil(window.resetAt / 1000)));
    if (throttled.count > 0 || window.count > budget) {
      const seconds = throttled.count > 0 ? throttled.seconds : Math.ceil((window.resetAt - now) / 1000);
      if (throttled.count > 0) throttled.count--;
      return reply
        .code(429)
        .header("Retry-After", String(seconds))
        .send({ errors: [{ message: "Rate limit exceeded" }] });
    }
    if (failing > 0) {
      failing--;
      return reply.code(502).send("Bad Gateway");
    }
    const body = (request.body ?? {}) as { query?: unknown; variables?: unknown; operationName?: unknown };
    if (typeof body.query !== "string") return reply.code(400).send({ errors: [{ message: "No query given" }] });
    let document: ReturnType<typeof parse>;
    try {
      document = parse(body.query);
    } catch (error) {
      return reply.code(400).send({ errors: [{ message: (error as Error).message }] });
    }
    const invalid = validate(schema, document);
    if (invalid.length > 0) return reply.code(400).send({ errors: invalid.map((error) => error.toJSON()) });
    const operationName = typeof body.operationName === "string" ? body.operationName : null;
    requests.push({ query: body.query, operationName });
    const result = await execute({
      schema,
      document,
      rootValue: rootFor({ store, key }),
      variableValues: (body.variables ?? {}) as Record<string, unknown>,
      operationName,
    });
    return reply.send(result);
  });

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
    close: () => app.close(),
  };
}
