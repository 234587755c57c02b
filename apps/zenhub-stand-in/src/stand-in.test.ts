import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedWorkspace } from "./seed.js";
import { createZenhubStandIn, type ZenhubStandIn } from "./stand-in.js";

const KEY = "zh-test-key";
let standIn: ZenhubStandIn;

beforeAll(async () => {
  standIn = await createZenhubStandIn({
    requestsPerWindow: 40,
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

  it("sends rate-limit headers, and 429 with Retry-After when told to or over budget", async () => {
    const fine = await post("{ viewer { id } }");
    expect(fine.headers.get("x-ratelimit-limit")).toBe("40");
    standIn.throttleNext(1, 3);
    const throttled = await post("{ viewer { id } }");
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get("retry-after")).toBe("3");
    let status = 200;
    for (let i = 0; i < 40 && status !== 429; i++) status = (await post("{ viewer { id } }")).status;
    expect(status).toBe(429);
  });
});
