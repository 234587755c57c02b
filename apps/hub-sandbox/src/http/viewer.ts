import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Account } from "../store/records.js";
import type { HubStore } from "../store/store.js";
import { badCredentials, requiresAuthentication } from "./errors.js";

declare module "fastify" {
  interface FastifyRequest {
    /** The account whose token came with the request; null when none did. */
    viewer: Account | null;
  }
}

/** Accepts `Authorization: token …` and `Authorization: Bearer …`, as GitHub does. */
function tokenFrom(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^(?:token|bearer)\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? "";
}

export function registerViewer(app: FastifyInstance, store: HubStore): void {
  app.decorateRequest("viewer", null);
  app.addHook("onRequest", async (request, reply) => {
    const token = tokenFrom(request.headers.authorization);
    if (token === null) return;
    const grant = store.grantFor(token);
    if (!grant) throw badCredentials();
    request.viewer = grant.account;
    reply.header("x-oauth-scopes", grant.scopes.join(", "));
  });
}

export function requireViewer(request: FastifyRequest): Account {
  if (!request.viewer) throw requiresAuthentication();
  return request.viewer;
}
