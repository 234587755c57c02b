import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WEBHOOK_PATH } from "../codehost/repositories.js";
import { PUBLIC_GRAPHQL_PATH } from "../public-api/route.js";
import { createTestApp, type TestApp } from "../testing/app.js";

/** Request size limits (issue #15): every body-reading endpoint refuses an oversized body before reading it. */
describe("request size limits", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        // GitHub configured (never called here) so the webhook route exists.
        github: {
          webUrl: "http://127.0.0.1:9",
          apiUrl: "http://127.0.0.1:9/api/v3",
          clientId: "body-limit-client",
          clientSecret: "body-limit-secret",
          reconcileIntervalMs: 0,
        },
      },
    );
  });
  afterAll(() => t.close());

  const oversized = (bytes: number) => JSON.stringify({ query: "{ version }", variables: { pad: "x".repeat(bytes) } });

  it.each([
    ["/graphql", 1_100_000],
    [PUBLIC_GRAPHQL_PATH, 1_100_000],
    // GitHub sends deliveries of up to 25 MB.
    [WEBHOOK_PATH, 26 * 1024 * 1024],
  ])("answers 413 with a clear message on %s", async (url, bytes) => {
    const response = await t.app.inject({
      method: "POST",
      url,
      headers: { "content-type": "application/json", authorization: "Bearer gantry_pat_not-a-key" },
      payload: oversized(bytes),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ message: "Request body is too large" });
  });
});
