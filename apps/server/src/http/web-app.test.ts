import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/app.js";

describe("serving the web app", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ GANTRY_PRODUCT_NAME: "Acme Plan", GANTRY_EDITION: "enterprise" });
  });
  afterAll(() => t.close());

  it("answers any page address with index.html (history fallback)", async () => {
    for (const url of ["/", "/landing", "/no-such-page", "/workspaces/abc/board?repos=1"]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"]).toContain("text/html");
      expect(response.body).toContain("<div id=root>");
    }
  });

  it("writes the install's settings into a meta tag, escaped", async () => {
    const response = await t.app.inject({ method: "GET", url: "/landing" });
    const match = /<meta name="gantry-config" content="([^"]*)">/.exec(response.body);
    expect(match).not.toBeNull();
    const json = (match?.[1] ?? "").replaceAll("&quot;", '"').replaceAll("&amp;", "&");
    expect(JSON.parse(json)).toMatchObject({ productName: "Acme Plan", edition: "enterprise" });
  });

  it("answers a missing file or API path with a 404, not the page", async () => {
    const asset = await t.app.inject({ method: "GET", url: "/assets/missing.js" });
    expect(asset.statusCode).toBe(404);
    const post = await t.app.inject({ method: "POST", url: "/nothing-here" });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toMatchObject({ error: "Not Found" });
  });

  it("sends a strict Content-Security-Policy and the usual security headers", async () => {
    const response = await t.app.inject({ method: "GET", url: "/landing" });
    const csp = response.headers["content-security-policy"];
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-inline");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
  });
});
