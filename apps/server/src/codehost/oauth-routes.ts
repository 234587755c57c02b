import { randomBytes } from "node:crypto";
import type { Database } from "@gantry/db";
import type { FastifyInstance, FastifyReply } from "fastify";
import { AccountError } from "../accounts/errors.js";
import { userForToken } from "../accounts/sessions.js";
import type { SecretBox } from "../crypto/secret-box.js";
import type { GitHubConfig } from "./config.js";
import { signInWithGitHub } from "./github-accounts.js";
import { createGitHubClient } from "./github-client.js";

const STATE_COOKIE = "gantry_github_oauth";
const STATE_TTL_MS = 10 * 60 * 1000;
const SCOPES = "repo read:org user:email";
const AUTH_PATH = "/gantry_users/auth/github";

interface OAuthState {
  nonce: string;
  linkUserId: string | null;
  returnTo: string;
  /** The callback GitHub was sent to: the exchange must name the same one. */
  callbackUrl: string;
  expiresAt: number;
}

const LOOPBACK_HOSTNAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** What the login page says when the flow starts at an address GitHub cannot send the person back to. */
export function wrongHostText(publicUrl: string): string {
  return `github sign-in must start at ${new URL(publicUrl).origin}: open Gantry there, or set PUBLIC_URL to the address you use.`;
}

/**
 * Where GitHub sends the person back: the address they opened Gantry at, when it is the configured
 * one (PUBLIC_URL) or a loopback one (a developer's localhost and 127.0.0.1 are the same server),
 * since the state cookie lives on that host only. Null for any other host.
 */
export function callbackUrlFor(host: string | undefined, publicUrl: string): string | null {
  const configured = new URL(publicUrl);
  if (!host || host === configured.host) return new URL(`${AUTH_PATH}/callback`, configured).toString();
  let opened: URL;
  try {
    opened = new URL(`http://${host}`);
  } catch {
    return null;
  }
  if (opened.host !== host || !LOOPBACK_HOSTNAMES.has(opened.hostname)) return null;
  return new URL(`${AUTH_PATH}/callback`, `${configured.protocol}//${opened.host}`).toString();
}

/** A path inside the app with one more query parameter. */
function withParameter(path: string, name: string, value: string): string {
  const url = new URL(path, "http://gantry.invalid");
  url.searchParams.set(name, value);
  return url.pathname + url.search;
}

export interface OAuthDeps {
  db: Database;
  secretBox: SecretBox;
  github: GitHubConfig;
  publicUrl: string;
  now: () => Date;
}

export function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return null;
}

/** Only paths inside the app, so the flow cannot bounce a person to another site. */
export function safeReturnPath(value: unknown): string {
  return typeof value === "string" && /^\/(?!\/)[\w\-./?=&%]*$/.test(value) ? value : "/landing";
}

export function formField(body: unknown, name: string): unknown {
  return body && typeof body === "object" ? (body as Record<string, unknown>)[name] : undefined;
}

/**
 * "Continue with GitHub": a full-page POST to /gantry_users/auth/github starts GitHub's OAuth
 * web flow; the callback signs in (or connects GitHub to the signed-in account, when the form
 * carried its session as `link_token`) and hands the new session to the page in the URL
 * fragment, which never reaches a server or a log.
 */
export async function registerGitHubOAuthRoutes(app: FastifyInstance, deps: OAuthDeps): Promise<void> {
  const secure = deps.publicUrl.startsWith("https:");

  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  const failTo = (reply: FastifyReply, serverText: string) =>
    reply.redirect(`/login?authError=${encodeURIComponent(serverText)}`, 303);

  app.post(AUTH_PATH, async (req, reply) => {
    const callbackUrl = callbackUrlFor(req.headers.host, deps.publicUrl);
    if (!callbackUrl) return failTo(reply, wrongHostText(deps.publicUrl));
    const linkToken = formField(req.body, "link_token");
    const linkUser = typeof linkToken === "string" && linkToken ? await userForToken(deps, linkToken) : null;
    const state: OAuthState = {
      nonce: randomBytes(24).toString("base64url"),
      linkUserId: linkUser?.id ?? null,
      returnTo: safeReturnPath(formField(req.body, "return_to")),
      callbackUrl,
      expiresAt: deps.now().getTime() + STATE_TTL_MS,
    };
    reply.header(
      "set-cookie",
      `${STATE_COOKIE}=${encodeURIComponent(deps.secretBox.seal(JSON.stringify(state)))}; Path=${AUTH_PATH}; HttpOnly; SameSite=Lax; Max-Age=${STATE_TTL_MS / 1000}${secure ? "; Secure" : ""}`,
    );
    const authorize = new URL(`${deps.github.webUrl}/login/oauth/authorize`);
    authorize.searchParams.set("client_id", deps.github.clientId);
    authorize.searchParams.set("redirect_uri", callbackUrl);
    authorize.searchParams.set("scope", SCOPES);
    authorize.searchParams.set("state", state.nonce);
    return reply.redirect(authorize.toString(), 303);
  });

  app.get<{ Querystring: { code?: string; state?: string; error?: string } }>(
    `${AUTH_PATH}/callback`,
    async (req, reply) => {
      reply.header("set-cookie", `${STATE_COOKIE}=; Path=${AUTH_PATH}; HttpOnly; SameSite=Lax; Max-Age=0`);
      let state: OAuthState | null = null;
      try {
        const sealed = cookieValue(req.headers.cookie, STATE_COOKIE);
        state = sealed ? (JSON.parse(deps.secretBox.open(sealed)) as OAuthState) : null;
      } catch {
        state = null;
      }
      if (!state || state.nonce !== req.query.state || state.expiresAt < deps.now().getTime() || !req.query.code) {
        return failTo(reply, "github sign-in expired or was tampered with, please try again.");
      }

      const exchange = await fetch(`${deps.github.webUrl}/login/oauth/access_token`, {
        method: "POST",
        headers: { accept: "application/json", "content-type": "application/json" },
        body: JSON.stringify({
          client_id: deps.github.clientId,
          client_secret: deps.github.clientSecret,
          code: req.query.code,
          redirect_uri: state.callbackUrl,
        }),
      });
      const granted = (await exchange.json().catch(() => ({}))) as { access_token?: string; scope?: string };
      if (!granted.access_token) return failTo(reply, "github sign-in failed, please try again.");

      const client = createGitHubClient({
        apiUrl: deps.github.apiUrl,
        token: granted.access_token,
        account: "sign-in",
      });
      const { data: ghUser } = await client.rest.users.getAuthenticated();
      try {
        const session = await signInWithGitHub(
          deps,
          {
            ghId: ghUser.id,
            login: ghUser.login,
            name: ghUser.name ?? null,
            email: ghUser.email ?? null,
            avatarUrl: ghUser.avatar_url ?? null,
            token: granted.access_token,
            scopes: granted.scope ?? "",
          },
          state.linkUserId,
        );
        const fragment = new URLSearchParams({ token: session.token, return_to: state.returnTo });
        return reply.redirect(`/auth/complete#${fragment}`, 303);
      } catch (error) {
        if (!(error instanceof AccountError)) throw error;
        // Connecting GitHub to the signed-in account: the person stays signed in, on the page they came from.
        if (state.linkUserId)
          return reply.redirect(withParameter(state.returnTo, "githubError", error.serverText), 303);
        return failTo(reply, error.serverText);
      }
    },
  );
}
