/**
 * Issue 29's proof that a ZenHub script ports by changing its URL and key: the script kept in the docs
 * (docs/api/examples/zenhub-sprint-report.mjs) runs unchanged, as a child process with only
 * ZENHUB_GRAPHQL_URL and ZENHUB_API_KEY set, against Gantry's HTTP server listening on loopback.
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { testEngines } from "@gantry/db/testing";
import { referenceSchema } from "@gantry/zenhub-stand-in/stand-in";
import { parse, validate } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/app.js";
import type { GraphQLAnswer } from "../../testing/factories.js";
import { issueAt, type WorkspaceIssues, workspaceWithIssues } from "../../testing/workspace-issues.js";
import { ZENHUB_GRAPHQL_PATH } from "../route.js";
import { createKey, placeFixtureIssues, publicGql, weeklySprints } from "../testing.js";

const SCRIPT = join(import.meta.dirname, "../../../../../docs/api/examples/zenhub-sprint-report.mjs");
const run = promisify(execFile);

/** The script's GraphQL operations, each with the fragments it interpolates, by constant name. */
function scriptOperations(): Record<string, string> {
  const constants = new Map(
    [...readFileSync(SCRIPT, "utf8").matchAll(/const (\w+) = `([^`]*)`;/g)].map((match) => [
      match[1] as string,
      match[2] as string,
    ]),
  );
  return Object.fromEntries(
    [...constants]
      .filter(([, text]) => /^\s*(query|mutation)\b/.test(text))
      .map(([name, text]) => [name, text.replace(/\$\{(\w+)\}/g, (_, used: string) => constants.get(used) ?? "")]),
  );
}

describe("the ported ZenHub script", () => {
  it("is a ZenHub script: it posts to ZenHub's endpoint unless told otherwise and never names Gantry", () => {
    const text = readFileSync(SCRIPT, "utf8");
    expect(text).toContain('process.env.ZENHUB_GRAPHQL_URL ?? "https://api.zenhub.com/public/graphql"');
    expect(text).toMatch(/Authorization: `Bearer \$\{API_KEY\}`/);
    expect(text).not.toMatch(/gantry/i);
  });

  it("is written against ZenHub's own schema: every operation validates against the reference", () => {
    const operations = scriptOperations();
    expect(Object.keys(operations).length).toBeGreaterThanOrEqual(8);
    const reference = referenceSchema();
    for (const [name, operation] of Object.entries(operations)) {
      expect([name, validate(reference, parse(operation)).map((error) => error.message)]).toEqual([name, []]);
    }
  });
});

interface Sprint {
  id: string;
  name: string;
  startAt: string;
  endAt: string;
}

describe.each(testEngines())("a ZenHub sprint-report script run unchanged against Gantry, on %s", (engine) => {
  let t: TestApp;
  let w: WorkspaceIssues;
  let secret: string;
  let endpoint: string;
  let workspaceName: string;
  let sprint: Sprint;
  let pipelineIds: Record<string, string>;

  const zenhub = async (query: string, variables: Record<string, unknown> = {}) => {
    const answer: GraphQLAnswer = await publicGql(t, secret, query, variables, ZENHUB_GRAPHQL_PATH);
    expect(answer.errors).toBeUndefined();
    return answer.data as Record<string, unknown>;
  };
  /** The script as a ZenHub user runs it: its environment holds the two variables and nothing else. */
  const script = (args: string[], key = secret) =>
    run(process.execPath, [SCRIPT, ...args], {
      env: { ZENHUB_GRAPHQL_URL: endpoint, ZENHUB_API_KEY: key },
      timeout: 120_000,
    });
  const pipelineIssues = async (name: string) => {
    const data = await zenhub(
      `query ($pipelineId: ID!, $workspaceId: ID!) {
        searchIssuesByPipeline(pipelineId: $pipelineId, filters: {}, first: 50) {
          nodes { number estimate { value } sprints(first: 5) { nodes { id } } pipelineIssue(workspaceId: $workspaceId) { pipeline { name } } }
        }
      }`,
      { pipelineId: pipelineIds[name], workspaceId: w.workspace },
    );
    return (data.searchIssuesByPipeline as { nodes: unknown[] }).nodes;
  };

  beforeAll(async () => {
    t = await createTestApp({ REQUIRE_EMAIL_VERIFICATION: "false", AUTH_RATE_LIMIT_PER_MINUTE: "10000" }, { engine });
    // 30 GitHub issues in New Issues: more than the script's page of 25, so its paging loop must follow the cursor.
    w = await workspaceWithIssues(t, { native: 4, gitHub: 30 });
    await placeFixtureIssues(t, issueAt(w.gitHub, 0));
    await weeklySprints(t, w.owner, w.workspace);
    secret = (await createKey(t, w.owner, "sprint report")).secret;
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const address = t.app.server.address();
    if (!address || typeof address === "string") throw new Error("the server is not listening on a port");
    endpoint = `http://127.0.0.1:${address.port}${ZENHUB_GRAPHQL_PATH}`;

    const board = (await zenhub(
      `query ($workspaceId: ID!) {
        workspace(id: $workspaceId) { name activeSprint { id name startAt endAt } pipelinesConnection(first: 50) { nodes { id name } } }
      }`,
      { workspaceId: w.workspace },
    )) as {
      workspace: {
        name: string;
        activeSprint: Sprint | null;
        pipelinesConnection: { nodes: { id: string; name: string }[] };
      };
    };
    workspaceName = board.workspace.name;
    sprint = board.workspace.activeSprint as Sprint;
    pipelineIds = Object.fromEntries(board.workspace.pipelinesConnection.nodes.map((p) => [p.name, p.id]));

    // The team's board before the script: native issues #1 to #3 in Backlog (#1 estimated 5), #101 estimated 3,
    // and an epic "Launch" of #101 and the closed native issue #4.
    for (const [position, issueId] of w.native.slice(0, 3).entries()) {
      await zenhub(
        `mutation ($issueId: ID!, $pipelineId: ID!, $position: Int) {
          moveIssue(input: { issueId: $issueId, pipelineId: $pipelineId, position: $position }) { issue { id } }
        }`,
        { issueId, pipelineId: pipelineIds.Backlog, position },
      );
    }
    const estimate = `mutation ($issueId: ID!, $value: Float!) { setEstimate(input: { issueId: $issueId, value: $value }) { issue { id } } }`;
    await zenhub(estimate, { issueId: issueAt(w.native, 0), value: 5 });
    await zenhub(estimate, { issueId: issueAt(w.gitHub, 0), value: 3 });
    const created = await zenhub(
      `mutation ($workspaceId: ID!) {
        createZenhubEpic(input: { workspaceId: $workspaceId, zenhubEpic: { title: "Launch", body: "" } }) { zenhubEpic { id } }
      }`,
      { workspaceId: w.workspace },
    );
    const epicId = (created.createZenhubEpic as { zenhubEpic: { id: string } }).zenhubEpic.id;
    await zenhub(
      `mutation ($issueIds: [ID!]!, $zenhubEpicIds: [ID!]!) {
        addIssuesToZenhubEpics(input: { issueIds: $issueIds, zenhubEpicIds: $zenhubEpicIds }) { zenhubEpics { id } }
      }`,
      { issueIds: [issueAt(w.gitHub, 0), issueAt(w.native, 3)], zenhubEpicIds: [epicId] },
    );
    const closed = await zenhub(
      `mutation ($issueIds: [ID!]!) { closeIssues(input: { issueIds: $issueIds }) { successCount } }`,
      { issueIds: [issueAt(w.native, 3)] },
    );
    expect(closed).toEqual({ closeIssues: { successCount: 1 } });
  }, 240_000);
  afterAll(() => t.close());

  it("plans the sprint: estimates, adds and moves Backlog's issues, then reports pipelines, sprint and epics", async () => {
    const { stdout, stderr } = await script([
      "--workspace",
      workspaceName,
      "--plan",
      "Backlog",
      "--into",
      "In Progress",
      "--default-estimate",
      "2",
    ]);
    expect(stderr).toBe("");
    expect(stdout.split("\n")).toEqual([
      "Estimated #2 at 2",
      "Estimated #3 at 2",
      `Added 3 issues to ${sprint.name}`,
      "Moved 3 issues from Backlog to In Progress",
      "",
      `# ${workspaceName}`,
      "",
      "## Pipelines",
      "- New Issues: 30 issues, 3 points",
      "- Icebox: 0 issues, 0 points",
      "- Backlog: 0 issues, 0 points",
      "- In Progress: 3 issues, 9 points",
      "- Review/QA: 0 issues, 0 points",
      "- Done: 0 issues, 0 points",
      "",
      `## ${sprint.name} (${sprint.startAt.slice(0, 10)} to ${sprint.endAt.slice(0, 10)})`,
      "0 of 9 points done, 0 issues closed",
      "",
      "## Epics",
      "- Launch [OPEN]: 1/2 closed, 3 points #4 #101",
      "",
    ]);

    // What a teammate sees on the board afterwards: the three issues at the top of In Progress in their
    // Backlog order, estimated, in the active sprint.
    expect(await pipelineIssues("In Progress")).toEqual(
      [
        [1, 5],
        [2, 2],
        [3, 2],
      ].map(([number, value]) => ({
        number,
        estimate: { value },
        sprints: { nodes: [{ id: sprint.id }] },
        pipelineIssue: { pipeline: { name: "In Progress" } },
      })),
    );
    expect(await pipelineIssues("Backlog")).toEqual([]);
  });

  it("reads the same board again without changing it, and names what is missing when asked to plan an empty pipeline", async () => {
    const { stdout } = await script(["--workspace", workspaceName, "--plan", "Backlog"]);
    expect(stdout).toMatch(/^Nothing to plan: Backlog has no open issues\.\n\n# /);
    expect(stdout).toContain("- In Progress: 3 issues, 9 points\n");
    const unknown = await script(["--workspace", workspaceName, "--plan", "Sprint Backlog"]).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(unknown).toMatchObject({ code: 1, stderr: `No pipeline named "Sprint Backlog" in ${workspaceName}\n` });
  });

  it("stops with the API's answer when the key is not a Gantry key", async () => {
    const refused = await script(["--workspace", workspaceName], "zh_not_a_gantry_key").catch(
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(refused).toMatchObject({ code: 1, stdout: "" });
    expect((refused as { stderr: string }).stderr).toMatch(/^ZenHub API answered HTTP 401: /);
  });
});
