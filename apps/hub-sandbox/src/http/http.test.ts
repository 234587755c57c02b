import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedIssues } from "../seed/bulk.js";
import { seedDemo } from "../seed/demo.js";
import { failureOf, startTestSandbox, type TestSandbox } from "../testing/harness.js";

/** Every issue of the seeded repository of 75, open or closed. */
const BIG = { owner: "demo", repo: "big", state: "all" } as const;

describe("pagination, conditional requests and rate limits", () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox({
      seed: (store) => {
        seedDemo(store);
        seedIssues(store, { owner: "demo", repo: "big", issues: 75, pullRequestEvery: 0 });
      },
    });
  });
  afterAll(() => sandbox.close());

  it("pages lists 30 at a time with a Link header Octokit can follow", async () => {
    const octokit = sandbox.octokit(sandbox.tokenFor("demo"));
    const first = await octokit.rest.issues.listForRepo(BIG);
    expect(first.data).toHaveLength(30);
    expect(first.headers.link).toContain('page=2>; rel="next"');
    expect(first.headers.link).toContain('page=3>; rel="last"');

    const all = await octokit.paginate(octokit.rest.issues.listForRepo, BIG);
    expect(all).toHaveLength(75);
    expect(new Set(all.map((issue) => issue.number)).size).toBe(75);
  });

  it("caps per_page at 100", async () => {
    const octokit = sandbox.octokit(sandbox.tokenFor("demo"));
    const { data, headers } = await octokit.rest.issues.listForRepo({ ...BIG, per_page: 500 });
    expect(data).toHaveLength(75);
    expect(headers.link).toBeUndefined();
  });

  it("answers an unchanged resource with 304 and does not charge it", async () => {
    const octokit = sandbox.octokit(sandbox.tokenFor("mona"));
    const first = await octokit.rest.issues.listForRepo({ owner: "acme", repo: "web-app" });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);

    const notModified = await failureOf(
      octokit.rest.issues.listForRepo({ owner: "acme", repo: "web-app", headers: { "if-none-match": etag } }),
    );
    expect(notModified.status).toBe(304);
    expect(notModified.headers["x-ratelimit-remaining"]).toBe(first.headers["x-ratelimit-remaining"]);

    const charged = await octokit.rest.issues.listForRepo({
      owner: "acme",
      repo: "web-app",
      headers: { "if-none-match": '"stale"' },
    });
    expect(Number(charged.headers["x-ratelimit-remaining"])).toBe(Number(first.headers["x-ratelimit-remaining"]) - 1);
  });

  it("gives a new ETag once the resource changes", async () => {
    const octokit = sandbox.octokit(sandbox.tokenFor("demo"));
    const before = await octokit.rest.issues.get({ owner: "demo", repo: "notes", issue_number: 1 });
    await octokit.rest.issues.update({ owner: "demo", repo: "notes", issue_number: 1, title: "Renamed" });
    const after = await octokit.rest.issues.get({
      owner: "demo",
      repo: "notes",
      issue_number: 1,
      headers: { "if-none-match": String(before.headers.etag) },
    });
    expect(after.status).toBe(200);
    expect(after.data.title).toBe("Renamed");
  });
});

describe("exhausting the rate limit", () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox({ rateLimits: { core: 3 } });
  });
  afterAll(() => sandbox.close());

  it("counts down and then refuses with 403 and the rate-limit headers", async () => {
    const octokit = sandbox.octokit(sandbox.tokenFor("demo"));
    const remaining: string[] = [];
    for (let call = 0; call < 3; call += 1) {
      const { headers } = await octokit.rest.users.getAuthenticated();
      remaining.push(String(headers["x-ratelimit-remaining"]));
      expect(headers["x-ratelimit-limit"]).toBe("3");
      expect(headers["x-ratelimit-resource"]).toBe("core");
    }
    expect(remaining).toEqual(["2", "1", "0"]);

    const refused = await failureOf(octokit.rest.users.getAuthenticated());
    expect(refused.status).toBe(403);
    expect(refused.headers["x-ratelimit-remaining"]).toBe("0");
    expect(Number(refused.headers["x-ratelimit-reset"])).toBeGreaterThan(Date.now() / 1000);
    expect(refused.data).toMatchObject({ message: expect.stringContaining("API rate limit exceeded") });
  });

  it("reports the allowances on GET /rate_limit without spending any", async () => {
    const octokit = sandbox.octokit(sandbox.tokenFor("hubot"));
    const first = await octokit.rest.rateLimit.get();
    const second = await octokit.rest.rateLimit.get();
    expect(second.data.resources.core).toMatchObject({ limit: 3, used: 0, remaining: 3 });
    expect(second.data.resources.search).toMatchObject({ limit: 30, used: 0 });
    expect(second.data.rate).toEqual(first.data.rate);
  });

  it("keeps each account's allowance separate", async () => {
    const { headers } = await sandbox.octokit(sandbox.tokenFor("mona")).rest.users.getAuthenticated();
    expect(headers["x-ratelimit-remaining"]).toBe("2");
  });
});
