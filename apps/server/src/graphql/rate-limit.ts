import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Redis } from "ioredis";
import { z } from "zod";
import { parseEnvironment } from "../config/config.js";
import { MemoryFixedWindow, RedisFixedWindow, type WindowLimiter } from "../limits/window-limiter.js";

/** Request budgets of POST/GET /graphql (the web app's endpoint); the public API has its own (decision 0034). */
export interface GraphQLRateLimits {
  /** Requests a signed-in person may make per minute, whatever the session or instance; 0 turns it off. */
  perUserPerMinute: number;
  /** Requests without a valid session one client address may make per minute; 0 turns it off. */
  perIpPerMinute: number;
}

const WINDOW_MS = 60_000;

const wholeOrZero = z.coerce
  .number({ error: "must be a whole number (0 turns the limit off)" })
  .int("must be a whole number (0 turns the limit off)")
  .min(0, "must be a whole number (0 turns the limit off)");

const environment = z.object({
  // Far above what the web app sends (a board load is about ten requests; polling, one every 30 s).
  GRAPHQL_RATE_LIMIT_PER_USER_PER_MINUTE: wholeOrZero.default(1200),
  // Requests without a session are few (pages before sign-in); behind one NAT many people share an address.
  GRAPHQL_RATE_LIMIT_PER_IP_PER_MINUTE: wholeOrZero.default(600),
});

export function loadGraphQLRateLimits(env: NodeJS.ProcessEnv): GraphQLRateLimits {
  const e = parseEnvironment(environment, env);
  return {
    perUserPerMinute: e.GRAPHQL_RATE_LIMIT_PER_USER_PER_MINUTE,
    perIpPerMinute: e.GRAPHQL_RATE_LIMIT_PER_IP_PER_MINUTE,
  };
}

export interface RateLimitRefusal {
  retryAfterSeconds: number;
  scope: "user" | "ip";
}

/**
 * Counts each request once, before it runs: a signed-in request against its person (so many
 * sessions or tabs share one budget), any other against the client's address (so a stolen or
 * guessed token cannot be tried without bound). A subscription is one request however long its
 * stream stays open. With Redis every instance counts together.
 */
export class GraphQLRequestLimits {
  readonly #perUser: WindowLimiter | null;
  readonly #perIp: WindowLimiter | null;

  constructor(
    limits: GraphQLRateLimits,
    options: { redis: Redis | null; now: () => number; log: { warn(object: object, message: string): void } },
  ) {
    const make = (limit: number, prefix: string): WindowLimiter | null => {
      if (limit === 0) return null;
      const window = { limit, windowMs: WINDOW_MS, now: options.now };
      return options.redis
        ? new RedisFixedWindow(options.redis, prefix, window, options.log)
        : new MemoryFixedWindow(window);
    };
    this.#perUser = make(limits.perUserPerMinute, "gantry:graphql-rate-limit:user:");
    this.#perIp = make(limits.perIpPerMinute, "gantry:graphql-rate-limit:ip:");
  }

  /** Records the request; resolves to why it must wait, or null when it may run. */
  async admit(userId: string | null, ip: string): Promise<RateLimitRefusal | null> {
    const limiter = userId ? this.#perUser : this.#perIp;
    const wait = limiter ? await limiter.attempt(userId ?? ip) : null;
    return wait === null ? null : { retryAfterSeconds: wait, scope: userId ? "user" : "ip" };
  }
}

/** HTTP 429 with Retry-After and a GraphQL-shaped body, as the public API answers (extensions.code RATE_LIMITED). */
export function sendRateLimited(reply: FastifyReply, refusal: RateLimitRefusal) {
  const who = refusal.scope === "user" ? "your account" : "your network address";
  return reply
    .status(429)
    .header("retry-after", refusal.retryAfterSeconds)
    .send({
      errors: [
        {
          message: `Too many requests from ${who}. Retry in ${refusal.retryAfterSeconds} s.`,
          extensions: { code: "RATE_LIMITED", retryAfter: refusal.retryAfterSeconds },
        },
      ],
    });
}

/**
 * Counts every request to `path` (the web app's /graphql) as it arrives, before its body is read: the
 * viewer is looked up from the request's token, the budget taken, and a request over it answered 429.
 * Returns the viewer lookup to hand to the GraphQL context, which reuses the one already made.
 * Registered before the route, so the hook applies to it.
 */
export function limitGraphQLRequests<Viewer extends { id: string }>(
  app: FastifyInstance,
  path: string,
  limits: GraphQLRequestLimits,
  viewerFor: (req: FastifyRequest) => Promise<Viewer | null>,
): (req: FastifyRequest) => Promise<Viewer | null> {
  const viewers = new WeakMap<FastifyRequest, Viewer | null>();
  app.addHook("onRequest", async (req, reply) => {
    // A CORS preflight runs nothing, so it costs nothing.
    if (req.routeOptions.url !== path || req.method === "OPTIONS") return;
    const viewer = await viewerFor(req);
    viewers.set(req, viewer);
    const refusal = await limits.admit(viewer?.id ?? null, req.ip);
    if (refusal) return sendRateLimited(reply, refusal);
  });
  return async (req) => (viewers.has(req) ? (viewers.get(req) ?? null) : viewerFor(req));
}
