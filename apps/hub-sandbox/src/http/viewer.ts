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
  app.addHook("onRequest", async (request) => {
    const token = tokenFrom(request.headers.authorization);
    if (token === null) return;
    const viewer = store.accountForToken(token);
    if (!viewer) throw badCredentials();
    request.viewer = viewer;
  });
}

export function requireViewer(request: FastifyRequest): Account {
  if (!request.viewer) throw requiresAuthentication();
  return request.viewer;
}
