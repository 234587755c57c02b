import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { decodeGlobalID } from "@pothos/plugin-relay";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/app.js";
import { field, type GraphQLAnswer, gql } from "../../testing/factories.js";
import { type WorkspaceIssues, workspaceWithIssues } from "../../testing/workspace-issues.js";
import { ZENHUB_GRAPHQL_PATH } from "../route.js";
import { createKey, placeFixtureIssues, publicGql } from "../testing.js";
import { gantryNamed } from "./zenhub-operations.js";

// The reference's mutations as public ZenHub scripts write them (variables, fragments), on both endpoints (decision 0080).

const VIEWS = ["gantry", "zenhub"] as const;
type View = (typeof VIEWS)[number];

const DEPENDENCY = `
fragment DependencyParts on IssueDependency { id blockingIssue { number } blockedIssue { number } }
mutation CreateDependency($input: CreateIssueDependencyInput!) {
  createIssueDependency(input: $input) { issueDependency { ...DependencyParts } }
}`;
const DELETE_DEPENDENCY = `
mutation DeleteDependency($input: DeleteIssueDependencyInput!) {
  deleteIssueDependency(input: $input) { issueDependency { blockingIssue { number } } }
}`;
const PLACE = `
query Place($issueId: ID!, $workspaceId: ID!) {
  node(id: $issueId) { ... on Issue { pipelineIssue(workspaceId: $workspaceId) { id priority { name } pipeline { id } } } }
}`;
const SET_PRIORITY = `
fragment PlaceParts on PipelineIssue { id issue { number } priority { name } }
mutation SetPriority($input: SetPriorityOnPipelineIssuesInput!) {
  setPriorityOnPipelineIssues(input: $input) { pipelineIssues { ...PlaceParts } }
}`;
const MOVE_RELATIVE = `
mutation MoveRelative($input: MoveIssueRelativeToInput!) {
  moveIssueRelativeTo(input: $input) { pipelineIssueMove { sourcePipelineId pipelineIssue { issue { number } pipeline { id } } } }
}`;
const UPDATE_EPIC = `
mutation UpdateEpic($input: UpdateEpicIssuesByIssueInfosInput!) {
  updateEpicIssuesByIssueInfos(input: $input) { epic { id } issuesAdded { number } issuesRemoved { number } }
}`;
const PR_PIPELINE = `
mutation SetPrPipeline($workspaceId: ID!, $pipelineId: ID!) {
  setPullRequestPipeline(input: { workspaceId: $workspaceId, pipelineId: $pipelineId }) { workspace { id } }
}`;

describe.each(testEngines())("the reference's mutations from a ZenHub-shaped script, on %s", (engine) => {
  let t: TestApp;
  let w: WorkspaceIssues;
  let ownerKey: string;
  let viewerKey: string;
  let gantryRepository: string;
  let gitHubRepository: string;
  let priority: string;

  const call = async (view: View, key: string, query: string, variables: Record<string, unknown>) =>
    view === "gantry"
      ? publicGql(t, key, gantryNamed(query), variables)
      : publicGql(t, key, query, variables, ZENHUB_GRAPHQL_PATH);
  const data = <T>(answer: GraphQLAnswer): T => {
    expect(answer.errors).toBeUndefined();
    return answer.data as T;
  };
  const owner = <T>(query: string, variables: Record<string, unknown>) =>
    gql(t, w.owner.token, query, variables).then((answer) => answer.data as T);

  beforeAll(async () => {
    t = await createTestApp({ REQUIRE_EMAIL_VERIFICATION: "false", AUTH_RATE_LIMIT_PER_MINUTE: "10000" }, { engine });
    w = await workspaceWithIssues(t, { native: 4, gitHub: 4 });
    await placeFixtureIssues(t, w.gitHub[0] as string);
    ownerKey = (await createKey(t, w.owner, "script")).secret;
    viewerKey = (await createKey(t, w.viewer, "reader")).secret;
    const shape = await owner<{ workspace: { gantryRepository: { id: string } } }>(
      "query ($id: ID!) { workspace(id: $id) { gantryRepository { id } } }",
      { id: w.workspace },
    );
    gantryRepository = shape.workspace.gantryRepository.id;
    const [gitHubIssue] = await t.database.db
      .select({ repositoryId: schema.issues.repositoryId })
      .from(schema.issues)
      .where(eq(schema.issues.id, decodeGlobalID(w.gitHub[0] as string).id));
    gitHubRepository = Buffer.from(`Repository:${gitHubIssue?.repositoryId}`).toString("base64");
    priority = field<{ priority: { id: string } }>(
      await gql(
        t,
        w.owner.token,
        "mutation ($input: CreatePriorityInput!) { createPriority(input: $input) { priority { id } } }",
        {
          input: { workspaceId: w.workspace, name: "Urgent", color: "#ff0000" },
        },
      ),
      "createPriority",
    ).priority.id;
    await owner("mutation ($input: CreateEpicFromIssueInput!) { createEpicFromIssue(input: $input) { epic { id } } }", {
      input: { issueId: w.gitHub[0] },
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it.each(VIEWS)("creates and deletes a dependency named by repository and number (%s)", async (view) => {
    const input = {
      blockingIssue: { repositoryId: gantryRepository, issueNumber: 1 },
      blockedIssue: { repositoryId: gantryRepository, issueNumber: 2 },
    };
    const made = data<{ createIssueDependency: { issueDependency: { blockingIssue: { number: number } } } }>(
      await call(view, ownerKey, DEPENDENCY, { input }),
    );
    expect(made.createIssueDependency.issueDependency).toMatchObject({
      blockingIssue: { number: 1 },
      blockedIssue: { number: 2 },
    });
    expect(await t.database.db.select().from(schema.issueDependencies)).toHaveLength(1);
    data(await call(view, ownerKey, DELETE_DEPENDENCY, { input }));
    expect(await t.database.db.select().from(schema.issueDependencies)).toHaveLength(0);
  });

  it.each(VIEWS)("sets a priority by PipelineIssue id, and a read-only key changes nothing (%s)", async (view) => {
    const issueId = w.native[2] as string;
    const place = data<{ node: { pipelineIssue: { id: string } } }>(
      await call(view, ownerKey, PLACE, { issueId, workspaceId: w.workspace }),
    ).node.pipelineIssue;
    const refused = await call(view, viewerKey, SET_PRIORITY, {
      input: { priorityId: priority, pipelineIssueIds: [place.id] },
    });
    expect(refused.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const [untouched] = await t.database.db
      .select({ priorityId: schema.issuePositions.priorityId })
      .from(schema.issuePositions)
      .where(eq(schema.issuePositions.issueId, decodeGlobalID(issueId).id));
    expect(untouched?.priorityId).toBeNull();
    const set = data<{ setPriorityOnPipelineIssues: { pipelineIssues: { id: string; priority: { name: string } }[] } }>(
      await call(view, ownerKey, SET_PRIORITY, { input: { priorityId: priority, pipelineIssueIds: [place.id] } }),
    );
    expect(set.setPriorityOnPipelineIssues.pipelineIssues).toEqual([
      { id: place.id, issue: { number: 3 }, priority: { name: "Urgent" } },
    ]);
    data(await call(view, ownerKey, SET_PRIORITY, { input: { priorityId: null, pipelineIssueIds: [place.id] } }));
  });

  it.each(VIEWS)("moves an issue right after another's place (%s)", async (view) => {
    const place = (issueId: string) =>
      call(view, ownerKey, PLACE, { issueId, workspaceId: w.workspace }).then(
        (answer) =>
          data<{ node: { pipelineIssue: { id: string; pipeline: { id: string } } } }>(answer).node.pipelineIssue,
      );
    const neighbour = await place(w.native[1] as string);
    const moved = data<{
      moveIssueRelativeTo: { pipelineIssueMove: { pipelineIssue: { issue: { number: number } } } };
    }>(
      await call(view, ownerKey, MOVE_RELATIVE, {
        input: { issueId: w.native[3], afterPipelineIssueId: neighbour.id },
      }),
    );
    expect(moved.moveIssueRelativeTo.pipelineIssueMove.pipelineIssue).toEqual({
      issue: { number: 4 },
      pipeline: { id: neighbour.pipeline.id },
    });
    const order = await owner<{ workspace: { pipelines: { id: string; issues: { nodes: { number: number }[] } }[] } }>(
      "query ($id: ID!) { workspace(id: $id) { pipelines { id issues(first: 50) { nodes { number } } } } }",
      { id: w.workspace },
    );
    const numbers = order.workspace.pipelines
      .find((pipeline) => pipeline.id === neighbour.pipeline.id)
      ?.issues.nodes.map((issue) => issue.number);
    expect(numbers?.[(numbers?.indexOf(2) ?? -2) + 1]).toBe(4);
  });

  it.each(VIEWS)("adds and removes an epic's issues all or none (%s)", async (view) => {
    const epic = { repositoryId: gitHubRepository, issueNumber: 101 };
    // The epic cannot hold itself: the removal is refused, so the addition before it is not kept either.
    const refused = await call(view, ownerKey, UPDATE_EPIC, {
      input: { epic, addIssues: [{ repositoryId: gitHubRepository, issueNumber: 102 }], removeIssues: [epic] },
    });
    expect(refused.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    expect(await t.database.db.select().from(schema.epicIssues)).toHaveLength(0);
    const done = data<{ updateEpicIssuesByIssueInfos: { issuesAdded: { number: number }[] } }>(
      await call(view, ownerKey, UPDATE_EPIC, {
        input: { epic, addIssues: [{ repositoryId: gitHubRepository, issueNumber: 102 }], removeIssues: [] },
      }),
    );
    expect(done.updateEpicIssuesByIssueInfos.issuesAdded).toEqual([{ number: 102 }]);
    expect(await t.database.db.select().from(schema.epicIssues)).toHaveLength(1);
    data(
      await call(view, ownerKey, UPDATE_EPIC, {
        input: { epic, addIssues: [], removeIssues: [{ repositoryId: gitHubRepository, issueNumber: 102 }] },
      }),
    );
    expect(await t.database.db.select().from(schema.epicIssues)).toHaveLength(0);
  });

  it.each(VIEWS)("refuses a pull request pipeline, naming the concept (%s)", async (view) => {
    const answer = await call(view, ownerKey, PR_PIPELINE, { workspaceId: w.workspace, pipelineId: w.workspace });
    expect(answer.errors?.[0]?.message).toMatch(/pull request pipeline is a ZenHub concept/);
  });
});
