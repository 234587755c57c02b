import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedIssues } from "../seed/bulk.js";
import { startTestSandbox, type TestSandbox } from "../testing/harness.js";

describe("the request log option", () => {
  const seen: { method: string; url: string }[] = [];
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox({
      apiPrefix: "/api/v3",
      seed: (store) => seedIssues(store, { owner: "demo", repo: "big", issues: 250, pullRequestEvery: 0 }),
      onRequest: (request) => seen.push(request),
    });
  });
  afterAll(() => sandbox.close());

  it("tells of every request, so a benchmark can count the list pages an import asked for", async () => {
    const octokit = sandbox.octokit(sandbox.tokenFor("demo"));
    const issues = await octokit.paginate(octokit.rest.issues.listForRepo, {
      owner: "demo",
      repo: "big",
      state: "all",
      per_page: 100,
    });
    await octokit.rest.users.getAuthenticated();
    expect(issues).toHaveLength(250);
    expect(seen.map((request) => `${request.method} ${request.url.replace(/\?.*/, "")}`)).toEqual([
      "GET /api/v3/repos/demo/big/issues",
      "GET /api/v3/repos/demo/big/issues",
      "GET /api/v3/repos/demo/big/issues",
      "GET /api/v3/user",
    ]);
    expect(seen[1]?.url).toContain("page=2");
  });
});
