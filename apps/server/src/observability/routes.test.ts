import type { Database } from "@gantry/db";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimitReadings } from "../codehost/github-client.js";
import { createTestApp, type TestApp } from "../testing/app.js";
import { registerObservabilityRoutes } from "./routes.js";

const OUTSIDE = "203.0.113.7";

describe("health, readiness and metrics", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("answers liveness, and readiness once the database answers", async () => {
    const live = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: "ok" });
    const ready = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ready", checks: { database: "ok" } });
  });

  it("counts requests by route pattern in Prometheus's text format, for loopback callers", async () => {
    await t.app.inject({ method: "GET", url: "/version.json?t=1" });
    await t.app.inject({ method: "GET", url: "/version.json?t=2" });
    rateLimitReadings.set("octocat", { limit: 5000, remaining: 4321, resetAt: new Date() });
    const metrics = await t.app.inject({ method: "GET", url: "/metrics" });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.headers["content-type"]).toMatch(/^text\/plain/);
    expect(metrics.body).toMatch(
      /gantry_http_request_duration_seconds_count\{method="GET",route="\/version.json",status_code="200"\} 2\n/,
    );
    expect(metrics.body).toContain("gantry_github_rate_limit_remaining 4321");
    expect(metrics.body).toContain("# TYPE gantry_job_queue_depth gauge");
    rateLimitReadings.delete("octocat");
  });

  it("refuses metrics to other callers, even when they claim to be forwarded from loopback", async () => {
    const outside = await t.app.inject({ method: "GET", url: "/metrics", remoteAddress: OUTSIDE });
    expect(outside.statusCode).toBe(403);
    const forged = await t.app.inject({
      method: "GET",
      url: "/metrics",
      remoteAddress: OUTSIDE,
      headers: { "x-forwarded-for": "127.0.0.1" },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.body).not.toContain("gantry_http_request_duration_seconds");
  });
});

describe("metrics behind a token", () => {
  let t: TestApp;
  const token = "metrics-token-for-tests-0123456789";
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: token });
  });
  afterAll(() => t.close());

  it("serves metrics to a caller with the token, from anywhere, and to no one else", async () => {
    const withToken = await t.app.inject({
      method: "GET",
      url: "/metrics",
      remoteAddress: OUTSIDE,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(withToken.statusCode).toBe(200);
    const wrong = await t.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${token.slice(1)}x` },
    });
    expect(wrong.statusCode).toBe(401);
    const none = await t.app.inject({ method: "GET", url: "/metrics" });
    expect(none.statusCode).toBe(401);
  });
});

describe("readiness without a database", () => {
  it("answers 503 naming the database, so a load balancer stops sending traffic", async () => {
    const app = Fastify();
    const unreachable = { execute: () => Promise.reject(new Error("connection refused")) } as unknown as Database;
    registerObservabilityRoutes(app, { db: unreachable, metricsToken: undefined });
    const ready = await app.inject({ method: "GET", url: "/readyz" });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: "not ready", checks: { database: "unreachable" } });
    const live = await app.inject({ method: "GET", url: "/healthz" });
    expect(live.statusCode).toBe(200);
    await app.close();
  });
});
