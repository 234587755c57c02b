import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/app.js";

describe("the API docs served by the app", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: "https://gantry.example", PUBLIC_API_BUDGET_MS_PER_MINUTE: "60000" });
  });
  afterAll(() => t.close());

  it("lists every root field and type of the running schema with its description", async () => {
    const response = await t.app.inject({ method: "GET", url: "/docs/api" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    const html = response.body;
    expect(html).toContain('<section id="type-Query"><h2><span class="kind">type</span> Query</h2>');
    expect(html).toContain("<td><code>searchIssuesByPipeline</code></td>");
    expect(html).toContain("<td><code>createApiKey</code></td>");
    expect(html).toContain('<a href="#type-Workspace">Workspace</a>');
    expect(html).toContain("Average points completed in the last 3 closed sprints; null before any has closed.");
    expect(html).toContain("<td><code>name</code></td><td><code>String!</code></td>");
    expect(html).not.toContain("<script");
  });

  it("gets a script started with this install's address and limits", async () => {
    const response = await t.app.inject({ method: "GET", url: "/docs/api/getting-started" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("curl -s https://gantry.example/public/graphql");
    expect(response.body).toContain("<strong>60,000 ms per\nminute</strong>");
    expect(response.body).toContain("X-RateLimit-Limit: 60000");
    // A ZenHub script's port: its two environment variables, pointed at this install's ZenHub-named endpoint.
    expect(response.body).toContain("+ ZENHUB_GRAPHQL_URL=https://gantry.example/public/zenhub/graphql\n");
    expect(response.body).toContain("docs/api/porting-from-zenhub.md");
    const css = await t.app.inject({ method: "GET", url: "/docs/api/docs.css" });
    expect(css.headers["content-type"]).toBe("text/css; charset=utf-8");
    expect(css.body).toContain("prefers-color-scheme: dark");
  });
});
