import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { Octokit } from "@octokit/rest";
import { decodeGlobalID } from "@pothos/plugin-relay";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BoardFixture, boardWithWebApp, showWebApp } from "../testing/board.js";
import { addMember, createWorkspace, field, gql, grantWorkspace, type TestUser } from "../testing/factories.js";
import { subscribe } from "../testing/sse.js";

const BOARD_EVENTS = `subscription ($workspace: ID!) {
  boardEvents(workspaceId: $workspace) {
    __typename actorId clientMutationId
    ... on IssuesMovedEvent { fromPipelineId toPipelineId placements { pipelineId position issue { number title } } }
    ... on IssuesChangedEvent { placements { pipelineId position issue { number title state } } }
    ... on PipelinesChangedEvent { pipelineIds }
  }
}`;

const MOVE = `mutation ($pipeline: ID!, $issue: ID!, $position: Int, $client: String) {
  moveIssue(input: { pipelineId: $pipeline, issueId: $issue, position: $position, clientMutationId: $client }) { issue { number } }
}`;

interface Column {
  id: string;
  name: string;
}

describe.each(testEngines())("board events on %s", (engine) => {
  let board: BoardFixture;
  let mona: TestUser;
  let pipelines: Column[];

  beforeAll(async () => {
    board = await boardWithWebApp(engine);
    mona = await board.signIn("mona");
    await addMember(board.t, board.organization, mona, "member");
    const answer = await gql(
      board.t,
      board.demo.token,
      "query ($id: ID!) { workspace(id: $id) { pipelines { id name } } }",
      {
        id: board.workspace,
      },
    );
    pipelines = field<{ pipelines: Column[] }>(answer, "workspace").pipelines;
  });
  let closed = false;
  afterAll(async () => {
    if (!closed) await board.close();
  });

  const pipelineId = (name: string) => pipelines.find((pipeline) => pipeline.name === name)?.id ?? "";
  const firstIssue = async (pipeline: string) => {
    const answer = await gql(
      board.t,
      board.demo.token,
      "query ($id: ID!) { searchIssuesByPipeline(pipelineId: $id, first: 1) { nodes { id number } } }",
      { id: pipelineId(pipeline) },
    );
    const [issue] = field<{ nodes: { id: string; number: number }[] }>(answer, "searchIssuesByPipeline").nodes;
    if (!issue) throw new Error(`${pipeline} has no issues`);
    return issue;
  };

  it("refuses someone signed out, and someone outside the workspace, when they subscribe", async () => {
    const signedOut = await subscribe(board.t, null, BOARD_EVENTS, { workspace: board.workspace });
    expect((await signedOut.next()).errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    signedOut.close();
    const outsider = await board.signIn("hubot");
    const refused = await subscribe(board.t, outsider.token, BOARD_EVENTS, { workspace: board.workspace });
    expect((await refused.next()).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    refused.close();
  });

  it("shows a member the move another member made, where it landed, with the mover's clientMutationId", async () => {
    const stream = await subscribe(board.t, mona.token, BOARD_EVENTS, { workspace: board.workspace });
    const issue = await firstIssue("New Issues");
    await gql(board.t, board.demo.token, MOVE, {
      pipeline: pipelineId("In Progress"),
      issue: issue.id,
      position: 0,
      client: "demo-move-1",
    });
    expect(field(await stream.next(), "boardEvents")).toEqual({
      __typename: "IssuesMovedEvent",
      actorId: board.demo.id,
      clientMutationId: "demo-move-1",
      fromPipelineId: pipelineId("New Issues"),
      toPipelineId: pipelineId("In Progress"),
      placements: [
        {
          pipelineId: pipelineId("In Progress"),
          position: 0,
          issue: expect.objectContaining({ number: issue.number }),
        },
      ],
    });
    stream.close();
  });

  it("reads each event's issues afresh, so a later event shows a dependency the earlier one did not", async () => {
    const DEPENDENCIES = `subscription ($workspace: ID!) {
      boardEvents(workspaceId: $workspace) {
        ... on IssuesChangedEvent { placements { issue { number blockingIssues { totalCount } } } }
      }
    }`;
    const stream = await subscribe(board.t, mona.token, DEPENDENCIES, { workspace: board.workspace });
    const blocked = await firstIssue("New Issues");
    const blocking = await firstIssue("In Progress");
    const blockage = (name: string) =>
      gql(
        board.t,
        board.demo.token,
        `mutation ($blocking: ID!, $blocked: ID!) { ${name}(input: { blocking: { id: $blocking, type: ISSUE }, blocked: { id: $blocked, type: ISSUE } }) { clientMutationId } }`,
        { blocking: blocking.id, blocked: blocked.id },
      );
    const blockersOfBlocked = async () => {
      const { placements } = field<{
        placements: { issue: { number: number; blockingIssues: { totalCount: number } } }[];
      }>(await stream.next(), "boardEvents");
      return placements.find((placement) => placement.issue.number === blocked.number)?.issue.blockingIssues.totalCount;
    };
    await blockage("createBlockage");
    expect(await blockersOfBlocked()).toBe(1);
    await blockage("deleteBlockage");
    expect(await blockersOfBlocked()).toBe(0);
    stream.close();
  });

  it("stops showing another workspace's data on a later event's cards once the subscriber lost that workspace", async () => {
    const MOVES = `subscription ($workspace: ID!) {
      boardEvents(workspaceId: $workspace) {
        ... on IssuesMovedEvent { placements { issue { number blockingIssues { totalCount } } } }
      }
    }`;
    // A private workspace showing the same repository, whose board alone holds a dependency.
    const secret = await createWorkspace(board.t, board.demo, board.organization, true);
    await showWebApp(board.t, board.hub, board.demo, secret);
    await grantWorkspace(board.t, secret, mona, "viewer");
    const twoIssues = await gql(
      board.t,
      board.demo.token,
      "query ($id: ID!) { searchIssuesByPipeline(pipelineId: $id, first: 2) { nodes { id number } } }",
      { id: pipelineId("New Issues") },
    );
    const [blocked, blocking] = field<{ nodes: { id: string; number: number }[] }>(
      twoIssues,
      "searchIssuesByPipeline",
    ).nodes;
    if (!blocked || !blocking) throw new Error("New Issues holds fewer than two issues");
    await gql(
      board.t,
      board.demo.token,
      `mutation ($blocking: ID!, $blocked: ID!, $workspace: ID!) {
        createBlockage(input: { blocking: { id: $blocking, type: ISSUE }, blocked: { id: $blocked, type: ISSUE }, workspaceId: $workspace }) { clientMutationId }
      }`,
      { blocking: blocking.id, blocked: blocked.id, workspace: secret },
    );
    const stream = await subscribe(board.t, mona.token, MOVES, { workspace: board.workspace });
    const blockersAfterMove = async (position: number) => {
      await gql(board.t, board.demo.token, MOVE, { pipeline: pipelineId("New Issues"), issue: blocked.id, position });
      const { placements } = field<{
        placements: { issue: { number: number; blockingIssues: { totalCount: number } } }[];
      }>(await stream.next(), "boardEvents");
      return placements.find((placement) => placement.issue.number === blocked.number)?.issue.blockingIssues.totalCount;
    };
    expect(await blockersAfterMove(1)).toBe(1);
    await board.t.database.db
      .delete(schema.workspaceMembers)
      .where(eq(schema.workspaceMembers.workspaceId, decodeGlobalID(secret).id));
    expect(await blockersAfterMove(0)).toBe(0);
    stream.close();
  });

  it("places a changed sub-issue's parent too, whose card shows the sub-issues' progress", async () => {
    const PROGRESS = `subscription ($workspace: ID!) {
      boardEvents(workspaceId: $workspace) {
        ... on IssuesChangedEvent { placements { issue { number issueEstimateProgress { total } } } }
      }
    }`;
    const child = await firstIssue("New Issues");
    const parent = await firstIssue("In Progress");
    await gql(
      board.t,
      board.demo.token,
      "mutation ($parent: ID!, $child: ID!) { addSubIssues(input: { parentId: $parent, childIssueIds: [$child] }) { successCount } }",
      { parent: parent.id, child: child.id },
    );
    const stream = await subscribe(board.t, mona.token, PROGRESS, { workspace: board.workspace });
    await gql(
      board.t,
      board.demo.token,
      "mutation ($id: ID!) { setEstimate(input: { issueId: $id, value: 8 }) { issue { id } } }",
      { id: child.id },
    );
    const { placements } = field<{
      placements: { issue: { number: number; issueEstimateProgress: { total: number } | null } }[];
    }>(await stream.next(), "boardEvents");
    expect(placements.map((placement) => placement.issue)).toEqual([
      { number: child.number, issueEstimateProgress: null },
      { number: parent.number, issueEstimateProgress: { total: 8 } },
    ]);
    stream.close();
    await gql(
      board.t,
      board.demo.token,
      "mutation ($child: ID!) { removeSubIssues(input: { childIssueIds: [$child] }) { successCount } }",
      { child: child.id },
    );
  });

  it("shows an edit made on GitHub, delivered by webhook, with no Gantry actor", async () => {
    const stream = await subscribe(board.t, mona.token, BOARD_EVENTS, { workspace: board.workspace });
    const issue = await firstIssue("New Issues");
    const account = board.hub.store.accountByLogin("demo");
    if (!account) throw new Error("no demo account on the hub");
    const owner = new Octokit({ baseUrl: board.hub.apiUrl, auth: board.hub.store.issueToken(account) });
    await owner.rest.issues.update({
      owner: "acme",
      repo: "web-app",
      issue_number: issue.number,
      title: "Renamed on GitHub",
    });
    expect(field(await stream.next(), "boardEvents")).toEqual({
      __typename: "IssuesChangedEvent",
      actorId: null,
      clientMutationId: null,
      placements: [
        {
          pipelineId: pipelineId("New Issues"),
          position: 0,
          issue: { number: issue.number, title: "Renamed on GitHub", state: "OPEN" },
        },
      ],
    });
    stream.close();
  });

  it("tells the board when an admin renames a pipeline", async () => {
    const stream = await subscribe(board.t, mona.token, BOARD_EVENTS, { workspace: board.workspace });
    await gql(
      board.t,
      board.demo.token,
      'mutation ($id: ID!) { updatePipeline(input: { pipelineId: $id, name: "Ready" }) { pipeline { name } } }',
      {
        id: pipelineId("Icebox"),
      },
    );
    expect(field(await stream.next(), "boardEvents")).toEqual({
      __typename: "PipelinesChangedEvent",
      actorId: board.demo.id,
      clientMutationId: null,
      pipelineIds: [pipelineId("Icebox")],
    });
    stream.close();
  });

  it("places a card where the board reads it: within its pipeline, and first among the closed once closed", async () => {
    const stream = await subscribe(board.t, mona.token, BOARD_EVENTS, { workspace: board.workspace });
    const placementOf = async () => {
      const { placements } = field<{ placements: { pipelineId: string; position: number }[] }>(
        await stream.next(),
        "boardEvents",
      );
      return placements.map(({ pipelineId, position }) => ({ pipelineId, position }))[0];
    };
    const boardOrder = async (pipeline: string) => {
      const answer = await gql(
        board.t,
        board.demo.token,
        "query ($id: ID!) { searchIssuesByPipeline(pipelineId: $id, first: 100) { nodes { id } } }",
        { id: pipelineId(pipeline) },
      );
      return field<{ nodes: { id: string }[] }>(answer, "searchIssuesByPipeline").nodes.map((node) => node.id);
    };
    const moved = await firstIssue("New Issues");
    await gql(board.t, board.demo.token, MOVE, { pipeline: pipelineId("In Progress"), issue: moved.id, position: 1 });
    expect(await placementOf()).toEqual({ pipelineId: pipelineId("In Progress"), position: 1 });
    expect((await boardOrder("In Progress")).indexOf(moved.id)).toBe(1);

    await gql(
      board.t,
      board.demo.token,
      "mutation ($ids: [ID!]!) { closeIssues(input: { issueIds: $ids }) { successCount } }",
      {
        ids: [moved.id],
      },
    );
    expect(await placementOf()).toEqual({ pipelineId: "closed--pipeline", position: 0 });
    stream.close();
  });

  it("gives each subscriber their own permission on a card, though both may open the same workspaces", async () => {
    const WITH_PERMISSION = `subscription ($workspace: ID!) {
      boardEvents(workspaceId: $workspace) {
        ... on IssuesMovedEvent { placements { issue { id viewerPermission(workspaceId: $workspace) } } }
      }
    }`;
    const PERMISSION = `query ($id: ID!, $workspace: ID!) {
      node(id: $id) { ... on Issue { viewerPermission(workspaceId: $workspace) } }
    }`;
    const demoStream = await subscribe(board.t, board.demo.token, WITH_PERMISSION, { workspace: board.workspace });
    const monaStream = await subscribe(board.t, mona.token, WITH_PERMISSION, { workspace: board.workspace });
    const issue = await firstIssue("New Issues");
    await gql(board.t, board.demo.token, MOVE, { pipeline: pipelineId("Backlog"), issue: issue.id, position: 0 });
    const streamed = async (stream: Awaited<ReturnType<typeof subscribe>>) =>
      field<{ placements: { issue: { viewerPermission: string } }[] }>(await stream.next(), "boardEvents").placements[0]
        ?.issue.viewerPermission;
    const asked = async (user: TestUser) =>
      field<{ viewerPermission: string }>(
        await gql(board.t, user.token, PERMISSION, { id: issue.id, workspace: board.workspace }),
        "node",
      ).viewerPermission;
    const [demoSees, monaSees] = [await streamed(demoStream), await streamed(monaStream)];
    expect(demoSees).toBe(await asked(board.demo));
    expect(monaSees).toBe(await asked(mona));
    expect(demoSees).not.toBe(monaSees);
    demoStream.close();
    monaStream.close();
  });

  it("gives each subscriber the card as they may see it, though both sent the same selection", async () => {
    // A private board showing the same repository: the demo (its creator) can open it, Mona cannot.
    const privateBoard = await createWorkspace(board.t, board.demo, board.organization, true);
    await showWebApp(board.t, board.hub, board.demo, privateBoard);
    const ON_BOTH_BOARDS = `subscription ($workspace: ID!, $private: ID!) {
      boardEvents(workspaceId: $workspace) {
        ... on IssuesMovedEvent { placements { issue { number pipelineIssue(workspaceId: $private) { latestTransferTime } } } }
      }
    }`;
    const variables = { workspace: board.workspace, private: privateBoard };
    const demoStream = await subscribe(board.t, board.demo.token, ON_BOTH_BOARDS, variables);
    const monaStream = await subscribe(board.t, mona.token, ON_BOTH_BOARDS, variables);
    const issue = await firstIssue("New Issues");
    await gql(board.t, board.demo.token, MOVE, { pipeline: pipelineId("Backlog"), issue: issue.id, position: 0 });
    const seen = async (stream: Awaited<ReturnType<typeof subscribe>>) => {
      const answer = await stream.next();
      const { placements } = field<{ placements: { issue: { pipelineIssue: object | null } }[] }>(
        answer,
        "boardEvents",
      );
      return { pipelineIssue: placements[0]?.issue.pipelineIssue, error: answer.errors?.[0]?.extensions?.code };
    };
    expect(await seen(demoStream)).toEqual({ pipelineIssue: expect.any(Object), error: undefined });
    expect(await seen(monaStream)).toEqual({ pipelineIssue: null, error: "FORBIDDEN" });
    demoStream.close();
    monaStream.close();
  });

  it("stops sending to someone removed from the organisation, and ends open streams when the server stops", async () => {
    const removed = await subscribe(board.t, mona.token, BOARD_EVENTS, { workspace: board.workspace });
    const staying = await subscribe(board.t, board.demo.token, BOARD_EVENTS, { workspace: board.workspace });
    await gql(
      board.t,
      board.demo.token,
      "mutation ($org: ID!, $user: ID!) { removeUserFromGantryOrganization(input: { gantryOrganizationId: $org, gantryUserId: $user }) { __typename } }",
      { org: board.organization, user: mona.id },
    );
    const issue = await firstIssue("New Issues");
    await gql(board.t, board.demo.token, MOVE, { pipeline: pipelineId("Backlog"), issue: issue.id, position: 0 });
    expect(field(await staying.next(), "boardEvents")).toMatchObject({ __typename: "IssuesMovedEvent" });
    await expect(removed.next()).rejects.toThrow("the event stream ended");
    // The demo's stream is still open: stopping the server must end it rather than wait on it.
    closed = true;
    await board.close();
    await expect(staying.next()).rejects.toThrow("the event stream ended");
  });
});
