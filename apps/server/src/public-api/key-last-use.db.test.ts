/**
 * A key's last use as its owner sees it on the API keys page: when, and from which address, the address
 * being the client's as TRUST_PROXY resolves it (issue #28, decision 0063), written at most once a minute.
 */
import { testEngines } from "@gantry/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/app.js";
import { field, gql, signUpUser, type TestUser } from "../testing/factories.js";
import { createKey } from "./testing.js";

const LOAD_BALANCER = "10.0.0.5";
const KEYS = "{ viewer { apiKeys { id lastUsedAt lastUsedIpAddress } } }";

interface KeyUse {
  id: string;
  lastUsedAt: string | null;
  lastUsedIpAddress: string | null;
}

describe.each(testEngines())("an API key's last use on %s", (engine) => {
  let t: TestApp;
  let owner: TestUser;
  let clockOffsetMs = 0;

  beforeAll(async () => {
    t = await createTestApp(
      // The private network the load balancers live in; anyone else's X-Forwarded-For is the client's own text.
      { REQUIRE_EMAIL_VERIFICATION: "false", TRUST_PROXY: "10.0.0.0/8" },
      { engine, now: () => new Date(Date.now() + clockOffsetMs) },
    );
    owner = await signUpUser(t, "key-owner");
  });
  afterAll(() => t.close());

  const call = (secret: string, remoteAddress: string, forwardedFor?: string) =>
    t.app.inject({
      method: "POST",
      url: "/public/graphql",
      remoteAddress,
      payload: { query: "{ viewer { email } }" },
      headers: { authorization: `Bearer ${secret}`, ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}) },
    });

  const lastUse = async (id: string) => {
    const keys = field<{ apiKeys: KeyUse[] }>(await gql(t, owner.token, KEYS), "viewer").apiKeys;
    const key = keys.find((listed) => listed.id === id);
    return { at: key?.lastUsedAt ?? null, from: key?.lastUsedIpAddress ?? null };
  };

  it("says never for a key no request used", async () => {
    const key = await createKey(t, owner, "unused");
    expect(await lastUse(key.id)).toEqual({ at: null, from: null });
  });

  it("records the address the trusted load balancer saw, not the left-most one the client wrote", async () => {
    const key = await createKey(t, owner, "behind the balancer");
    const before = Date.now() + clockOffsetMs;
    expect((await call(key.secret, LOAD_BALANCER, "198.51.100.7, 203.0.113.20")).statusCode).toBe(200);
    const use = await lastUse(key.id);
    expect(use.from).toBe("203.0.113.20");
    expect(new Date(use.at ?? 0).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it("records a direct caller's own address, whatever X-Forwarded-For it sends", async () => {
    const key = await createKey(t, owner, "direct");
    expect((await call(key.secret, "198.51.100.9", "203.0.113.66")).statusCode).toBe(200);
    expect((await lastUse(key.id)).from).toBe("198.51.100.9");
  });

  it("writes the last use at most once a minute, then the time and address of the next request", async () => {
    const key = await createKey(t, owner, "busy script");
    await call(key.secret, "198.51.100.10");
    const first = await lastUse(key.id);
    expect(first.from).toBe("198.51.100.10");

    clockOffsetMs += 30_000;
    await call(key.secret, "198.51.100.11");
    expect(await lastUse(key.id)).toEqual(first);

    clockOffsetMs += 31_000;
    await call(key.secret, "198.51.100.11");
    const later = await lastUse(key.id);
    expect(later.from).toBe("198.51.100.11");
    expect(new Date(later.at ?? 0).getTime() - new Date(first.at ?? 0).getTime()).toBeGreaterThanOrEqual(60_000);
  });
});
