import { testEngines } from "@gantry/db/testing";
import { PASSWORD_RULES_TEXT } from "@gantry/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSmtpMailer } from "../mail/mailer.js";
import { createTestApp, type TestApp } from "../testing/app.js";
import { linkIn, startMailCatcher } from "../testing/mail-catcher.js";

const PASSWORD = "Correct-horse-9";

describe.each(testEngines())("accounts on %s", (engine) => {
  let t: TestApp;
  let catcher: Awaited<ReturnType<typeof startMailCatcher>>;
  let clockOffsetMs = 0;
  const now = () => new Date(Date.now() + clockOffsetMs);
  let counter = 0;
  const newEmail = () => `person${++counter}-${Date.now()}@acme.test`;

  beforeAll(async () => {
    catcher = await startMailCatcher();
    t = await createTestApp(
      { PUBLIC_URL: "http://gantry.test", AUTH_RATE_LIMIT_PER_MINUTE: "1000" },
      { engine, mailer: createSmtpMailer(catcher.url, "Gantry <no-reply@gantry.test>"), now },
    );
  });
  afterAll(async () => {
    await t.close();
    await catcher.close();
  });

  const post = (url: string, payload: object, token?: string) =>
    t.app.inject({ method: "POST", url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const graphql = (query: string, token?: string) =>
    t.app.inject({
      method: "POST",
      url: "/graphql",
      payload: { query },
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  async function signUpAndVerify(email = newEmail()): Promise<string> {
    expect((await post("/api/auth/signup", { email, password: PASSWORD })).statusCode).toBe(201);
    const link = linkIn(await catcher.waitFor(email, /Verify your email/), "/verify-email");
    const verified = await post("/api/auth/verify-email", {
      email: link.searchParams.get("email"),
      token: link.searchParams.get("token"),
    });
    expect(verified.statusCode).toBe(200);
    return email;
  }

  async function logIn(email: string, password = PASSWORD) {
    return post("/api/auth/login", { email, password });
  }

  const userInfoStatus = async (token: string) =>
    (await t.app.inject({ method: "GET", url: "/api/user-info", headers: { authorization: `Bearer ${token}` } }))
      .statusCode;

  /** Creates an API key from a session and returns its secret. */
  async function createKey(token: string, name: string): Promise<string> {
    const answer = await graphql(`mutation { createApiKey(input: { name: "${name}" }) { secret } }`, token);
    return answer.json().data.createApiKey.secret;
  }

  /** What a script holding the key gets from the public API. */
  const keyStatus = async (secret: string) =>
    (
      await t.app.inject({
        method: "POST",
        url: "/public/graphql",
        payload: { query: "{ viewer { email } }" },
        headers: { authorization: `Bearer ${secret}` },
      })
    ).statusCode;

  const latestAudit = async (action: string, email: string) =>
    (
      await t.database.executeSql(
        "select details from audit_events where action = $1 and actor_label = $2 order by occurred_at desc limit 1",
        [action, email],
      )
    ).rows[0];

  describe("signup", () => {
    it("refuses a malformed email and a weak password with the server texts", async () => {
      const badEmail = await post("/api/auth/signup", { email: "not-an-email", password: PASSWORD });
      expect(badEmail.statusCode).toBe(400);
      expect(badEmail.json()).toEqual({ error: "invalid email address." });

      const weak = await post("/api/auth/signup", { email: newEmail(), password: "password" });
      expect(weak.statusCode).toBe(400);
      expect(weak.json()).toEqual({ error: "invalid password." });
    });

    it("refuses a body of the wrong shape without writing anything", async () => {
      const email = newEmail();
      const response = await post("/api/auth/signup", { email, password: 12345678 });
      expect(response.statusCode).toBe(400);
      expect((await logIn(email)).json()).toEqual({ error: "couldn't find identity" });
    });

    it("mails a verification link and does not sign in until it is followed", async () => {
      const email = newEmail();
      const response = await post("/api/auth/signup", {
        email,
        password: PASSWORD,
        hubspotUtk: "abc",
        utmParams: { utm_source: "newsletter" },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ authenticated: false, email });

      const mail = await catcher.waitFor(email, /Verify your email for Gantry/);
      const link = linkIn(mail, "/verify-email");
      expect(link.origin).toBe("http://gantry.test");

      const early = await logIn(email);
      expect(early.statusCode).toBe(403);
      expect(early.json()).toEqual({ error: "you have to confirm your email address before continuing." });
    });

    it("answers an address already registered, in any case, with the existing-email errors", async () => {
      const email = await signUpAndVerify();
      const again = await post("/api/auth/signup", { email: email.toUpperCase(), password: PASSWORD });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        error: "user has already signed up with provider:email",
        errors: ["user has already signed up with provider:email"],
      });
    });
  });

  describe("email verification", () => {
    it("refuses a wrong token, then verifies from the mailed link once", async () => {
      const email = newEmail();
      await post("/api/auth/signup", { email, password: PASSWORD });
      const link = linkIn(await catcher.waitFor(email, /Verify/), "/verify-email");

      const wrong = await post("/api/auth/verify-email", { email, token: "gve_wrong" });
      expect(wrong.json()).toEqual({ error: "Invalid verification token, please request a new one below" });

      const right = await post("/api/auth/verify-email", { email, token: link.searchParams.get("token") });
      expect(right.statusCode).toBe(200);
      const twice = await post("/api/auth/verify-email", { email, token: link.searchParams.get("token") });
      expect(twice.json()).toEqual({ error: "Email already verified, please log in" });
      expect((await logIn(email)).statusCode).toBe(200);
    });

    it("says a day-old link has expired, and a resent one works", async () => {
      const email = newEmail();
      await post("/api/auth/signup", { email, password: PASSWORD });
      const old = linkIn(await catcher.waitFor(email, /Verify/), "/verify-email");
      clockOffsetMs = 25 * 60 * 60 * 1000;
      try {
        const expired = await post("/api/auth/verify-email", { email, token: old.searchParams.get("token") });
        expect(expired.statusCode).toBe(410);
        expect(expired.json()).toEqual({ error: "Verify email token expired, please request a new one below" });

        expect((await post("/api/auth/resend-verification-email", { email })).statusCode).toBe(200);
        const fresh = linkIn(await catcher.waitFor(email, /Verify/), "/verify-email");
        expect(
          (await post("/api/auth/verify-email", { email, token: fresh.searchParams.get("token") })).statusCode,
        ).toBe(200);
      } finally {
        clockOffsetMs = 0;
      }
    });

    it("gives resend errors the page can show", async () => {
      const unknown = await post("/api/auth/resend-verification-email", { email: newEmail() });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ error: "We couldn't find an account with that email address" });
      const verified = await post("/api/auth/resend-verification-email", { email: await signUpAndVerify() });
      expect(verified.json()).toEqual({ error: "Email already verified, please log in" });
    });
  });

  describe("login, viewer and signout", () => {
    it("answers an unknown address and a wrong password with their server texts", async () => {
      expect((await logIn(newEmail())).json()).toEqual({ error: "couldn't find identity" });
      const email = await signUpAndVerify();
      const wrong = await logIn(email, "Wrong-password-1");
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ error: "invalid email or password." });
    });

    it("signs in, loads the user info and the viewer, and signs out for good", async () => {
      const email = await signUpAndVerify();
      const login = await logIn(email.toUpperCase());
      expect(login.statusCode).toBe(200);
      const { token, expiresAt } = login.json();
      expect(token).toMatch(/^gnt_/);
      expect(new Date(expiresAt).getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 60 * 60 * 1000);

      const info = await t.app.inject({
        method: "GET",
        url: "/api/user-info",
        headers: { authorization: `Bearer ${token}` },
      });
      expect(info.json()).toMatchObject({
        flags: [],
        user: { zh: { email, emailVerified: true }, gh: null },
        enterpriseSeat: null,
      });

      const viewer = await graphql("{ viewer { id email emailVerified contactIdentity { email provider } } }", token);
      expect(viewer.json().data.viewer).toMatchObject({
        email,
        emailVerified: true,
        contactIdentity: { email, provider: "email" },
      });

      const node = await graphql(
        `{ node(id: "${viewer.json().data.viewer.id}") { ... on GantryUser { email } } }`,
        token,
      );
      expect(node.json().data.node).toEqual({ email });

      expect((await post("/api/auth/signout", {}, token)).statusCode).toBe(204);
      const after = await t.app.inject({
        method: "GET",
        url: "/api/user-info",
        headers: { authorization: `Bearer ${token}` },
      });
      expect(after.statusCode).toBe(401);
      expect(after.json()).toEqual({ error: "auth:error:not_authed" });
      const anonymous = await graphql("{ viewer { id } }", token);
      expect(anonymous.json().errors[0].extensions.code).toBe("UNAUTHENTICATED");
    });

    it("reads the sessions of requests arriving together in one statement, each answered as its own viewer", async () => {
      const first = await signUpAndVerify();
      const emails = [first, await signUpAndVerify(), await signUpAndVerify()];
      const tokens = await Promise.all(emails.map(async (email) => (await logIn(email)).json().token as string));
      const signedOut = (await logIn(first)).json().token as string;
      expect((await post("/api/auth/signout", {}, signedOut)).statusCode).toBe(204);
      // On PostgreSQL every statement takes a pooled connection; PGlite has no pool to count.
      const pool = (t.database.db as unknown as { $client: { on?: (event: string, listener: () => void) => void } })
        .$client;
      let acquired = 0;
      const count = () => acquired++;
      pool.on?.("acquire", count);
      const viewers = await Promise.all(
        [...tokens, signedOut, "gnt_unknown"].map(async (token) =>
          (await graphql("{ viewer { email } }", token)).json(),
        ),
      );
      (pool as unknown as { off?: (event: string, listener: () => void) => void }).off?.("acquire", count);
      expect(viewers.slice(0, 3).map((answer) => answer.data.viewer.email)).toEqual(emails);
      for (const refused of viewers.slice(3)) expect(refused.errors[0].extensions.code).toBe("UNAUTHENTICATED");
      // One session read for the five requests, not five (the viewer field reads nothing more).
      if (engine === "postgres") expect(acquired).toBe(1);
    });
  });

  describe("lockout and unlock", () => {
    it("locks after five wrong passwords, mails an unlock link, and unlocks from it", async () => {
      const email = await signUpAndVerify();
      for (let attempt = 1; attempt <= 4; attempt++) {
        expect((await logIn(email, "Wrong-password-1")).json()).toEqual({ error: "invalid email or password." });
      }
      const fifth = await logIn(email, "Wrong-password-1");
      expect(fifth.statusCode).toBe(423);
      expect(fifth.json()).toEqual({ error: "your account is locked." });
      expect((await logIn(email)).json()).toEqual({ error: "your account is locked." });

      const link = linkIn(await catcher.waitFor(email, /has been locked/), "/unlock");
      const bad = await post("/api/auth/unlock", { email, unlockToken: "gul_nope" });
      expect(bad.json()).toEqual({ error: "Invalid unlock token" });

      const unlocked = await post("/api/auth/unlock", { email, unlockToken: link.searchParams.get("token") });
      expect(unlocked.statusCode).toBe(200);
      const again = await post("/api/auth/unlock", { email, unlockToken: link.searchParams.get("token") });
      expect(again.json()).toEqual({ error: "Account is not locked" });
      expect((await logIn(email)).statusCode).toBe(200);
    });

    it("mails a fresh unlock link on request, only to a locked account", async () => {
      const email = await signUpAndVerify();
      await post("/api/auth/unlock-token", { email });
      for (let attempt = 1; attempt <= 5; attempt++) await logIn(email, "Wrong-password-1");
      await catcher.waitFor(email, /has been locked/);
      expect((await post("/api/auth/unlock-token", { email })).statusCode).toBe(200);
      const link = linkIn(await catcher.waitFor(email, /has been locked/), "/unlock");
      expect((await post("/api/auth/unlock", { email, unlockToken: link.searchParams.get("token") })).statusCode).toBe(
        200,
      );
      expect(catcher.mails.filter((mail) => mail.to === email)).toEqual([]);
    });
  });

  describe("password reset", () => {
    it("checks the token, the confirmation and the rules with the spec's messages", async () => {
      const email = await signUpAndVerify();
      const attempt = (overrides: object) =>
        post("/api/auth/reset-password", {
          email,
          resetPasswordToken: "grp_whatever",
          password: "New-password-2",
          passwordConfirmation: "New-password-2",
          ...overrides,
        });
      expect((await attempt({ resetPasswordToken: "  " })).json()).toEqual({
        error: "Password reset token cannot be blank",
      });
      expect((await attempt({ passwordConfirmation: "Other-password-2" })).json()).toEqual({
        error: "Your confirmation password does not match your new password",
      });
      expect((await attempt({ password: "short", passwordConfirmation: "short" })).json()).toEqual({
        error: PASSWORD_RULES_TEXT,
      });
      expect((await attempt({})).json()).toEqual({ error: "Invalid password reset token" });
    });

    it("resets from the mailed link once, signs other devices out, and unlocks", async () => {
      const email = await signUpAndVerify();
      const { token: oldSession } = (await logIn(email)).json();
      for (let attempt = 1; attempt <= 5; attempt++) await logIn(email, "Wrong-password-1");
      await catcher.waitFor(email, /has been locked/);

      const key = await createKey(oldSession, "made before the reset");
      expect(await keyStatus(key)).toBe(200);

      expect((await post("/api/auth/password-reset-email", { email })).statusCode).toBe(200);
      const mail = await catcher.waitFor(email, /Reset your Gantry password/);
      expect(mail.text).toContain("signs you out on every device and revokes all your API keys");
      const link = linkIn(mail, "/reset-password");
      const body = {
        email,
        resetPasswordToken: link.searchParams.get("token"),
        password: "Brand-new-pass-3",
        passwordConfirmation: "Brand-new-pass-3",
      };
      expect((await post("/api/auth/reset-password", body)).statusCode).toBe(200);
      expect((await post("/api/auth/reset-password", body)).json()).toEqual({ error: "Invalid password reset token" });

      expect((await logIn(email)).statusCode).toBe(401);
      expect((await logIn(email, "Brand-new-pass-3")).statusCode).toBe(200);
      const stale = await t.app.inject({
        method: "GET",
        url: "/api/user-info",
        headers: { authorization: `Bearer ${oldSession}` },
      });
      expect(stale.statusCode).toBe(401);
      expect(await keyStatus(key)).toBe(401);
      expect(await latestAudit("password.reset", email)).toEqual({
        details: { sessionsEnded: 1, apiCredentialsRevoked: 1 },
      });
    });

    it("answers a reset request for an unknown address the same way, and mails no one", async () => {
      const email = newEmail();
      const response = await post("/api/auth/password-reset-email", { email });
      expect(response.statusCode).toBe(200);
      await expect(catcher.waitFor(email, /Reset/, 300)).rejects.toThrow("no mail");
    });
  });
  describe("sign out everywhere", () => {
    it("refuses a caller without a live session, and an API key in its place", async () => {
      const email = await signUpAndVerify();
      const { token } = (await logIn(email)).json();
      const key = await createKey(token, "not a session");
      for (const bearer of [undefined, "gnt_unknown", key]) {
        const refused = await post("/api/auth/signout-everywhere", {}, bearer);
        expect(refused.statusCode).toBe(401);
        expect(refused.json()).toEqual({ error: "auth:error:not_authed" });
      }
      expect(await userInfoStatus(token)).toBe(200);
      expect(await keyStatus(key)).toBe(200);
      await expect(catcher.waitFor(email, /everywhere/, 300)).rejects.toThrow("no mail");
    });

    it("ends the person's other sessions and revokes their keys, keeps this session, and mails them", async () => {
      const email = await signUpAndVerify();
      const here = (await logIn(email)).json().token as string;
      const laptop = (await logIn(email)).json().token as string;
      const phone = (await logIn(email)).json().token as string;
      const keys = [await createKey(laptop, "CI"), await createKey(here, "Dashboard")];
      const someoneElse = await signUpAndVerify();
      const theirSession = (await logIn(someoneElse)).json().token as string;
      const theirKey = await createKey(theirSession, "theirs");

      const done = await post("/api/auth/signout-everywhere", {}, here);
      expect(done.statusCode).toBe(200);
      expect(done.json()).toEqual({ sessions: 2, apiKeys: 2, mailed: true });

      expect(await userInfoStatus(here)).toBe(200);
      expect(await userInfoStatus(laptop)).toBe(401);
      expect(await userInfoStatus(phone)).toBe(401);
      for (const key of keys) expect(await keyStatus(key)).toBe(401);
      expect((await graphql("{ viewer { apiKeys { id } } }", here)).json().data.viewer.apiKeys).toEqual([]);
      // Only the asking person's credentials end.
      expect(await userInfoStatus(theirSession)).toBe(200);
      expect(await keyStatus(theirKey)).toBe(200);

      const mail = await catcher.waitFor(email, /^You signed out of Gantry everywhere$/);
      expect(mail.text).toContain("2 other sessions ended and 2 API keys were revoked");
      expect(mail.text).toContain("If it was not you, reset your password now");
      expect(linkIn(mail, "/settings/account").origin).toBe("http://gantry.test");
      expect(await latestAudit("signout.everywhere", email)).toEqual({
        details: { sessionsEnded: 2, apiCredentialsRevoked: 2 },
      });

      const again = await post("/api/auth/signout-everywhere", {}, here);
      expect(again.json()).toEqual({ sessions: 0, apiKeys: 0, mailed: true });
      expect((await catcher.waitFor(email, /everywhere/)).text).toContain(
        "0 other sessions ended and 0 API keys were revoked",
      );
    });
  });
});
