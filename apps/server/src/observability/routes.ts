import { timingSafeEqual } from "node:crypto";
import type { Database, SqlRunner } from "@gantry/db";
import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Gauge, Histogram, Registry } from "prom-client";
import { rateLimitReadings } from "../codehost/github-client.js";

export interface ObservabilityOptions {
  db: Database;
  /** The jobs' database (pg-boss keeps its queues there); left out when no jobs run. */
  executeSql?: SqlRunner;
  /** Bearer token that opens /metrics from anywhere; without it only loopback callers may read it. */
  metricsToken: string | undefined;
}

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/**
 * The socket's address, not `req.ip`: the app trusts X-Forwarded-For for rate limits and logs,
 * and a forwarded header must not make an outside caller look like loopback.
 */
const fromLoopback = (req: FastifyRequest) => LOOPBACK.has(req.socket.remoteAddress ?? "");

function bearerMatches(req: FastifyRequest, token: string): boolean {
  const given = Buffer.from(req.headers.authorization ?? "");
  const wanted = Buffer.from(`Bearer ${token}`);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** Jobs waiting to run per queue, read from pg-boss's own table; empty until pg-boss has made it. */
async function queueDepths(executeSql: SqlRunner): Promise<{ queue: string; depth: number }[]> {
  try {
    const { rows } = await executeSql(
      "select name as queue, count(*)::int as depth from pgboss.job where state in ('created', 'retry') group by name",
    );
    return rows as { queue: string; depth: number }[];
  } catch {
    return [];
  }
}

function createMetrics(options: ObservabilityOptions) {
  // One registry per app: tests start several apps in one process, each with its own figures.
  const registry = new Registry();
  const requestDuration = new Histogram({
    name: "gantry_http_request_duration_seconds",
    help: "Time from request to response, by route pattern (not by URL, to keep the label set small).",
    labelNames: ["method", "route", "status_code"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const { executeSql } = options;
  new Gauge({
    name: "gantry_job_queue_depth",
    help: "Background jobs waiting to run (created or waiting for a retry), per queue.",
    labelNames: ["queue"],
    registers: [registry],
    async collect() {
      this.reset();
      if (!executeSql) return;
      for (const { queue, depth } of await queueDepths(executeSql)) this.set({ queue }, depth);
    },
  });
  new Gauge({
    name: "gantry_github_rate_limit_remaining",
    help: "The lowest remaining GitHub REST rate limit among the accounts Gantry has called GitHub with.",
    registers: [registry],
    collect() {
      this.reset();
      const remaining = [...rateLimitReadings.values()].map((reading) => reading.remaining);
      if (remaining.length > 0) this.set(Math.min(...remaining));
    },
  });
  return { registry, requestDuration };
}

/**
 * Liveness (`/healthz`: the process answers), readiness (`/readyz`: the database answers, so a load
 * balancer sends traffic only to instances that can serve it) and Prometheus metrics (`/metrics`).
 */
export function registerObservabilityRoutes(app: FastifyInstance, options: ObservabilityOptions): void {
  const { registry, requestDuration } = createMetrics(options);

  app.addHook("onResponse", async (req, reply) => {
    requestDuration.observe(
      { method: req.method, route: req.routeOptions.url ?? "unmatched", status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  app.get("/healthz", async (_req, reply) => {
    reply.header("cache-control", "no-store");
    return { status: "ok" };
  });

  app.get("/readyz", async (_req, reply) => {
    reply.header("cache-control", "no-store");
    try {
      await options.db.execute(sql`select 1`);
      return { status: "ready", checks: { database: "ok" } };
    } catch (error) {
      app.log.warn({ err: error }, "readiness check: the database does not answer");
      return reply.code(503).send({ status: "not ready", checks: { database: "unreachable" } });
    }
  });

  app.get("/metrics", async (req, reply) => {
    const token = options.metricsToken;
    const allowed = token ? bearerMatches(req, token) : fromLoopback(req);
    if (!allowed) {
      return reply
        .code(token ? 401 : 403)
        .send({ error: token ? "A valid metrics token is required." : "Metrics are served to loopback only." });
    }
    reply.header("cache-control", "no-store").type(registry.contentType);
    return registry.metrics();
  });
}
