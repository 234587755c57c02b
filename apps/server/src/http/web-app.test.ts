import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, fakeWebDist, type TestApp } from "../testing/app.js";

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
    // Styles: this origin's, and one library stylesheet by its hash (react-aria's, e2e/csp.spec.ts).
    expect(csp).toMatch(/(^|;)style-src 'self' 'sha256-[A-Za-z0-9+/]{43}='(;|$)/);
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
  });
});

describe("caching the web app (benchmark B3, decision 0072)", () => {
  let t: TestApp;
  beforeAll(async () => {
    // A build's shape: hashed files under assets/, unhashed ones (the icon) beside index.html.
    const dist = fakeWebDist();
    mkdirSync(join(dist, "assets"));
    writeFileSync(join(dist, "assets", "index-Bv_1wblU.js"), "export {};\n");
    writeFileSync(join(dist, "assets", "index-Bu2BmLWg.css"), "body{}\n");
    writeFileSync(join(dist, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
    t = await createTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(() => t.close());

  it("lets a browser keep hashed assets for a year without asking again", async () => {
    for (const url of ["/assets/index-Bv_1wblU.js", "/assets/index-Bu2BmLWg.css"]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["cache-control"], url).toBe("public, max-age=31536000, immutable");
    }
  });

  it("makes the browser ask again for index.html and unhashed files, so a new build is seen at once", async () => {
    const page = await t.app.inject({ method: "GET", url: "/workspaces/abc/board" });
    expect(page.headers["cache-control"]).toBe("no-cache");
    const icon = await t.app.inject({ method: "GET", url: "/favicon.svg" });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers["cache-control"]).not.toContain("immutable");
  });
});

describe("framing the browser extension's pages", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({});
  });
  afterAll(() => t.close());

  it("lets GitHub and extension pages frame /extension/… pages, and nothing else", async () => {
    const embedded = await t.app.inject({ method: "GET", url: "/extension/github/acme/api" });
    expect(embedded.statusCode).toBe(200);
    expect(embedded.headers["content-security-policy"]).toContain(
      "frame-ancestors https://github.com chrome-extension: moz-extension:",
    );
    expect(embedded.headers["x-frame-options"]).toBeUndefined();

    for (const url of ["/landing", "/extensions", "/graphql"]) {
      const page = await t.app.inject({ method: "GET", url });
      expect(page.headers["content-security-policy"], url).toContain("frame-ancestors 'none'");
    }
  });

  it("lets a GitHub Enterprise install's pages frame them too", async () => {
    const github = {
      webUrl: "https://ghe.acme.test",
      apiUrl: "https://ghe.acme.test/api/v3",
      clientId: "id",
      clientSecret: "secret",
      reconcileIntervalMs: 0,
    };
    const enterprise = await createTestApp({}, { github });
    try {
      const response = await enterprise.app.inject({ method: "GET", url: "/extension/github/acme/api/issues/3" });
      expect(response.headers["content-security-policy"]).toContain(
        "frame-ancestors https://github.com https://ghe.acme.test chrome-extension: moz-extension:",
      );
    } finally {
      await enterprise.close();
    }
  });
});
