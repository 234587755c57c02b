import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError } from "../config/config.js";
import { createTestApp, type TestApp } from "../testing/app.js";
import { signUpUser, type TestUser } from "../testing/factories.js";
import { testRedisAnswers, testRedisUrl } from "../testing/redis.js";
import { loadGraphQLRateLimits } from "./rate-limit.js";

const reachable = await testRedisAnswers();

/** 15 s into a minute, so a refusal asks to wait the 45 s left of it. */
const START = Date.UTC(2026, 0, 5, 9, 30, 15);

const ask = (t: TestApp, options: { token?: string; ip?: string } = {}) =>
  t.app.inject({
    method: "POST",
    url: "/graphql",
    remoteAddress: options.ip ?? "127.0.0.1",
    ...(options.token ? { headers: { authorization: `Bearer ${options.token}` } } : {}),
    payload: { query: "{ version }" },
  });

describe("loadGraphQLRateLimits", () => {
  it("defaults to budgets the web app never reaches", () => {
    expect(loadGraphQLRateLimits({})).toEqual({ perUserPerMinute: 1200, perIpPerMinute: 600 });
  });

  it("names a wrong setting", () => {
    expect(() => loadGraphQLRateLimits({ GRAPHQL_RATE_LIMIT_PER_IP_PER_MINUTE: "lots" })).toThrow(ConfigError);
    expect(() => loadGraphQLRateLimits({ GRAPHQL_RATE_LIMIT_PER_USER_PER_MINUTE: "-1" })).toThrow(
      /GRAPHQL_RATE_LIMIT_PER_USER_PER_MINUTE must be a whole number \(0 turns the limit off\)/,
    );
  });
});

describe("GraphQL request budgets", () => {
  let t: TestApp;
  let clock = START;
  let ana: TestUser;
  let ben: TestUser;

  beforeAll(async () => {
    t = await createTestApp(
      {
        REQUIRE_EMAIL_VERIFICATION: "false",
        GRAPHQL_RATE_LIMIT_PER_USER_PER_MINUTE: "3",
        GRAPHQL_RATE_LIMIT_PER_IP_PER_MINUTE: "2",
      },
      { now: () => new Date(clock) },
    );
    // Each sign-up asks for the viewer once: one request of each person's three is spent.
    ana = await signUpUser(t, "ana");
    ben = await signUpUser(t, "ben");
  });
  afterAll(() => t.close());

  it("refuses a person's request over the budget with 429, Retry-After and RATE_LIMITED", async () => {
    expect((await ask(t, { token: ana.token })).statusCode).toBe(200);
    expect((await ask(t, { token: ana.token, ip: "10.0.0.9" })).statusCode).toBe(200);
    const refused = await ask(t, { token: ana.token, ip: "10.0.0.10" });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBe("45");
    expect(refused.json()).toEqual({
      errors: [
        {
          message: "Too many requests from your account. Retry in 45 s.",
          extensions: { code: "RATE_LIMITED", retryAfter: 45 },
        },
      ],
    });
    // Another person's budget is their own.
    expect((await ask(t, { token: ben.token })).statusCode).toBe(200);
  });

  it("counts requests without a session against the client's address", async () => {
    expect((await ask(t, { ip: "10.1.0.1" })).statusCode).toBe(200);
    // A token that signs no one in counts against the address too.
    expect((await ask(t, { ip: "10.1.0.1", token: "not-a-session" })).statusCode).toBe(200);
    const refused = await ask(t, { ip: "10.1.0.1" });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBe("45");
    expect(refused.json().errors[0]).toMatchObject({
      message: "Too many requests from your network address. Retry in 45 s.",
      extensions: { code: "RATE_LIMITED" },
    });
    expect((await ask(t, { ip: "10.1.0.2" })).statusCode).toBe(200);
    // Signed-in people behind that address are counted as themselves, not as it.
    expect((await ask(t, { ip: "10.1.0.1", token: ben.token })).statusCode).toBe(200);
  });

  it("gives the budget back when the minute turns", async () => {
    clock = START + 44_000;
    const refused = await ask(t, { token: ana.token });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBe("1");
    clock = START + 45_000;
    expect((await ask(t, { token: ana.token })).statusCode).toBe(200);
    expect((await ask(t, { ip: "10.1.0.1" })).statusCode).toBe(200);
  });

  it("does not count a CORS preflight", async () => {
    for (let i = 0; i < 3; i++) {
      const preflight = await t.app.inject({ method: "OPTIONS", url: "/graphql", remoteAddress: "10.2.0.1" });
      expect(preflight.statusCode).not.toBe(429);
    }
    expect((await ask(t, { ip: "10.2.0.1" })).statusCode).toBe(200);
  });
});

/** Two instances behind one load balancer count one person's requests together in Redis. */
describe.skipIf(!reachable)("GraphQL request budgets across instances", () => {
  let first: TestApp;
  let second: TestApp;
  const env = {
    REDIS_URL: testRedisUrl,
    REQUIRE_EMAIL_VERIFICATION: "false",
    GRAPHQL_RATE_LIMIT_PER_USER_PER_MINUTE: "3",
    GRAPHQL_RATE_LIMIT_PER_IP_PER_MINUTE: "5",
  };
  const now = () => new Date(START);

  beforeAll(async () => {
    first = await createTestApp(env, { now });
    second = await createTestApp(env, { now, database: first.database });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it("refuses on one instance what the other already spent", async () => {
    const user = await signUpUser(first, "roaming");
    expect((await ask(second, { token: user.token })).statusCode).toBe(200);
    expect((await ask(first, { token: user.token })).statusCode).toBe(200);
    const refused = await ask(second, { token: user.token });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBe("45");
    expect(refused.json().errors[0].extensions.code).toBe("RATE_LIMITED");
  });
});
