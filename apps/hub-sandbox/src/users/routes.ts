import type { FastifyInstance } from "fastify";
import type { SandboxContext } from "../context.js";
import { notFound } from "../http/errors.js";
import { paginate } from "../http/pagination.js";
import { requireViewer } from "../http/viewer.js";
import { organizationSimple, privateUser, publicUser } from "./wire.js";

export function registerUserRoutes(app: FastifyInstance, context: SandboxContext): void {
  const { store } = context;

  app.get("/user", async (request) => {
    return privateUser(request.site, store, requireViewer(request));
  });

  app.get("/user/orgs", async (request, reply) => {
    const organizations = store.organizationsOf(requireViewer(request));
    const site = request.site;
    return paginate(request, reply, organizations).map((organization) => organizationSimple(site, organization));
  });

  app.get<{ Params: { username: string } }>("/users/:username", async (request) => {
    const account = store.accountByLogin(request.params.username);
    if (!account) throw notFound();
    return publicUser(request.site, store, account);
  });

  // GitHub's "Get a user using their ID" (users/get-by-id): a user or an organisation by its numeric id.
  app.get<{ Params: { accountId: string } }>("/user/:accountId", async (request) => {
    const id = /^[1-9][0-9]{0,15}$/.test(request.params.accountId) ? Number(request.params.accountId) : null;
    const account = id === null ? undefined : store.findAccount(id);
    if (!account) throw notFound();
    return publicUser(request.site, store, account);
  });
}

/** A plain initial on a coloured square, so avatar_url points at something a page can show. */
export function registerAvatarRoute(app: FastifyInstance, context: SandboxContext): void {
  app.get<{ Params: { login: string } }>("/avatars/:login", async (request, reply) => {
    const account = context.store.accountByLogin(request.params.login);
    if (!account) throw notFound();
    const hue = (account.id * 47) % 360;
    const initial = account.login
      .charAt(0)
      .toUpperCase()
      .replace(/[^A-Z0-9]/, "?");
    return reply
      .type("image/svg+xml")
      .header("cache-control", "public, max-age=3600")
      .send(
        `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" fill="hsl(${hue} 55% 45%)"/><text x="32" y="42" font-family="sans-serif" font-size="30" text-anchor="middle" fill="#fff">${initial}</text></svg>`,
      );
  });
}
