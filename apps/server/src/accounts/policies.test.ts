import { schema } from "@gantry/db";
import { afterEach, describe, expect, it } from "vitest";
import { OutboxMailer } from "../mail/mailer.js";
import { createTestApp, type TestApp } from "../testing/app.js";

const PASSWORD = "Correct-horse-9";
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const post = (app: TestApp, url: string, payload: object) => app.app.inject({ method: "POST", url, payload });

describe("account policies of an install", () => {
  it("refuses free-mail addresses when a work email is required", async () => {
    t = await createTestApp({ REQUIRE_WORK_EMAIL: "true" });
    const response = await post(t, "/api/auth/signup", { email: "ada@gmail.com", password: PASSWORD });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ error: "work email address is required." });
    expect((await post(t, "/api/auth/signup", { email: "ada@acme.io", password: PASSWORD })).statusCode).toBe(201);
  });

  it("signs a new account straight in when email verification is off", async () => {
    t = await createTestApp({ REQUIRE_EMAIL_VERIFICATION: "false" });
    const response = await post(t, "/api/auth/signup", { email: "grace@acme.io", password: PASSWORD });
    expect(response.json()).toMatchObject({ authenticated: true, token: expect.stringMatching(/^gnt_/) });
  });

  it("points people with a provider account to that provider, on sign-up and login", async () => {
    t = await createTestApp();
    await t.database.db.insert(schema.users).values({ email: "linus@acme.io", identityProvider: "github" });
    const signup = await post(t, "/api/auth/signup", { email: "linus@acme.io", password: PASSWORD });
    expect(signup.json()).toEqual({
      error: "user has already signed up with provider:github",
      errors: ["user has already signed up with provider:github"],
    });
    const login = await post(t, "/api/auth/login", { email: "linus@acme.io", password: PASSWORD });
    expect(login.json()).toEqual({ error: "user has already signed up with provider:github" });
  });

  it("limits auth calls per IP", async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: "3" });
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await post(t, "/api/auth/login", { email: `x${attempt}@acme.io`, password: "x" })).statusCode).toBe(401);
    }
    const limited = await post(t, "/api/auth/login", { email: "y@acme.io", password: "x" });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: "too many requests, please try again later." });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("limits mail to one address however many IPs ask", async () => {
    const mailer = new OutboxMailer();
    t = await createTestApp({}, { mailer });
    await post(t, "/api/auth/signup", { email: "mallory@acme.io", password: PASSWORD });
    const answers: number[] = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/auth/resend-verification-email",
        payload: { email: "mallory@acme.io" },
        remoteAddress: `10.0.0.${attempt}`,
      });
      answers.push(response.statusCode);
    }
    expect(answers.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(answers.slice(10)).toEqual([429, 429]);
    expect(mailer.list().filter((mail) => mail.to === "mallory@acme.io")).toHaveLength(11);
  });

  it("lists sent mail in the dev outbox, and hides the outbox in production", async () => {
    t = await createTestApp();
    await post(t, "/api/auth/signup", { email: "dev@acme.io", password: PASSWORD });
    const page = await t.app.inject({ method: "GET", url: "/dev/outbox" });
    expect(page.body).toContain("Verify your email for Gantry");
    expect(page.body).toMatch(/<a href="http:\/\/localhost:3000\/verify-email\?email=dev%40acme.io&amp;token=gve_/);
    await t.close();

    t = await createTestApp({ NODE_ENV: "production", SMTP_URL: "smtp://127.0.0.1:1" });
    expect((await t.app.inject({ method: "GET", url: "/dev/outbox.json" })).statusCode).toBe(404);
  });
});
