import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { alreadySignedUpText } from "@gantry/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieValue } from "../codehost/oauth-routes.js";
import { createTestApp, type TestApp } from "../testing/app.js";
import { gql } from "../testing/factories.js";
import type { OidcProvider } from "./config.js";
import { UNVERIFIED_EMAIL } from "./identities.js";
import type { OidcPending } from "./oidc.js";
import { SIGNIN_EXPIRED, SIGNIN_FAILED } from "./routes.js";
import { browseProvider, OIDC_CLIENT, startOidcProvider } from "./testing/oidc-idp.js";
import { FORM, outcomeOf } from "./testing/outcome.js";

const PUBLIC_URL = "http://gantry.test";
const callbackOf = (provider: OidcProvider) => `${PUBLIC_URL}/gantry_users/auth/${provider}/callback`;

describe.each(testEngines())("Google and Microsoft Entra sign-in (OpenID Connect) on %s", (engine) => {
  let t: TestApp;
  let google: Awaited<ReturnType<typeof startOidcProvider>>;
  let entra: Awaited<ReturnType<typeof startOidcProvider>>;

  beforeAll(async () => {
    google = await startOidcProvider(
      [callbackOf("google_oauth2")],
      [
        { sub: "g-ada", claims: { email: "ada@gmail.test", email_verified: true, name: "Ada Lovelace" } },
        { sub: "g-ada-new", claims: { email: "ada@gmail.test", email_verified: true, name: "Ada L." } },
        { sub: "g-unverified", claims: { email: "unverified@gmail.test", email_verified: false } },
        { sub: "g-owner", claims: { email: "owner@corp.test", email_verified: true } },
        { sub: "g-tamper", claims: { email: "tamper@gmail.test", email_verified: true } },
      ],
    );
    entra = await startOidcProvider(
      [callbackOf("azure_activedirectory_v2")],
      [
        // Entra marks a domain-verified address with xms_edov, not email_verified.
        { sub: "e-grace", claims: { email: "grace@corp.test", xms_edov: true, name: "Grace Hopper" } },
        { sub: "e-unverified", claims: { email: "guest@corp.test" } },
        { sub: "e-ada", claims: { email: "ada@gmail.test", xms_edov: true } },
      ],
    );
    t = await createTestApp(
      {
        PUBLIC_URL,
        REQUIRE_EMAIL_VERIFICATION: "false",
        AUTH_RATE_LIMIT_PER_MINUTE: "10000",
        GANTRY_EDITION: "enterprise",
        SIGNIN_PROVIDERS: "google_oauth2,azure_activedirectory_v2",
        GOOGLE_ISSUER: google.issuer,
        GOOGLE_CLIENT_ID: OIDC_CLIENT.clientId,
        GOOGLE_CLIENT_SECRET: OIDC_CLIENT.clientSecret,
        AZURE_ISSUER: entra.issuer,
        AZURE_CLIENT_ID: OIDC_CLIENT.clientId,
        AZURE_CLIENT_SECRET: OIDC_CLIENT.clientSecret,
      },
      { engine },
    );
  });
  afterAll(async () => {
    await t?.close();
    await google?.close();
    await entra?.close();
  });

  /** Posts the login page's form, signs in at the provider as `login`, and brings its answer back. */
  async function start(provider: OidcProvider, login: string) {
    const started = await t.app.inject({
      method: "POST",
      url: `/gantry_users/auth/${provider}`,
      headers: FORM,
      payload: new URLSearchParams({ return_to: "/workspaces" }).toString(),
    });
    const authorize = new URL(String(started.headers.location));
    const cookie = String(started.headers["set-cookie"]).split(";")[0] ?? "";
    const callback = await browseProvider(authorize.toString(), login);
    return { authorize, cookie, callback };
  }
  const finish = async (callback: URL, cookie: string) =>
    outcomeOf(await t.app.inject({ method: "GET", url: callback.pathname + callback.search, headers: { cookie } }));
  const signIn = async (provider: OidcProvider, login: string) => {
    const { callback, cookie } = await start(provider, login);
    return finish(callback, cookie);
  };
  const userWith = async (email: string) =>
    (await t.database.db.select().from(schema.users).where(eq(schema.users.email, email)))[0];

  it("sends the browser to Google with PKCE (S256), a state and a nonce, and signs in from the verified address", async () => {
    const { authorize, cookie, callback } = await start("google_oauth2", "g-ada");
    expect(authorize.origin).toBe(google.issuer);
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      client_id: OIDC_CLIENT.clientId,
      redirect_uri: callbackOf("google_oauth2"),
      response_type: "code",
      code_challenge_method: "S256",
      scope: "openid email profile",
    });
    for (const name of ["code_challenge", "state", "nonce"]) {
      expect(authorize.searchParams.get(name)).toMatch(/^[\w-]{32,}$/);
    }
    expect(callback.searchParams.get("state")).toBe(authorize.searchParams.get("state"));

    const { token, returnTo } = await finish(callback, cookie);
    expect(returnTo).toBe("/workspaces");
    const viewer = await gql(t, token, "{ viewer { id email name } }");
    expect(viewer.data?.viewer).toMatchObject({ email: "ada@gmail.test", name: "Ada Lovelace" });
    expect((await userWith("ada@gmail.test"))?.identityProvider).toBe("google_oauth2");

    // The same Google person again, and a new Google subject with the same verified address (an
    // account first made with Google is linked, SPEC §8), both reach that account.
    for (const login of ["g-ada", "g-ada-new"]) {
      const again = await signIn("google_oauth2", login);
      expect((await gql(t, again.token, "{ viewer { id email name } }")).data).toEqual(viewer.data);
    }
  });

  it("signs in with Microsoft Entra from an address Entra marks verified (xms_edov)", async () => {
    const { token } = await signIn("azure_activedirectory_v2", "e-grace");
    expect((await gql(t, token, "{ viewer { email name } }")).data?.viewer).toEqual({
      email: "grace@corp.test",
      name: "Grace Hopper",
    });
    expect((await userWith("grace@corp.test"))?.identityProvider).toBe("azure_activedirectory_v2");
  });

  it.each([
    ["google_oauth2", "g-unverified", "unverified@gmail.test"],
    ["azure_activedirectory_v2", "e-unverified", "guest@corp.test"],
  ] as const)("refuses %s's unverified address and creates no account", async (provider, login, email) => {
    expect(await signIn(provider, login)).toMatchObject({ token: null, authError: UNVERIFIED_EMAIL });
    expect(await userWith(email)).toBeUndefined();
  });

  it("refuses an address whose account was made another way (SPEC §8 'already signed up with provider')", async () => {
    // ada@gmail.test was made with Google by the first test; Entra may not take it over.
    await signIn("google_oauth2", "g-ada");
    expect(await signIn("azure_activedirectory_v2", "e-ada")).toMatchObject({
      token: null,
      authError: alreadySignedUpText("google_oauth2"),
    });

    const signup = await t.app.inject({
      method: "POST",
      url: "/api/auth/signup",
      payload: { email: "owner@corp.test", password: "Correct-horse-9" },
    });
    expect(signup.statusCode).toBeLessThan(300);
    expect(await signIn("google_oauth2", "g-owner")).toMatchObject({
      token: null,
      authError: alreadySignedUpText("email"),
    });
  });

  it("refuses an answer whose state does not match, or that comes without the sign-in's cookie", async () => {
    const { callback, cookie } = await start("google_oauth2", "g-tamper");
    const forged = new URL(callback);
    forged.searchParams.set("state", "someone-elses-state-0123456789abcdefghijkl");
    expect(await finish(forged, cookie)).toMatchObject({ token: null, authError: SIGNIN_FAILED });
    expect(await finish(callback, "")).toMatchObject({ token: null, authError: SIGNIN_EXPIRED });
  });

  it.each([
    ["nonce", { nonce: "a-nonce-the-provider-never-saw-0123456789ab" }],
    ["PKCE verifier", { codeVerifier: "a-verifier-that-does-not-match-the-challenge-0123" }],
  ])("refuses an answer when the %s kept for the sign-in does not match", async (_label, change) => {
    const { callback, cookie } = await start("google_oauth2", "g-tamper");
    // Re-seal the sign-in's own cookie with one value changed, as only the server could.
    const name = cookie.split("=")[0] ?? "";
    const pending = JSON.parse(t.secretBox.open(cookieValue(cookie, name) ?? "")) as { flow: OidcPending };
    const altered = { ...pending, flow: { ...pending.flow, ...change } };
    const resealed = `${name}=${encodeURIComponent(t.secretBox.seal(JSON.stringify(altered)))}`;
    expect(await finish(callback, resealed)).toMatchObject({ token: null, authError: SIGNIN_FAILED });
    expect(await userWith("tamper@gmail.test")).toBeUndefined();
  });
});
