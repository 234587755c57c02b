/**
 * Issue #28's five findings, each reproduced as the probe sent it, on PGlite and PostgreSQL: forged client
 * addresses behind a load balancer, deep nesting, cross-site calls to /graphql, API keys outliving a password
 * reset, and text that is not valid Unicode. Then the whole hostile-input set, which must never get a 500.
 */
import { PassThrough } from "node:stream";
import { testEngines } from "@gantry/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OutboxMailer } from "../mail/mailer.js";
import { PUBLIC_GRAPHQL_PATH } from "../public-api/route.js";
import { createTestApp, type TestApp } from "../testing/app.js";
import { errorOf, field, gql, signUpUser, type TestUser } from "../testing/factories.js";
import { NUL_REFUSED, UNPAIRED_SURROGATE_REFUSED } from "./input-values.js";

const CREATE_KEY = `mutation ($name: String!) { createApiKey(input: { name: $name }) { secret } }`;
const CREATE_ORG =
  "mutation ($name: String!) { createGantryOrganization(input: { name: $name }) { gantryOrganization { name } } }";
const LOAD_BALANCER = "10.0.0.5";

/** `{ viewer { viewer { … } } }`, `levels` deep: about 40 KB at 5,000. */
const nestedViewers = (levels: number) => `${"{ viewer ".repeat(levels)}{ id }${" }".repeat(levels)}`;
/** A JSON body whose `x` variable is `levels` nested arrays, written as text (serialising it would recurse). */
const nestedArraysBody = (levels: number) =>
  `{"query":"query ($x: [[String]]) { version }","variables":{"x":${"[".repeat(levels)}${"]".repeat(levels)}}}`;

describe.each(testEngines())("hostile requests on %s", (engine) => {
  let t: TestApp;
  let owner: TestUser;
  let ownerKey: string;
  const mailer = new OutboxMailer();
  const logLines: string[] = [];

  beforeAll(async () => {
    const logStream = new PassThrough();
    logStream.on("data", (chunk) => logLines.push(...String(chunk).split("\n").filter(Boolean)));
    t = await createTestApp(
      {
        REQUIRE_EMAIL_VERIFICATION: "false",
        AUTH_RATE_LIMIT_PER_MINUTE: "30",
        GRAPHQL_RATE_LIMIT_PER_IP_PER_MINUTE: "30",
        // One load balancer in front, which appends the address it saw (as docs/operations.md describes).
        TRUST_PROXY: "1",
        LOG_LEVEL: "error",
      },
      { engine, mailer, logStream },
    );
    owner = await signUpUser(t, "hostile-owner");
    ownerKey = await createKey(owner, "hostile");
  });
  afterAll(() => t.close());

  const createKey = async (user: TestUser, name: string) =>
    field<{ secret: string }>(await gql(t, user.token, CREATE_KEY, { name }), "createApiKey").secret;

  const post = (url: string, payload: string | object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: "POST",
      url,
      payload,
      remoteAddress: LOAD_BALANCER,
      headers: { "content-type": "application/json", ...headers },
    });

  describe("1. client addresses behind a load balancer", () => {
    it("counts 35 logins with a rotating left-most X-Forwarded-For against the address the balancer added", async () => {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 35; attempt++) {
        const response = await post(
          "/api/auth/login",
          { email: `probe-${attempt}@acme.test`, password: "Wrong-horse-1" },
          { "x-forwarded-for": `198.51.100.${attempt}, 203.0.113.9` },
        );
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
      expect(statuses.slice(30)).toEqual([429, 429, 429, 429, 429]);
    });

    it("counts anonymous /graphql calls the same way", async () => {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 32; attempt++) {
        const response = await post(
          "/graphql",
          { query: "{ version }" },
          { "x-forwarded-for": `192.0.2.${attempt}, 203.0.113.10` },
        );
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(30)).toEqual([429, 429]);
    });

    it("records the address the balancer saw in the audit log, not the forged one", async () => {
      const user = await signUpUser(t, "audited");
      await post(
        "/api/auth/login",
        { email: user.email, password: "Correct-horse-9" },
        { "x-forwarded-for": "198.51.100.77, 203.0.113.11" },
      );
      const { rows } = await t.database.executeSql(
        `select ip_address from audit_events where action = 'signin.succeeded' order by occurred_at desc limit 1`,
      );
      expect(rows).toEqual([{ ip_address: "203.0.113.11" }]);
    });
  });

  describe("2. deep nesting", () => {
    it("answers 5,000 nested viewer levels with the depth error, not a crash", async () => {
      const query = nestedViewers(5000);
      expect(query.length).toBeGreaterThan(40_000);
      const answer = (await post("/graphql", { query }, { authorization: `Bearer ${owner.token}` })).json();
      expect(answer.errors[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", limit: "DEPTH", depth: 5001 });
    });

    it("answers variables of 5,000 nested arrays with the variables depth error", async () => {
      const response = await post("/graphql", nestedArraysBody(5000));
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json().errors[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", limit: "VARIABLES_DEPTH" });
    });
  });

  describe("3. other sites' pages", () => {
    it("gives another origin no CORS headers, and the server's own origin (either address) its own", async () => {
      const preflight = (origin: string, host: string) =>
        t.app.inject({
          method: "OPTIONS",
          url: "/graphql",
          headers: { origin, host, "access-control-request-method": "POST" },
        });
      const evil = await preflight("https://evil.example", "localhost:3000");
      expect(evil.headers["access-control-allow-origin"]).toBeUndefined();
      expect(evil.headers["access-control-allow-credentials"]).toBeUndefined();
      for (const host of ["localhost:3300", "127.0.0.1:3300"]) {
        const own = await preflight(`http://${host}`, host);
        expect(own.headers["access-control-allow-origin"]).toBe(`http://${host}`);
      }
    });

    it("refuses a form-encoded or text/plain post to /graphql, which needs no preflight", async () => {
      for (const contentType of ["application/x-www-form-urlencoded", "text/plain"]) {
        const response = await t.app.inject({
          method: "POST",
          url: "/graphql",
          payload: "query=%7B%20version%20%7D",
          headers: { "content-type": contentType, origin: "https://evil.example" },
        });
        expect(response.statusCode).toBe(415);
        expect(response.json().errors[0].extensions.code).toBe("UNSUPPORTED_MEDIA_TYPE");
      }
    });
  });

  describe("4. API keys after a password reset", () => {
    it("revokes every key with the sessions, and the reset mail says so", async () => {
      const victim = await signUpUser(t, "victim");
      const secret = await createKey(victim, "made by the intruder");
      const viaKey = () =>
        post(PUBLIC_GRAPHQL_PATH, { query: "{ viewer { email } }" }, { authorization: `Bearer ${secret}` });
      expect((await viaKey()).statusCode).toBe(200);

      await post("/api/auth/password-reset-email", { email: victim.email });
      const mail = mailer.list().find((sent) => sent.to === victim.email);
      expect(mail?.text).toContain("revokes all your API keys");
      const token = /token=([^&\s"]+)/.exec(mail?.text ?? "")?.[1];
      const reset = await post("/api/auth/reset-password", {
        email: victim.email,
        resetPasswordToken: decodeURIComponent(token ?? ""),
        password: "Recovered-horse-7",
        passwordConfirmation: "Recovered-horse-7",
      });
      expect(reset.statusCode).toBe(200);
      expect((await viaKey()).statusCode).toBe(401);
      expect(errorOf(await gql(t, victim.token, "{ viewer { id } }")).code).toBe("UNAUTHENTICATED");
    });
  });

  describe("5. text that is not Unicode", () => {
    it("refuses invalid UTF-8 bytes instead of storing U+FFFD", async () => {
      const body = Buffer.concat([
        Buffer.from(`{"query":${JSON.stringify(CREATE_ORG)},"variables":{"name":"bad `),
        Buffer.from([0xff, 0xfe]),
        Buffer.from(`"}}`),
      ]);
      const response = await post("/graphql", body, { authorization: `Bearer ${owner.token}` });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe("The request body is not valid UTF-8 text.");
    });

    it("refuses a lone surrogate as clearly as a NUL", async () => {
      const surrogate = await gql(t, owner.token, CREATE_ORG, { name: "half \uD800 pair" });
      expect(errorOf(surrogate)).toEqual({ code: "BAD_USER_INPUT", message: UNPAIRED_SURROGATE_REFUSED });
      const nul = await gql(t, owner.token, CREATE_ORG, { name: "nul \u0000 byte" });
      expect(errorOf(nul)).toEqual({ code: "BAD_USER_INPUT", message: NUL_REFUSED });
      const whole = await gql(t, owner.token, CREATE_KEY, { name: "whole 🏳️‍🌈 pair" });
      expect(whole.errors).toBeUndefined();
    });
  });

  describe("the whole hostile set", () => {
    const hostile: [string, string, string | Buffer][] = [
      ["deep query", "/graphql", JSON.stringify({ query: nestedViewers(5000) })],
      ["deep query, public API", PUBLIC_GRAPHQL_PATH, JSON.stringify({ query: nestedViewers(5000) })],
      ["deep variables", "/graphql", nestedArraysBody(5000)],
      ["deep variables, public API", PUBLIC_GRAPHQL_PATH, nestedArraysBody(5000)],
      ["a megabyte of nested arrays", "/graphql", nestedArraysBody(500_000)],
      ["deep login body", "/api/auth/login", `{"email":${"[".repeat(5000)}${"]".repeat(5000)}}`],
      ["wide query", "/graphql", JSON.stringify({ query: `{ ${"version ".repeat(20_000)}}` })],
      [
        "wide variables",
        "/graphql",
        JSON.stringify({ query: "{ version }", variables: { x: Array.from({ length: 20_000 }, () => 1) } }),
      ],
      ["unclosed block string", "/graphql", JSON.stringify({ query: '{ version(x: """' })],
      ["invalid UTF-8", "/graphql", Buffer.from([0x7b, 0xff, 0x7d])],
      ["lone surrogate literal", "/graphql", JSON.stringify({ query: '{ version(x: "\\uD800") }' })],
      ["not JSON", "/graphql", "{"],
      ["JSON null", "/graphql", "null"],
      ["prototype pollution", "/graphql", '{"query":"{ version }","__proto__":{"polluted":1}}'],
    ];

    it.each(hostile)("%s: a clear refusal, never a 500", async (_name, url, payload) => {
      const before = logLines.length;
      const credential = url === PUBLIC_GRAPHQL_PATH ? ownerKey : owner.token;
      const response = await post(url, payload, { authorization: `Bearer ${credential}` });
      expect(response.statusCode).toBeLessThan(500);
      expect(response.body).not.toContain("INTERNAL_SERVER_ERROR");
      expect(logLines.slice(before)).toEqual([]);
    });
  });
});
