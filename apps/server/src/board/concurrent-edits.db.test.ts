import { testEngines } from "@gantry/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../testing/app.js";
import { createIssue, type GraphQLAnswer, gql, type TestUser, workspaceBoard } from "../testing/factories.js";
import { createSignUpTestApp, workspaceTeam } from "../testing/team.js";

const UPDATE = `mutation ($input: UpdateIssueInput!) { updateIssue(input: $input) { issue { id } } }`;
const ESTIMATE = `mutation ($issueId: ID!, $value: Float) { setEstimate(input: { issueId: $issueId, value: $value }) { issue { id } } }`;
const MOVE = `mutation ($input: MoveIssueInput!) { moveIssue(input: $input) { issue { id } } }`;
const READ = `query ($issue: ID!, $ws: ID!, $a: ID!, $b: ID!) {
  issue: node(id: $issue) { ... on Issue { title body estimate { value } pipelineIssue(workspaceId: $ws) { pipeline { id } } } }
  a: searchIssuesByPipeline(pipelineId: $a, first: 100) { nodes { id } }
  b: searchIssuesByPipeline(pipelineId: $b, first: 100) { nodes { id } }
}`;

const ESTIMATES = [1, 2, 3, 5, 8];
const ROUNDS = 12;

/**
 * Two people edit the same issue (title and body together, estimate) and move the same cards
 * between two pipelines at the same time: every request is sent before any is answered. Whoever
 * wins each field, both must then read one and the same state, with no edit torn in half and
 * every card exactly once on the board.
 */
describe.each(testEngines())("two people editing the same issue at once, on %s", (engine) => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let workspace: string;
  let pipelines: [string, string];
  let issues: string[];

  beforeAll(async () => {
    t = await createSignUpTestApp(engine);
    const team = await workspaceTeam(t, { bob: "editor" }, { owner: "alice" });
    ({ owner: alice, workspace } = team);
    bob = team.people.bob;
    const board = await workspaceBoard(t, alice, workspace);
    const [first, second] = board.pipelines;
    if (!first || !second) throw new Error("a new workspace has at least two pipelines");
    pipelines = [first, second];
    issues = [];
    for (let index = 0; index < 4; index++) {
      issues.push(
        await createIssue(t, alice, {
          repositoryId: board.gantryRepository,
          title: `Card ${index}`,
          pipelineId: first,
        }),
      );
    }
  });
  afterAll(() => t.close());

  it("ends in one consistent state that both see", async () => {
    const [target] = issues;
    if (!target) throw new Error("issues were created");
    const requests: Promise<GraphQLAnswer>[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const [who, person] of [
        ["alice", alice],
        ["bob", bob],
      ] as const) {
        const label = `${who} ${round}`;
        requests.push(
          gql(t, person.token, UPDATE, {
            input: { issueId: target, title: `Title by ${label}`, body: `Body by ${label}` },
          }),
          gql(t, person.token, ESTIMATE, { issueId: target, value: ESTIMATES[round % ESTIMATES.length] }),
          // Each moves the shared card and another one, to opposite pipelines and varying positions.
          gql(t, person.token, MOVE, {
            input: {
              issueId: target,
              pipelineId: pipelines[(round + (who === "bob" ? 1 : 0)) % 2],
              position: round % 3,
            },
          }),
          gql(t, person.token, MOVE, {
            input: { issueId: issues[1 + (round % 3)], pipelineId: pipelines[round % 2], position: 0 },
          }),
        );
      }
    }
    const answers = await Promise.all(requests);
    // Every request either applied or was refused with a code a client can act on; none failed inside.
    const failures = answers.flatMap((answer) => answer.errors ?? []);
    expect(failures.filter((error) => error.extensions?.code !== "CONFLICT")).toEqual([]);
    expect(answers.filter((answer) => !answer.errors)).not.toHaveLength(0);

    const variables = { issue: target, ws: workspace, a: pipelines[0], b: pipelines[1] };
    const seenByAlice = await gql(t, alice.token, READ, variables);
    const seenByBob = await gql(t, bob.token, READ, variables);
    expect(seenByAlice.errors).toBeUndefined();
    expect(seenByBob).toEqual(seenByAlice);

    const data = seenByAlice.data as {
      issue: {
        title: string;
        body: string;
        estimate: { value: number } | null;
        pipelineIssue: { pipeline: { id: string } };
      };
      a: { nodes: { id: string }[] };
      b: { nodes: { id: string }[] };
    };
    // Title and body were sent together, so they come from the same request.
    expect(data.issue.body).toBe(data.issue.title.replace("Title by", "Body by"));
    expect(data.issue.title).toMatch(/^Title by (alice|bob) \d+$/);
    expect(ESTIMATES).toContain(data.issue.estimate?.value);
    // Every card is on the board exactly once, and the shared card where its issue says it is.
    const onBoard = [...data.a.nodes, ...data.b.nodes].map((node) => node.id);
    expect([...onBoard].sort()).toEqual([...issues].sort());
    const column = data.a.nodes.some((node) => node.id === target) ? pipelines[0] : pipelines[1];
    expect(data.issue.pipelineIssue.pipeline.id).toBe(column);
  });
});
