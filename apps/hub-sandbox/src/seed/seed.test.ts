import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { failureOf, startTestSandbox, type TestSandbox } from "../testing/harness.js";
import { seedIssues } from "./bulk.js";
import { seedDemo } from "./demo.js";

describe("bulk seeding", () => {
  let sandbox: TestSandbox;
  let seedMs = 0;
  beforeAll(async () => {
    sandbox = await startTestSandbox({
      seed: (store) => {
        seedDemo(store);
        const started = performance.now();
        seedIssues(store, { owner: "bench", repo: "ten-thousand", issues: 10_000 });
        seedMs = performance.now() - started;
      },
    });
  });
  afterAll(() => sandbox.close());

  it("inserts ten thousand issues straight into the store in well under a second", () => {
    expect(sandbox.store.repository("bench", "ten-thousand")?.issues.size).toBe(10_000);
    expect(seedMs).toBeLessThan(1_000);
  });

  it("serves them through the API: a full import takes 100 pages of 100", async () => {
    const octokit = sandbox.octokit(sandbox.tokenFor("bench"));
    const { data, headers } = await octokit.rest.issues.listForRepo({
      owner: "bench",
      repo: "ten-thousand",
      state: "all",
      per_page: 100,
    });
    expect(data).toHaveLength(100);
    expect(headers.link).toContain('page=100>; rel="last"');
    const { data: pulls } = await octokit.rest.pulls.list({
      owner: "bench",
      repo: "ten-thousand",
      state: "all",
      per_page: 1,
    });
    expect(pulls[0]?.number).toBe(10_000);
  });

  it("keeps the bulk repository public and owned by its own account", async () => {
    const failure = await failureOf(
      sandbox.octokit(sandbox.tokenFor("bench")).rest.repos.get({ owner: "bench", repo: "missing" }),
    );
    expect(failure.status).toBe(404);
    const { data } = await sandbox.octokit().rest.repos.get({ owner: "bench", repo: "ten-thousand" });
    expect(data).toMatchObject({ private: false, owner: { login: "bench", type: "User" } });
  });
});
