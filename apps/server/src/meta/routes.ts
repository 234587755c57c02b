import { CLIENT_VERSION } from "@gantry/domain";
import type { FastifyInstance } from "fastify";

/**
 * Connectivity checks: the extension polls GET /ping, the web app polls
 * GET /version.json?t={timestamp} (the query only defeats caches) and compares build ids.
 */
export function registerMetaRoutes(app: FastifyInstance, options: { buildId: string }): void {
  app.get("/ping", async (_req, reply) => {
    reply.header("cache-control", "no-store");
    return { status: "ok" };
  });

  app.get("/version.json", async (_req, reply) => {
    reply.header("cache-control", "no-store");
    return { version: CLIENT_VERSION, buildId: options.buildId };
  });
}
