import { randomUUID } from "node:crypto";
import { testEngines } from "@gantry/db/testing";
import { encodeGlobalID } from "@pothos/plugin-relay";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BoardFixture, boardWithWebApp } from "../testing/board.js";
import { addMember, field, gql, type TestUser } from "../testing/factories.js";
import { subscribe } from "../testing/sse.js";

const MOVE_MANY = `mutation ($pipeline: ID!, $ids: [ID!]!, $position: PipelineIssuePosition, $workspace: ID) {
  movePipelineIssues(input: { pipelineId: $pipeline, issueIds: $ids, position: $position, workspaceId: $workspace }) {
    successCount failedIssues { number } githubErrors pipeline { name }
  }
}`;

interface MoveAnswer {
  successCount: number;
  failedIssues: { number: number }[];
  githubErrors: Record<string, string>;
  pipeline: { name: string };
}

describe.each(testEngines())("moving many issues at once on %s", (engine) => {
  let board: BoardFixture;
  let pipelineIds: Record<string, string>;

  beforeAll(async () => {
    board = await boardWithWebApp(engine);
    const answer = await gql(
      board.t,
      board.demo.token,
      "query ($id: ID!) { workspace(id: $id) { pipelines { id name } } }",
      {
        id: board.workspace,
      },
    );
    const pipelines = field<{ pipelines: { id: string; name: string }[] }>(answer, "workspace").pipelines;
    pipelineIds = Object.fromEntries(pipelines.map((pipeline) => [pipeline.name, pipeline.id]));
  });
  afterAll(() => board.close());

  const column = async (name: string) => {
    const answer = await gql(
      board.t,
      board.demo.token,
      "query ($id: ID!) { searchIssuesByPipeline(pipelineId: $id, first: 100) { nodes { id number state } } }",
      { id: pipelineIds[name] },
    );
    return field<{ nodes: { id: string; number: number; state: string }[] }>(answer, "searchIssuesByPipeline").nodes;
  };
  const ids = async (name: string) => (await column(name)).map((issue) => issue.id);
  const move = async (user: TestUser, pipeline: string, issueIds: string[], position?: "START" | "END") => {
    const answer = await gql(board.t, user.token, MOVE_MANY, {
      pipeline: pipeline === "Closed" ? "closed--pipeline" : pipelineIds[pipeline],
      ids: issueIds,
      position,
      workspace: board.workspace,
    });
    return answer;
  };
  const moved = async (user: TestUser, pipeline: string, issueIds: string[], position?: "START" | "END") =>
    field<MoveAnswer>(await move(user, pipeline, issueIds, position), "movePipelineIssues");
  const stateOnGitHub = (number: number) => board.hub.store.repository("acme", "web-app")?.issues.get(number)?.state;

  it("puts the selection at the top or bottom of a pipeline in the order given, the others keeping theirs", async () => {
    const [a, b, c, d, e, ...rest] = await ids("New Issues");
    if (!a || !b || !c || !d || !e) throw new Error("the demo repository needs five open issues");

    expect(await moved(board.demo, "Backlog", [c, a, e])).toEqual({
      successCount: 3,
      failedIssues: [],
      githubErrors: {},
      pipeline: { name: "Backlog" },
    });
    expect(await ids("Backlog")).toEqual([c, a, e]);
    await moved(board.demo, "Backlog", [b, d], "START");
    expect(await ids("Backlog")).toEqual([b, d, c, a, e]);
    // Moving within the pipeline, and naming an issue twice, keeps one run in the given order.
    await moved(board.demo, "Backlog", [a, b, a], "END");
    expect(await ids("Backlog")).toEqual([d, c, e, a, b]);
    expect(await ids("New Issues")).toEqual(rest);
  });

  it("closes the issues on GitHub when they go to Closed and reopens them when they come back", async () => {
    const [first, second] = await column("Backlog");
    if (!first || !second) throw new Error("Backlog needs two issues");
    expect(await moved(board.demo, "Closed", [first.id, second.id])).toMatchObject({
      successCount: 2,
      pipeline: { name: "Closed" },
    });
    expect(stateOnGitHub(first.number)).toBe("closed");
    expect(await ids("Backlog")).not.toContain(first.id);

    await moved(board.demo, "In Progress", [second.id, first.id], "END");
    expect(await column("In Progress")).toEqual([
      { ...second, state: "OPEN" },
      { ...first, state: "OPEN" },
    ]);
    expect(stateOnGitHub(second.number)).toBe("open");
  });

  it("closes and reopens native issues in Gantry alone, one move at a time or many", async () => {
    const created = await gql(
      board.t,
      board.demo.token,
      `query ($id: ID!) { workspace(id: $id) { gantryRepository { id } } }`,
      { id: board.workspace },
    );
    const repositoryId = field<{ gantryRepository: { id: string } }>(created, "workspace").gantryRepository.id;
    const native: string[] = [];
    for (const title of ["Native one", "Native two"]) {
      const answer = await gql(
        board.t,
        board.demo.token,
        "mutation ($input: CreateIssueInput!) { createIssue(input: $input) { issue { id } } }",
        { input: { repositoryId, title, pipelineId: pipelineIds.Backlog } },
      );
      native.push(field<{ issue: { id: string } }>(answer, "createIssue").issue.id);
    }
    // GitHub has no such issues: asking it would fail the moves.
    const single = await gql(
      board.t,
      board.demo.token,
      'mutation ($issue: ID!, $workspace: ID!) { moveIssue(input: { pipelineId: "closed--pipeline", issueId: $issue, workspaceId: $workspace }) { issue { state } } }',
      { issue: native[0], workspace: board.workspace },
    );
    expect(field<{ issue: { state: string } }>(single, "moveIssue").issue.state).toBe("CLOSED");
    expect(await moved(board.demo, "Closed", [native[1] ?? ""])).toMatchObject({ successCount: 1, failedIssues: [] });
    expect(await ids("Backlog")).not.toContain(native[1]);

    expect(await moved(board.demo, "In Progress", native, "START")).toMatchObject({ successCount: 2 });
    expect((await column("In Progress")).slice(0, 2).map((issue) => [issue.id, issue.state])).toEqual([
      [native[0], "OPEN"],
      [native[1], "OPEN"],
    ]);
  });

  it("reports the issues it could not move with the reason, and moves the rest", async () => {
    const hubot = await board.signIn("hubot");
    await addMember(board.t, board.organization, hubot, "member");
    const [open] = await column("In Progress");
    const [closing] = await column("Backlog");
    if (!open || !closing) throw new Error("no issues to move");
    await moved(board.demo, "Closed", [closing.id]);

    // hubot may edit the workspace but cannot push to acme/web-app, so GitHub will not reopen the closed one.
    const stranger = encodeGlobalID("Issue", randomUUID());
    const answer = await moved(hubot, "Icebox", [closing.id, open.id, stranger], "START");
    expect(answer.successCount).toBe(1);
    expect(answer.failedIssues).toEqual([{ number: closing.number }]);
    expect(answer.githubErrors[closing.id]).toMatch(/^GitHub refused the request: /);
    expect(answer.githubErrors[stranger]).toBe("This issue is not on this workspace's board.");
    expect(await ids("Icebox")).toEqual([open.id]);
    expect(stateOnGitHub(closing.number)).toBe("closed");
  });

  it("tells the workspace's other viewers which issues moved where, with the mover's clientMutationId", async () => {
    const stream = await subscribe(
      board.t,
      board.demo.token,
      `subscription ($workspace: ID!) {
        boardEvents(workspaceId: $workspace) {
          clientMutationId ... on IssuesMovedEvent { fromPipelineId toPipelineId placements { pipelineId position issue { id } } }
        }
      }`,
      { workspace: board.workspace },
    );
    const [first, second] = await ids("New Issues");
    if (!first || !second) throw new Error("New Issues needs two issues");
    const answer = await gql(
      board.t,
      board.demo.token,
      `mutation ($pipeline: ID!, $ids: [ID!]!) {
        movePipelineIssues(input: { pipelineId: $pipeline, issueIds: $ids, clientMutationId: "bulk-1" }) { successCount }
      }`,
      { pipeline: pipelineIds.Done, ids: [second, first] },
    );
    expect(field(answer, "movePipelineIssues")).toEqual({ successCount: 2 });
    expect(field(await stream.next(), "boardEvents")).toEqual({
      clientMutationId: "bulk-1",
      fromPipelineId: pipelineIds["New Issues"],
      toPipelineId: pipelineIds.Done,
      placements: expect.arrayContaining([
        { pipelineId: pipelineIds.Done, position: 0, issue: { id: second } },
        { pipelineId: pipelineIds.Done, position: 1, issue: { id: first } },
      ]),
    });
    stream.close();
  });

  it("refuses the signed out, bad input and people who cannot edit the workspace", async () => {
    const [issue] = await ids("Done");
    if (!issue) throw new Error("no issue");
    const signedOut = await gql(board.t, null, MOVE_MANY, { pipeline: pipelineIds.Backlog, ids: [issue] });
    expect(signedOut.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");

    const none = await move(board.demo, "Backlog", []);
    expect(none.errors?.[0]).toMatchObject({
      message: "Choose at least one issue to move.",
      extensions: { code: "BAD_USER_INPUT" },
    });
    const tooMany = Array.from({ length: 101 }, () => encodeGlobalID("Issue", randomUUID()));
    expect((await move(board.demo, "Backlog", tooMany)).errors?.[0]?.message).toBe(
      "At most 100 issues can be moved at once.",
    );
    const toClosedWithoutWorkspace = await gql(board.t, board.demo.token, MOVE_MANY, {
      pipeline: "closed--pipeline",
      ids: [issue],
    });
    expect(toClosedWithoutWorkspace.errors?.[0]?.message).toBe("Moving to the Closed pipeline needs the workspaceId.");

    const outsider = await board.signIn("mona");
    const refused = await move(outsider, "Backlog", [issue]);
    expect(refused.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect(await ids("Done")).toContain(issue);
  });
});
