import { randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { SandboxContext } from "../context.js";
import type { Account, OAuthApp } from "../store/records.js";
import { type AuthorizeRequest, authorizePage, oauthErrorPage } from "./pages.js";

const codeLifetimeMs = 10 * 60 * 1000;
const loginPattern = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/;

interface PendingCode {
  userId: number;
  clientId: string;
  redirectUri: string;
  scope: string;
  expiresAt: number;
}

type Fields = Record<string, string | undefined>;

function fieldsOf(request: FastifyRequest): Fields {
  const merged = { ...(request.query as object), ...(typeof request.body === "object" ? request.body : {}) };
  return Object.fromEntries(
    Object.entries(merged).map(([name, value]) => [name, typeof value === "string" ? value : undefined]),
  );
}

class AuthorizeError extends Error {}

/** Checks the application and where it wants the user sent back, as GitHub does before showing consent. */
function authorizeRequest(apps: readonly OAuthApp[], fields: Fields): { app: OAuthApp; request: AuthorizeRequest } {
  const app = apps.find((candidate) => candidate.clientId === fields.client_id);
  if (!app) throw new AuthorizeError("No OAuth application is registered with this client_id.");
  const redirectUri = fields.redirect_uri || app.callbackUrl;
  if (!redirectUri) throw new AuthorizeError("A redirect_uri is required: this application has no callback URL.");
  if (app.callbackUrl && !redirectUri.startsWith(app.callbackUrl)) {
    throw new AuthorizeError("The redirect_uri is not associated with this application.");
  }
  return {
    app,
    request: { clientId: app.clientId, redirectUri, state: fields.state ?? "", scope: fields.scope ?? "" },
  };
}

/** GitHub answers the token exchange as a form unless the client asks for JSON. */
function sendTokenResponse(request: FastifyRequest, reply: FastifyReply, body: Record<string, string>) {
  if (request.headers.accept?.includes("application/json")) return reply.send(body);
  return reply.type("application/x-www-form-urlencoded; charset=utf-8").send(new URLSearchParams(body).toString());
}

export function registerOAuthRoutes(app: FastifyInstance, context: SandboxContext): void {
  const { store } = context;
  const codes = new Map<string, PendingCode>();
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.code(status).type("text/html; charset=utf-8").send(body);

  app.get("/login/oauth/authorize", async (request, reply) => {
    try {
      const { request: authorize } = authorizeRequest(context.oauthApps, fieldsOf(request));
      return html(reply, 200, authorizePage(authorize, store.users()));
    } catch (error) {
      if (error instanceof AuthorizeError) return html(reply, 400, oauthErrorPage(error.message));
      throw error;
    }
  });

  app.post("/login/oauth/authorize", async (request, reply) => {
    const fields = fieldsOf(request);
    let authorize: AuthorizeRequest;
    try {
      authorize = authorizeRequest(context.oauthApps, fields).request;
    } catch (error) {
      if (error instanceof AuthorizeError) return html(reply, 400, oauthErrorPage(error.message));
      throw error;
    }
    let user: Account | undefined;
    if (fields.new_login !== undefined) {
      const login = fields.new_login.trim();
      if (!loginPattern.test(login)) {
        const message =
          "Username may only contain letters, digits and single hyphens, and cannot start or end with a hyphen.";
        return html(reply, 422, authorizePage(authorize, store.users(), message));
      }
      if (store.accountByLogin(login)) {
        return html(reply, 422, authorizePage(authorize, store.users(), `Username ${login} is not available.`));
      }
      user = store.createAccount({ login, type: "User", name: fields.new_name?.trim() || undefined });
    } else {
      user = fields.login === undefined ? undefined : store.accountByLogin(fields.login);
      if (user?.type !== "User") return html(reply, 422, authorizePage(authorize, store.users(), "Choose a user."));
    }
    const code = randomBytes(10).toString("hex");
    codes.set(code, {
      userId: user.id,
      clientId: authorize.clientId,
      redirectUri: authorize.redirectUri,
      scope: authorize.scope,
      expiresAt: Date.now() + codeLifetimeMs,
    });
    const target = new URL(authorize.redirectUri);
    target.searchParams.set("code", code);
    if (authorize.state) target.searchParams.set("state", authorize.state);
    return reply.redirect(target.href, 302);
  });

  app.post("/login/oauth/access_token", async (request, reply) => {
    const fields = fieldsOf(request);
    const client = context.oauthApps.find((candidate) => candidate.clientId === fields.client_id);
    if (!client || client.clientSecret !== fields.client_secret) {
      return sendTokenResponse(request, reply, {
        error: "incorrect_client_credentials",
        error_description: "The client_id and/or client_secret passed are incorrect.",
        error_uri:
          "https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors/#incorrect-client-credentials",
      });
    }
    const code = fields.code ?? "";
    const pending = codes.get(code);
    if (!pending || pending.clientId !== client.clientId || pending.expiresAt < Date.now()) {
      return sendTokenResponse(request, reply, {
        error: "bad_verification_code",
        error_description: "The code passed is incorrect or expired.",
        error_uri:
          "https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors/#bad-verification-code",
      });
    }
    if (fields.redirect_uri && fields.redirect_uri !== pending.redirectUri) {
      return sendTokenResponse(request, reply, {
        error: "redirect_uri_mismatch",
        error_description: "The redirect_uri MUST match the registered callback URL for this application.",
        error_uri:
          "https://docs.github.com/apps/managing-oauth-apps/troubleshooting-authorization-request-errors/#redirect-uri-mismatch",
      });
    }
    codes.delete(code);
    const scopes = pending.scope.split(/[\s,]+/).filter(Boolean);
    const token = store.issueToken(store.account(pending.userId), scopes);
    return sendTokenResponse(request, reply, { access_token: token, token_type: "bearer", scope: scopes.join(",") });
  });
}
