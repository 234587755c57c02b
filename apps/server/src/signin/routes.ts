import type { Database } from "@gantry/db";
import { PROVIDER_NAMES } from "@gantry/domain";
import type { FastifyInstance, FastifyReply } from "fastify";
import { AccountError } from "../accounts/errors.js";
import { cookieValue, formField, safeReturnPath } from "../codehost/oauth-routes.js";
import type { SecretBox } from "../crypto/secret-box.js";
import type { OidcProvider, SigninConfig, SigninProvider } from "./config.js";
import { signInWithIdentity } from "./identities.js";
import { authenticateWithLdap } from "./ldap.js";
import { type OidcPending, OidcSignin } from "./oidc.js";
import { SamlSignin } from "./saml.js";

const AUTH_PATH = "/gantry_users/auth";
const PENDING_TTL_MS = 10 * 60 * 1000;
export const SIGNIN_EXPIRED = "sign-in expired or was tampered with, please try again.";
export const SIGNIN_FAILED = "sign-in failed, please try again.";

export interface SigninDeps {
  db: Database;
  secretBox: SecretBox;
  publicUrl: string;
  now: () => Date;
  signin: SigninConfig;
  /** Whether GitHub sign-in is set up, so the login page only offers it when it can work. */
  githubConfigured: boolean;
  /** Per-IP limit on password-guessing forms (LDAP). */
  perMinute: number;
}

interface PendingCookie<T> {
  returnTo: string;
  expiresAt: number;
  flow: T;
}

export interface ProviderListing {
  key: SigninProvider;
  name: string;
  /** "form" asks for a user name and password on the login page; "redirect" leaves for the provider. */
  kind: "form" | "redirect";
}

/** The providers the login page offers, in the configured order. */
export function enabledProviders(deps: Pick<SigninDeps, "signin" | "githubConfigured">): ProviderListing[] {
  return deps.signin.enabled
    .filter((key) => key !== "github" || deps.githubConfigured)
    .map((key) => ({ key, name: PROVIDER_NAMES[key] ?? key, kind: key === "ldap" ? "form" : "redirect" }));
}

/**
 * SPEC §7 "Provider sign-in" for the providers besides GitHub (codehost/oauth-routes.ts): each a
 * full-page POST to /gantry_users/auth/{provider} that ends, like GitHub's, at /auth/complete with
 * the new session in the URL fragment, or back at /login with the §8 server text.
 */
export async function registerSigninRoutes(app: FastifyInstance, deps: SigninDeps): Promise<void> {
  const secure = deps.publicUrl.startsWith("https:");
  if (!app.hasContentTypeParser("application/x-www-form-urlencoded")) {
    app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
  }

  const failTo = (reply: FastifyReply, serverText: string) =>
    reply.redirect(`/login?authError=${encodeURIComponent(serverText)}`, 303);
  const complete = (reply: FastifyReply, token: string, returnTo: string) =>
    reply.redirect(`/auth/complete#${new URLSearchParams({ token, return_to: returnTo })}`, 303);
  const signIn = async (
    reply: FastifyReply,
    provider: Exclude<SigninProvider, "github">,
    identity: () => Promise<Parameters<typeof signInWithIdentity>[2]>,
    returnTo: string,
  ) => {
    try {
      const session = await signInWithIdentity(deps, provider, await identity());
      return complete(reply, session.token, returnTo);
    } catch (error) {
      if (error instanceof AccountError) return failTo(reply, error.serverText);
      reply.log.warn({ err: error, provider }, "provider sign-in failed");
      return failTo(reply, SIGNIN_FAILED);
    }
  };

  const cookieName = (provider: SigninProvider) => `gantry_${provider}_signin`;
  const setPending = <T>(reply: FastifyReply, provider: SigninProvider, pending: PendingCookie<T>) =>
    reply.header(
      "set-cookie",
      `${cookieName(provider)}=${encodeURIComponent(deps.secretBox.seal(JSON.stringify(pending)))}; Path=${AUTH_PATH}/${provider}; HttpOnly; SameSite=Lax; Max-Age=${PENDING_TTL_MS / 1000}${secure ? "; Secure" : ""}`,
    );
  const takePending = <T>(
    reply: FastifyReply,
    provider: SigninProvider,
    header: string | undefined,
  ): PendingCookie<T> | null => {
    reply.header(
      "set-cookie",
      `${cookieName(provider)}=; Path=${AUTH_PATH}/${provider}; HttpOnly; SameSite=Lax; Max-Age=0`,
    );
    try {
      const sealed = cookieValue(header, cookieName(provider));
      const pending = sealed ? (JSON.parse(deps.secretBox.open(sealed)) as PendingCookie<T>) : null;
      return pending && pending.expiresAt >= deps.now().getTime() ? pending : null;
    } catch {
      return null;
    }
  };

  app.get("/api/auth/providers", async () => ({ providers: enabledProviders(deps) }));

  const { ldap } = deps.signin;
  if (ldap) {
    app.post(
      `${AUTH_PATH}/ldap`,
      { config: { rateLimit: { max: deps.perMinute, timeWindow: 60_000 } } },
      async (req, reply) => {
        const username = formField(req.body, "username");
        const password = formField(req.body, "password");
        const returnTo = safeReturnPath(formField(req.body, "return_to"));
        return signIn(
          reply,
          "ldap",
          () =>
            authenticateWithLdap(
              ldap,
              typeof username === "string" ? username : "",
              typeof password === "string" ? password : "",
            ),
          returnTo,
        );
      },
    );
  }

  const { saml } = deps.signin;
  if (saml) {
    const flow = new SamlSignin(
      saml,
      new URL(`${AUTH_PATH}/saml/callback`, deps.publicUrl).toString(),
      deps.db,
      deps.now,
    );
    app.get(`${AUTH_PATH}/saml/metadata`, async (_req, reply) =>
      reply.type("application/samlmetadata+xml; charset=utf-8").send(flow.metadata()),
    );
    app.post(`${AUTH_PATH}/saml`, async (req, reply) => {
      // The path to land on rides along as RelayState; it is checked again when it comes back.
      const url = await flow.start(safeReturnPath(formField(req.body, "return_to")));
      return reply.redirect(url, 303);
    });
    // The Identity Provider's page posts the answer here (HTTP-POST binding), so no cookie of ours comes
    // with it; the request id it answers, kept in the database, ties it to a sign-in this server began.
    app.post(`${AUTH_PATH}/saml/callback`, async (req, reply) => {
      const response = formField(req.body, "SAMLResponse");
      return signIn(
        reply,
        "saml",
        () => flow.finish(typeof response === "string" ? response : ""),
        safeReturnPath(formField(req.body, "RelayState")),
      );
    });
  }

  for (const [provider, config] of Object.entries(deps.signin.oidc) as [
    OidcProvider,
    SigninConfig["oidc"][OidcProvider],
  ][]) {
    if (!config) continue;
    const callbackUrl = new URL(`${AUTH_PATH}/${provider}/callback`, deps.publicUrl);
    const flow = new OidcSignin(config, callbackUrl.toString());

    app.post(`${AUTH_PATH}/${provider}`, async (req, reply) => {
      let started: Awaited<ReturnType<OidcSignin["start"]>>;
      try {
        started = await flow.start();
      } catch (error) {
        reply.log.warn({ err: error, provider }, "the sign-in provider could not be reached");
        return failTo(reply, SIGNIN_FAILED);
      }
      setPending<OidcPending>(reply, provider, {
        returnTo: safeReturnPath(formField(req.body, "return_to")),
        expiresAt: deps.now().getTime() + PENDING_TTL_MS,
        flow: started.pending,
      });
      return reply.redirect(started.url.toString(), 303);
    });

    app.get(`${AUTH_PATH}/${provider}/callback`, async (req, reply) => {
      const pending = takePending<OidcPending>(reply, provider, req.headers.cookie);
      if (!pending) return failTo(reply, SIGNIN_EXPIRED);
      // The provider's answer is read from the URL it called, on the public address the provider was given.
      const currentUrl = new URL(req.url, callbackUrl);
      return signIn(reply, provider, () => flow.finish(currentUrl, pending.flow), pending.returnTo);
    });
  }
}
