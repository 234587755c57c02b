import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/app.js";

describe("connectivity endpoints", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("answers GET /ping for the extension", async () => {
    const response = await t.app.inject({ method: "GET", url: "/ping" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("answers /version.json with the client version and the build id, whatever the cache-buster", async () => {
    const response = await t.app.inject({ method: "GET", url: "/version.json?t=1795400000000" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ version: "4.5.51", buildId: "test-build" });
    expect(response.headers["cache-control"]).toBe("no-store");
  });
});
