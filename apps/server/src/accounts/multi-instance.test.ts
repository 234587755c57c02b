import { randomInt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/app.js";
import { signUpUser } from "../testing/factories.js";
import { testRedisAnswers, testRedisUrl } from "../testing/redis.js";

const reachable = await testRedisAnswers();

/** An address no other run uses, so limits counted in the shared Redis start from zero. */
const freshAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

const login = (t: TestApp, email: string, remoteAddress: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    remoteAddress,
    payload: { email, password: "Not-the-password-1" },
  });

/** Two instances behind one load balancer: one database, one Redis. */
describe.skipIf(!reachable)("two instances sharing the database and Redis", () => {
  let first: TestApp;
  let second: TestApp;
  const env = { REDIS_URL: testRedisUrl, REQUIRE_EMAIL_VERIFICATION: "false", AUTH_RATE_LIMIT_PER_MINUTE: "3" };

  beforeAll(async () => {
    first = await createTestApp(env);
    second = await createTestApp(env, { database: first.database });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it("keeps a session made on one instance signed in on the other", async () => {
    const user = await signUpUser(first, "roaming");
    const answer = await second.app.inject({
      method: "POST",
      url: "/graphql",
      headers: { authorization: `Bearer ${user.token}` },
      payload: { query: "{ viewer { id } }" },
    });
    expect(answer.json()).toEqual({ data: { viewer: { id: user.id } } });
  });

  it("counts one address's sign-in attempts on both instances together", async () => {
    const address = freshAddress();
    const email = `nobody-${randomInt(1e9)}@acme.test`;
    expect((await login(first, email, address)).statusCode).toBe(401);
    expect((await login(second, email, address)).statusCode).toBe(401);
    expect((await login(first, email, address)).statusCode).toBe(401);
    const refused = await login(second, email, address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // Another address still gets through: the limit is per caller, not global.
    expect((await login(second, email, freshAddress())).statusCode).toBe(401);
  });

  it("counts attempts against one account from many addresses on both instances together", async () => {
    const email = `target-${randomInt(1e9)}@acme.test`;
    const answers: number[] = [];
    for (let attempt = 0; attempt < 10; attempt++)
      answers.push((await login(attempt % 2 ? second : first, email, freshAddress())).statusCode);
    expect(answers.every((status) => status === 401)).toBe(true);
    const refused = await login(first, email, freshAddress());
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  });
});
