import { testEngines } from "@gantry/db/testing";
import { type GraphQLSchema, parse, validate } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/app.js";
import { field, type GraphQLAnswer } from "../testing/factories.js";
import { type WorkspaceIssues, workspaceWithIssues } from "../testing/workspace-issues.js";
import { createKey, publicGql, servedSchema, weeklySprints } from "./testing.js";

/**
 * What a script written against the reference API sends, with Zenhub renamed Gantry: the same
 * operation names, arguments, input objects and payload fields (docs/api/compatibility.md).
 */
const OPERATIONS = {
  listWorkspaces: `query ListWorkspaces {
    viewer { gantryOrganizations(first: 10) { nodes { id name workspaces(first: 20) { nodes { id name } } } } }
  }`,
  boardPipelines: `query BoardPipelines($workspaceId: ID!) {
    workspace(id: $workspaceId) { id pipelinesConnection(first: 20) { nodes { id name } } }
  }`,
  pipelineIssues: `query PipelineIssues($pipelineId: ID!) {
    searchIssuesByPipeline(pipelineId: $pipelineId, filters: {}, first: 50) {
      totalCount
      pageInfo { hasNextPage endCursor }
      nodes { id number title estimate { value } }
    }
  }`,
  issueDetails: `query IssueDetails($issueId: ID!, $workspaceId: ID!) {
    node(id: $issueId) {
      ... on Issue {
        id number title body state htmlUrl
        repository { id name }
        estimate { value }
        labels(first: 20) { nodes { name } }
        pipelineIssue(workspaceId: $workspaceId) { pipeline { name } }
        sprints(first: 5) { nodes { id name } }
        blockingIssues(first: 5) { nodes { number } }
        blockedIssues(first: 5) { nodes { number } }
      }
    }
  }`,
  moveIssue: `mutation MoveIssue($issueId: ID!, $pipelineId: ID!) {
    moveIssue(input: { issueId: $issueId, pipelineId: $pipelineId, position: 0 }) {
      issue { id number }
      pipeline { id name }
    }
  }`,
  setEstimate: `mutation SetEstimate($issueId: ID!, $value: Float) {
    setEstimate(input: { issueId: $issueId, value: $value }) { issue { id estimate { value } } }
  }`,
  sprints: `query Sprints($workspaceId: ID!) {
    workspace(id: $workspaceId) {
      sprintConfig { id name }
      activeSprint { id name startAt endAt }
      upcomingSprint { id name }
      previousSprint { id name }
      averageSprintVelocity
      sprints(first: 5, filters: { state: { eq: OPEN } }, orderBy: { field: START_AT, direction: ASC }) {
        nodes { id name state startAt endAt totalPoints }
      }
    }
  }`,
  addToSprint: `mutation AddToSprint($issueIds: [ID!]!, $sprintIds: [ID!]!) {
    addIssuesToSprints(input: { issueIds: $issueIds, sprintIds: $sprintIds }) { sprints { id issueCount } }
  }`,
  createEpic: `mutation CreateEpic($workspaceId: ID!, $title: String!) {
    createGantryEpic(input: { workspaceId: $workspaceId, gantryEpic: { title: $title, body: "" } }) { gantryEpic { id title } }
  }`,
  addToEpic: `mutation AddToEpic($issueIds: [ID!]!, $epicIds: [ID!]!) {
    addIssuesToGantryEpics(input: { issueIds: $issueIds, gantryEpicIds: $epicIds }) { gantryEpics { id } }
  }`,
  epicIssues: `query EpicIssues($epicIds: [ID!]!, $query: String) {
    searchIssuesByGantryEpics(gantryEpicIds: $epicIds, query: $query, first: 50) { totalCount nodes { number title } }
  }`,
  epics: `query Epics($workspaceId: ID!) {
    workspace(id: $workspaceId) { gantryEpics(first: 20) { totalCount nodes { id title } } }
  }`,
  createIssue: `mutation CreateIssue($repositoryId: ID!, $title: String!) {
    createIssue(input: { repositoryId: $repositoryId, title: $title, body: "Filed by a script" }) { issue { id number title } }
  }`,
  createBlockage: `mutation Block($blocking: ID!, $blocked: ID!) {
    createBlockage(input: { blocking: { id: $blocking, type: ISSUE }, blocked: { id: $blocked, type: ISSUE } }) {
      blockage { id blocking { ... on Issue { number } } blocked { ... on Issue { number } } }
    }
  }`,
} as const;

describe.each(testEngines())("a realistic API client on %s", (engine) => {
  let t: TestApp;
  let w: WorkspaceIssues;
  let secret: string;
  let served: GraphQLSchema;
  const run = async (operation: keyof typeof OPERATIONS, variables: Record<string, unknown> = {}) => {
    const document = parse(OPERATIONS[operation]);
    expect(validate(served, document).map((error) => error.message)).toEqual([]);
    const answer: GraphQLAnswer = await publicGql(t, secret, OPERATIONS[operation], variables);
    expect(answer.errors).toBeUndefined();
    return answer.data as Record<string, unknown>;
  };

  beforeAll(async () => {
    t = await createTestApp({ REQUIRE_EMAIL_VERIFICATION: "false", AUTH_RATE_LIMIT_PER_MINUTE: "10000" }, { engine });
    w = await workspaceWithIssues(t, { native: 3, gitHub: 0 });
    await weeklySprints(t, w.owner, w.workspace);
    secret = (await createKey(t, w.owner, "planning bot")).secret;
    served = await servedSchema(t, secret);
  });
  afterAll(() => t.close());

  it("lists workspaces, reads the board by pipeline, moves and estimates an issue, and reads it back", async () => {
    const { viewer } = await run("listWorkspaces");
    const workspaces = (
      viewer as { gantryOrganizations: { nodes: { workspaces: { nodes: { id: string }[] } }[] } }
    ).gantryOrganizations.nodes.flatMap((org) => org.workspaces.nodes.map((workspace) => workspace.id));
    expect(workspaces).toContain(w.workspace);

    const board = await run("boardPipelines", { workspaceId: w.workspace });
    const pipelines = (board.workspace as { pipelinesConnection: { nodes: { id: string; name: string }[] } })
      .pipelinesConnection.nodes;
    expect(pipelines.length).toBeGreaterThan(1);
    const [first, second] = pipelines;
    const inFirst = await run("pipelineIssues", { pipelineId: first?.id });
    const firstNumbers = (inFirst.searchIssuesByPipeline as { nodes: { number: number }[] }).nodes.map((i) => i.number);
    expect(firstNumbers.sort()).toEqual([1, 2, 3]);

    const issueId = w.native[0];
    const moved = await run("moveIssue", { issueId, pipelineId: second?.id });
    expect(moved.moveIssue).toMatchObject({ pipeline: { id: second?.id } });
    const estimated = await run("setEstimate", { issueId, value: 5 });
    expect(estimated.setEstimate).toMatchObject({ issue: { estimate: { value: 5 } } });

    const details = await run("issueDetails", { issueId, workspaceId: w.workspace });
    expect(details.node).toMatchObject({
      number: 1,
      estimate: { value: 5 },
      pipelineIssue: { pipeline: { name: second?.name } },
    });
  });

  it("reads sprints and velocity, adds an issue to a sprint, files an issue, groups issues in an epic and records a blockage", async () => {
    const before = await run("sprints", { workspaceId: w.workspace });
    const workspace = before.workspace as {
      sprintConfig: { name: string } | null;
      averageSprintVelocity: number | null;
      sprints: { nodes: { id: string; state: string }[] };
    };
    expect(workspace.sprintConfig?.name).toBe("Sprint");
    expect(workspace.averageSprintVelocity).toBeNull();
    const sprint = workspace.sprints.nodes[0];
    expect(sprint?.state).toBe("OPEN");

    const added = await run("addToSprint", { issueIds: [w.native[1]], sprintIds: [sprint?.id] });
    expect(added.addIssuesToSprints).toEqual({ sprints: [{ id: sprint?.id, issueCount: 1 }] });

    const created = await run("createIssue", { repositoryId: await gantryRepositoryId(), title: "Filed by the bot" });
    const newIssue = (created.createIssue as { issue: { id: string; number: number; title: string } }).issue;
    expect(newIssue).toMatchObject({ number: 4, title: "Filed by the bot" });

    const epic = (await run("createEpic", { workspaceId: w.workspace, title: "Q1 launch" })).createGantryEpic as {
      gantryEpic: { id: string };
    };
    await run("addToEpic", { issueIds: [newIssue.id, w.native[2]], epicIds: [epic.gantryEpic.id] });
    const epics = (await run("epics", { workspaceId: w.workspace })).workspace as {
      gantryEpics: { nodes: { title: string }[] };
    };
    expect(epics.gantryEpics.nodes.map((node) => node.title)).toEqual(["Q1 launch"]);
    const inEpic = await run("epicIssues", { epicIds: [epic.gantryEpic.id] });
    expect(inEpic.searchIssuesByGantryEpics).toEqual({
      totalCount: 2,
      nodes: [
        { number: 3, title: "Native 3" },
        { number: 4, title: "Filed by the bot" },
      ],
    });
    const byText = await run("epicIssues", { epicIds: [epic.gantryEpic.id], query: "BOT" });
    expect(byText.searchIssuesByGantryEpics).toEqual({
      totalCount: 1,
      nodes: [{ number: 4, title: "Filed by the bot" }],
    });
    const byNumber = await run("epicIssues", { epicIds: [epic.gantryEpic.id], query: "#3" });
    expect(byNumber.searchIssuesByGantryEpics).toMatchObject({ nodes: [{ number: 3 }] });
    const outsider = (await createKey(t, w.outsider)).secret;
    const refused = await publicGql(t, outsider, OPERATIONS.epicIssues, { epicIds: [epic.gantryEpic.id] });
    expect(refused.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");

    const blocked = await run("createBlockage", { blocking: newIssue.id, blocked: w.native[2] });
    expect(blocked.createBlockage).toMatchObject({ blockage: { blocking: { number: 4 }, blocked: { number: 3 } } });
    const details = await run("issueDetails", { issueId: w.native[2], workspaceId: w.workspace });
    expect(details.node).toMatchObject({ blockingIssues: { nodes: [{ number: 4 }] }, blockedIssues: { nodes: [] } });
  });

  async function gantryRepositoryId(): Promise<string> {
    const answer = await publicGql(t, secret, "query ($id: ID!) { workspace(id: $id) { gantryRepository { id } } }", {
      id: w.workspace,
    });
    return field<{ gantryRepository: { id: string } }>(answer, "workspace").gantryRepository.id;
  }
});
