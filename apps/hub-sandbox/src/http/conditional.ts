import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";

/**
 * Weak ETags on successful GETs and `304 Not Modified` when `If-None-Match` matches. The tag
 * covers the viewer too, because what an account sees differs from what another sees.
 */
export function registerConditionalRequests(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply, payload) => {
    if (request.method !== "GET" || reply.statusCode !== 200 || typeof payload !== "string") return payload;
    const digest = createHash("sha256")
      .update(`${request.viewer?.id ?? "anonymous"}\n`)
      .update(payload)
      .digest("hex");
    const etag = `W/"${digest}"`;
    reply.header("etag", etag);
    reply.header("vary", "Accept, Authorization, Cookie");
    const candidates = (request.headers["if-none-match"] ?? "").split(",").map((tag) => tag.trim());
    const strong = etag.slice(2);
    if (candidates.includes(etag) || candidates.includes(strong) || candidates.includes("*")) {
      reply.code(304);
      return "";
    }
    return payload;
  });
}
