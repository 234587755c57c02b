import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedWorkspace } from "./seed.js";
import { createZenhubStandIn, type ZenhubStandIn } from "./stand-in.js";

const KEY = "zh-test-key";
let standIn: ZenhubStandIn;

beforeAll(async () => {
  standIn = await createZenhubStandIn({
    // Slow answers, so a test can spend a small budget and fill the concurrency cap.
    latencyMs: 40,
    seed: (store) =>
      seedWorkspace(store, {
        key: KEY,
        name: "Payments",
        repositories: [
          {
            ghId: 11,
            ownerName: "acme",
            name: "web-app",
            issues: Array.from({ length: 30 }, (_, index) => ({
              number: index + 1,
              ghId: 1000 + index,
              title: `Issue ${index + 1}`,
              state: index % 10 === 9 ? ("closed" as const) : ("open" as const),
              pullRequest: index % 5 === 4,
            })),
          },
        ],
      }),
  });
});
afterAll(() => standIn.close());

// Answers are whatever shape each test asked for; each test reads its own fields.
// biome-ignore lint/suspicious/noExplicitAny: see above
type Answer = any;

async function post(query: string, variables: object = {}, key = KEY) {
  const response = await fetch(standIn.endpoint, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Answer };
}

describe("ZenHub stand-in", () => {
  it("refuses an unknown key with 401 and GraphQL's error shape", async () => {
    const answer = await post("{ viewer { id } }", {}, "wrong");
    expect(answer.status).toBe(401);
    expect(answer.body.errors[0].message).toMatch(/invalid API key/);
  });

  it("refuses a document the reference schema does not allow", async () => {
    const answer = await post("{ viewer { noSuchField } }");
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].message).toMatch(/noSuchField/);
  });

  it("lists the key's workspaces and pages a pipeline's issues in order with cursors", async () => {
    const orgs = await post(
      "{ viewer { zenhubOrganizations(first: 10) { nodes { name workspaces(first: 10) { nodes { id name pipelinesConnection(first: 10) { nodes { id name } } } } } } } }",
    );
    const workspace = orgs.body.data.viewer.zenhubOrganizations.nodes[0].workspaces.nodes[0];
    expect(workspace.name).toBe("Payments");
    expect(workspace.pipelinesConnection.nodes.map((p: { name: string }) => p.name)).toEqual([
      "New Issues",
      "Icebox",
      "Backlog",
      "Sprint Backlog",
      "In Progress",
      "Review/QA",
      "Done",
    ]);
    const pipelineId = workspace.pipelinesConnection.nodes[0].id;
    const query = `query Page($pipelineId: ID!, $after: String) {
      searchIssuesByPipeline(pipelineId: $pipelineId, filters: {}, first: 2, after: $after) {
        totalCount pageInfo { hasNextPage endCursor } nodes { number }
      }
    }`;
    const seen: number[] = [];
    let after: string | null = null;
    for (;;) {
      const page: Answer = (await post(query, { pipelineId, after })).body.data.searchIssuesByPipeline;
      seen.push(...page.nodes.map((node: { number: number }) => node.number));
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(seen.length).toBeGreaterThan(2);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it("answers a workspace the key cannot read as null", async () => {
    const answer = await post('{ workspace(id: "Z2lkOi8vcmFwdG9yL1dvcmtzcGFjZS85OTk5") { id } }');
    expect(answer.body.data.workspace).toBeNull();
  });

  it("says what is left of the processing-time budget, and answers 429 with Retry-After once it is spent", async () => {
    // A small budget (400 ms of processing a minute) for a key of its own.
    standIn.budgets.limits = { ...standIn.budgets.limits, processingMsPerWindow: 400 };
    const key = "zh-small-budget";
    standIn.store.keys.set(key, standIn.store.keys.get(KEY) ?? "");
    const fine = await post("{ viewer { id } }", {}, key);
    expect(fine.status).toBe(200);
    expect(fine.headers.get("x-ratelimit-limit")).toBe("400");
    const used = Number(fine.headers.get("x-ratelimit-used"));
    // The answer took at least the 40 ms latency, and that is what it cost.
    expect(used).toBeGreaterThanOrEqual(40);
    expect(Number(fine.headers.get("x-ratelimit-remaining"))).toBe(400 - used);
    standIn.throttleNext(1, 3);
    const throttled = await post("{ viewer { id } }", {}, key);
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get("retry-after")).toBe("3");
    let last = fine;
    for (let i = 0; i < 20 && last.status !== 429; i++) last = await post("{ viewer { id } }", {}, key);
    expect(last.status).toBe(429);
    expect(last.headers.get("x-ratelimit-remaining")).toBe("0");
    // 400 ms a minute refills about 6.7 ms a second: a request's worth takes whole seconds.
    expect(Number(last.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  });

  it("runs at most 30 requests of one key at once, refusing the rest with 429", async () => {
    standIn.budgets.limits = { ...standIn.budgets.limits, processingMsPerWindow: 1_000_000 };
    standIn.budgets.peakConcurrent = 0;
    // Long enough that 40 requests overlap even on a busy machine (at 40 ms some finished before the last arrived).
    standIn.setLatency(2_000);
    const answers = await Promise.all(Array.from({ length: 40 }, () => post("{ viewer { id } }")));
    standIn.setLatency(40);
    expect(answers.filter((answer) => answer.status === 429).length).toBeGreaterThan(0);
    expect(standIn.budgets.peakConcurrent).toBe(30);
  });
});
