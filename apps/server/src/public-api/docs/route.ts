import type { FastifyInstance, FastifyReply } from "fastify";
import type { PublicApiLimits } from "../config.js";
import { servedPublicSchemas } from "../public-schema.js";
import { DOCS_CSS } from "./docs-css.js";
import { gettingStartedPage } from "./getting-started.js";
import { referencePage } from "./reference.js";

/** /docs/api (the reference, generated from the schema this server runs) and /docs/api/getting-started. */
export function registerApiDocs(
  app: FastifyInstance,
  options: { productName: string; publicUrl: string; limits: PublicApiLimits },
): void {
  // Built once: the schema does not change while the server runs.
  const reference = referencePage(servedPublicSchemas().gantry, options.productName);
  const gettingStarted = gettingStartedPage(options.productName, options.publicUrl, options.limits);
  const html = (body: string) => (_req: unknown, reply: FastifyReply) =>
    reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").send(body);
  app.get("/docs/api", html(reference));
  app.get("/docs/api/getting-started", html(gettingStarted));
  app.get("/docs/api/docs.css", (_req, reply) => reply.type("text/css; charset=utf-8").send(DOCS_CSS));
}
