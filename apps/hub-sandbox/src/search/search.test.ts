import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { failureOf, startTestSandbox, type TestSandbox } from "../testing/harness.js";
import { parseIssueSearch } from "./query.js";

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

describe("issue search", () => {
  it("reads qualifiers, quoted values and free text", () => {
    expect(parseIssueSearch('repo:acme/web-app is:pr state:open label:"help wanted" Safari checkout')).toEqual({
      repositories: ["acme/web-app"],
      type: "pr",
      state: "open",
      labels: ["help wanted"],
      terms: ["safari", "checkout"],
    });
  });

  it("finds pull requests by repository and state", async () => {
    const octokit = sandbox.octokit(sandbox.tokenFor("demo"));
    const { data } = await octokit.rest.search.issuesAndPullRequests({ q: "repo:acme/web-app is:pr is:open" });
    expect(data.items.map((item) => item.title).sort()).toEqual(["Fix checkout on Safari", "Upgrade to React 19"]);
    expect(data.total_count).toBe(2);
    expect(data.items.every((item) => item.pull_request !== undefined)).toBe(true);
  });

  it("matches words in titles and bodies, issues only when asked", async () => {
    const octokit = sandbox.octokit(sandbox.tokenFor("demo"));
    const { data } = await octokit.rest.search.issuesAndPullRequests({ q: "safari is:issue" });
    expect(data.items.map((item) => item.number)).toEqual([1]);
    expect(data.items[0]?.repository_url).toBe(`${sandbox.apiUrl}/repos/acme/web-app`);
  });

  it("does not find what the viewer may not see", async () => {
    const { data } = await sandbox
      .octokit(sandbox.tokenFor("hubot"))
      .rest.search.issuesAndPullRequests({ q: "repo:acme/api" });
    expect(data.total_count).toBe(0);
  });

  it("requires a query and counts against the search rate limit", async () => {
    const octokit = sandbox.octokit(sandbox.tokenFor("demo"));
    const failure = await failureOf(octokit.rest.search.issuesAndPullRequests({ q: "" }));
    expect(failure.status).toBe(422);
    expect(failure.headers["x-ratelimit-resource"]).toBe("search");
    expect(failure.headers["x-ratelimit-limit"]).toBe("30");
  });
});
