import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import type { HubSandbox } from "@gantry/hub-sandbox/sandbox";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OutboxMailer } from "../mail/mailer.js";
import { createTestApp, type TestApp } from "../testing/app.js";
import { gql } from "../testing/factories.js";
import { continueWithGitHub, startHub } from "../testing/hub.js";
import { wrongHostText } from "./oauth-routes.js";

describe.each(testEngines())("Continue with GitHub on %s", (engine) => {
  let t: TestApp;
  let hub: HubSandbox;

  beforeAll(async () => {
    const started = await startHub();
    hub = started.hub;
    t = await createTestApp(
      { PUBLIC_URL: "http://gantry.test", AUTH_RATE_LIMIT_PER_MINUTE: "10000" },
      { engine, mailer: new OutboxMailer(), github: started.github },
    );
  });
  afterAll(async () => {
    await t.close();
    await hub.close();
  });

  const signIn = (login: string, form: Record<string, string> = {}) => continueWithGitHub(t, hub, login, form);

  it("sends the person to GitHub with the app's id, the callback and a state", async () => {
    const { authorize } = await signIn("demo");
    expect(authorize.origin + authorize.pathname).toBe(`${hub.url}/login/oauth/authorize`);
    expect(authorize.searchParams.get("client_id")).toBe("gantry-test");
    expect(authorize.searchParams.get("redirect_uri")).toBe("http://gantry.test/gantry_users/auth/github/callback");
    expect(authorize.searchParams.get("state")).toMatch(/^[\w-]{20,}$/);
  });

  it("creates an account on first sign-in, signs the same person in again, and keeps the token encrypted", async () => {
    const first = await signIn("mona");
    expect(first.finish.statusCode).toBe(303);
    const landing = new URL(String(first.finish.headers.location), "http://gantry.test");
    expect(landing.pathname).toBe("/auth/complete");
    const fragment = new URLSearchParams(landing.hash.slice(1));
    const token = fragment.get("token") ?? "";
    expect(fragment.get("return_to")).toBe("/landing");

    const viewer = await gql(t, token, "{ viewer { email githubUser { login ghId } contactIdentity { provider } } }");
    expect(viewer.data?.viewer).toMatchObject({
      githubUser: { login: "mona" },
      contactIdentity: { provider: "github" },
    });

    const info = await t.app.inject({
      method: "GET",
      url: "/api/user-info",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(info.json().user).toMatchObject({
      gh: { username: "mona" },
      zh: { hasGHAccess: true, identityProvider: "github" },
    });

    const second = await signIn("mona");
    const again = new URLSearchParams(
      new URL(String(second.finish.headers.location), "http://gantry.test").hash.slice(1),
    );
    const sameViewer = await gql(t, again.get("token"), "{ viewer { id } }");
    const firstViewer = await gql(t, token, "{ viewer { id } }");
    expect(sameViewer.data).toEqual(firstViewer.data);

    const [stored] = await t.database.db
      .select()
      .from(schema.githubAccounts)
      .where(eq(schema.githubAccounts.login, "mona"));
    expect(stored?.encryptedToken).toMatch(/^v1:/);
    expect(stored?.encryptedToken).not.toMatch(/gh[opsu]_/);
  });

  it("refuses a callback whose state does not match the one it set", async () => {
    const forged = await t.app.inject({
      method: "GET",
      url: "/gantry_users/auth/github/callback?code=abc&state=forged",
    });
    expect(forged.statusCode).toBe(303);
    expect(forged.headers.location).toBe(
      `/login?authError=${encodeURIComponent("github sign-in expired or was tampered with, please try again.")}`,
    );
  });

  it("connects GitHub to the signed-in password account instead of making a new one", async () => {
    const email = `linked-${Date.now()}@acme.test`;
    const signup = await t.app.inject({
      method: "POST",
      url: "/api/auth/signup",
      payload: { email, password: "Correct-horse-9" },
    });
    expect(signup.statusCode).toBe(201);
    await t.database.db.update(schema.users).set({ emailVerifiedAt: new Date() }).where(eq(schema.users.email, email));
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email, password: "Correct-horse-9" },
    });
    const session = login.json().token as string;

    const { finish } = await signIn("hubot", { link_token: session, return_to: "/landing?connected=1" });
    const fragment = new URLSearchParams(new URL(String(finish.headers.location), "http://gantry.test").hash.slice(1));
    expect(fragment.get("return_to")).toBe("/landing?connected=1");
    const viewer = await gql(t, fragment.get("token"), "{ viewer { email githubUser { login } } }");
    expect(viewer.data?.viewer).toEqual({ email, githubUser: { login: "hubot" } });

    // Someone else's GitHub account: refused on the page the person came from, and they stay signed in.
    const otherSession = (await freshSession()) ?? "";
    const other = await signIn("hubot", { link_token: otherSession, return_to: "/landing?tab=github" });
    const back = new URL(String(other.finish.headers.location), "http://gantry.test");
    expect(back.pathname).toBe("/landing");
    expect(Object.fromEntries(back.searchParams)).toEqual({
      tab: "github",
      githubError: "this github account is linked to another account.",
    });
    const still = await gql(t, otherSession, "{ viewer { githubUser { login } } }");
    expect(still.data?.viewer).toEqual({ githubUser: null });
  });

  it("comes back to the loopback address the person opened, whatever PUBLIC_URL names", async () => {
    for (const host of ["127.0.0.1:3000", "localhost:3000", "[::1]:3000"]) {
      const { authorize, finish } = await continueWithGitHub(t, hub, "mona", {}, host);
      expect(authorize.searchParams.get("redirect_uri")).toBe(`http://${host}/gantry_users/auth/github/callback`);
      expect(String(finish.headers.location)).toMatch(/^\/auth\/complete#token=/);
    }
  });

  it("says PUBLIC_URL must match when the flow starts at another host, and sends no one to GitHub", async () => {
    const start = await t.app.inject({
      method: "POST",
      url: "/gantry_users/auth/github",
      headers: { "content-type": "application/x-www-form-urlencoded", host: "gantry.evil.test" },
      payload: "",
    });
    expect(start.statusCode).toBe(303);
    expect(start.headers.location).toBe(`/login?authError=${encodeURIComponent(wrongHostText("http://gantry.test"))}`);
  });

  async function freshSession(): Promise<string | undefined> {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/signup",
      payload: { email: `other-${Date.now()}@acme.test`, password: "Correct-horse-9" },
    });
    const email = response.json().email as string;
    await t.database.db.update(schema.users).set({ emailVerifiedAt: new Date() }).where(eq(schema.users.email, email));
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email, password: "Correct-horse-9" },
    });
    return login.json().token;
  }
});
