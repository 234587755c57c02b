import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { decodeGlobalID, encodeGlobalID } from "@pothos/plugin-relay";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/app.js";
import type { GraphQLAnswer } from "../../testing/factories.js";
import { type WorkspaceIssues, workspaceWithIssues } from "../../testing/workspace-issues.js";
import { ZENHUB_GRAPHQL_PATH } from "../route.js";
import { createKey, publicGql, weeklySprints } from "../testing.js";

/** Connections typed as the reference types them, read every way a client pages them (decision 0084). */
const CONNECTIONS = `
query Connections($workspaceId: ID!, $issueId: ID!) {
  workspace(id: $workspaceId) {
    sprints(first: 2) {
      __typename totalCount pageInfo { hasNextPage endCursor } nodes { id } edges { __typename cursor node { id } }
    }
    pipelinesConnection(first: 2) { __typename totalCount nodes { id } edges { cursor node { id } } }
    zenhubEpics(first: 5) { __typename totalCount nodes { id } }
  }
  node(id: $issueId) {
    ... on Issue {
      blockedIssues(first: 5) { __typename totalCount pageInfo { hasNextPage } nodes { number } edges { node { number } } }
      user { __typename login }
      reviewRequests(first: 5) { __typename totalCount nodes { reviewer { __typename ... on User { login } } } }
    }
  }
}`;

const PAGE_OF_PIPELINE = `
query PageOfPipeline($pipelineId: ID!, $filters: IssueSearchFiltersInput!) {
  searchIssuesByPipeline(pipelineId: $pipelineId, filters: $filters, first: 10) { __typename totalCount nodes { number } }
}`;

const CREATE_SPRINT_CONFIG = `
mutation CreateSprintConfig($workspaceId: ID!, $startOn: ISO8601Date!, $startOnTime: ISO8601DateTime) {
  createSprintConfig(input: { sprintConfig: {
    workspaceId: $workspaceId, name: "Sprint", tzIdentifier: "UTC", startOn: $startOn, startOnTime: $startOnTime,
    period: 1, settings: { moveUnfinishedIssues: true, issuesFromPipeline: { enabled: false } }
  } }) { sprintConfig { id } }
}`;

const CREATE_SAVED_VIEW = `
mutation CreateSavedView($input: CreateSavedViewInput!) {
  createSavedView(input: $input) { savedView { name filters } }
}`;

const CREATE_WORKSPACE = `
mutation CreateWorkspace($input: CreateWorkspaceInput!) { createWorkspace(input: $input) { workspace { id } } }`;

describe.each(testEngines())("fields typed as the reference types them, on %s", (engine) => {
  let t: TestApp;
  let w: WorkspaceIssues;
  let secret: string;
  let pipelineId: string;
  const ask = (operation: string, variables: Record<string, unknown>): Promise<GraphQLAnswer> =>
    publicGql(t, secret, operation, variables, ZENHUB_GRAPHQL_PATH);
  const run = async (operation: string, variables: Record<string, unknown>) => {
    const answer = await ask(operation, variables);
    expect(answer.errors).toBeUndefined();
    return answer.data as Record<string, Record<string, unknown>>;
  };
  const uuid = (globalId: string | undefined) => decodeGlobalID(globalId as string).id;

  beforeAll(async () => {
    t = await createTestApp({ REQUIRE_EMAIL_VERIFICATION: "false", AUTH_RATE_LIMIT_PER_MINUTE: "10000" }, { engine });
    w = await workspaceWithIssues(t, { native: 1, gitHub: 3 });
    await weeklySprints(t, w.owner, w.workspace);
    const db = t.database.db;
    const [first, second, third] = w.gitHub.map(uuid);
    for (const blocked of [second, third])
      await db.insert(schema.issueDependencies).values({
        workspaceId: uuid(w.workspace),
        blockingIssueId: first as string,
        blockedIssueId: blocked as string,
      });
    // A deleted GitHub account leaves an issue without its author: the reference's NoOwner, named as GitHub's `ghost`.
    await db
      .update(schema.issues)
      .set({ author: null, requestedReviewers: [{ login: "reviewer", avatarUrl: null }] })
      .where(eq(schema.issues.id, first as string));
    await db
      .update(schema.issues)
      .set({ isEpic: true })
      .where(eq(schema.issues.id, second as string));
    secret = (await createKey(t, w.owner, "reference types")).secret;
    const pipelines = await run(
      `query ($id: ID!) { workspace(id: $id) { pipelinesConnection(first: 1) { nodes { id } } } }`,
      {
        id: w.workspace,
      },
    );
    const listed = pipelines.workspace as { pipelinesConnection: { nodes: { id: string }[] } };
    pipelineId = listed.pipelinesConnection.nodes[0]?.id as string;
  }, 240_000);
  afterAll(() => t.close());

  it("answers the reference's connection types with nodes, edges, pageInfo and totalCount", async () => {
    const data = await run(CONNECTIONS, { workspaceId: w.workspace, issueId: w.gitHub[0] });
    const workspace = data.workspace as Record<string, Record<string, unknown>>;
    expect(workspace.sprints).toMatchObject({ __typename: "SprintConnection", pageInfo: { hasNextPage: true } });
    const sprints = workspace.sprints as {
      totalCount: number;
      nodes: { id: string }[];
      edges: { node: { id: string } }[];
    };
    expect(sprints.totalCount).toBeGreaterThan(2);
    expect(sprints.nodes).toHaveLength(2);
    expect(sprints.edges.map((edge) => edge.node.id)).toEqual(sprints.nodes.map((node) => node.id));
    expect((sprints.edges as unknown as { __typename: string }[])[0]?.__typename).toBe("SprintEdge");
    expect(workspace.pipelinesConnection?.__typename).toBe("PipelineConnection");
    expect(workspace.pipelinesConnection?.nodes).toHaveLength(2);
    expect(workspace.zenhubEpics?.__typename).toBe("ZenhubEpicConnection");
    const issue = data.node as Record<string, Record<string, unknown>>;
    expect(issue.blockedIssues).toMatchObject({
      __typename: "IssueConnection",
      totalCount: 2,
      pageInfo: { hasNextPage: false },
      nodes: [{ number: expect.any(Number) }, { number: expect.any(Number) }],
    });
    const blocked = issue.blockedIssues as { edges: { node: unknown }[]; nodes: unknown[] };
    expect(blocked.edges.map((edge) => edge.node)).toEqual(issue.blockedIssues?.nodes);
    expect(issue.user).toEqual({ __typename: "NoOwner", login: "ghost" });
    expect(issue.reviewRequests).toMatchObject({
      __typename: "ReviewRequestConnection",
      totalCount: 1,
      nodes: [{ reviewer: { __typename: "User", login: "reviewer" } }],
    });
  });

  it("answers node(id:) for an epic's Epic id as an Epic, and null for an issue that is not one", async () => {
    const EPIC = `query ($ids: [ID!]!, $id: ID!) {
      node(id: $id) { __typename ... on Epic { id issue { number } } }
      nodes(ids: $ids) { __typename id }
    }`;
    const epicId = encodeGlobalID("Epic", uuid(w.gitHub[1]));
    const notAnEpic = encodeGlobalID("Epic", uuid(w.gitHub[2]));
    const data = await run(EPIC, { id: epicId, ids: [epicId, notAnEpic, w.gitHub[0]] });
    expect(data.node).toEqual({ __typename: "Epic", id: epicId, issue: { number: expect.any(Number) } });
    expect(data.nodes).toEqual([{ __typename: "Epic", id: epicId }, null, { __typename: "Issue", id: w.gitHub[0] }]);
  });

  it("pages a pipeline as an IssueConnection, reading one estimate special filter as Gantry's list", async () => {
    const all = await run(PAGE_OF_PIPELINE, { pipelineId, filters: {} });
    expect(all.searchIssuesByPipeline?.__typename).toBe("IssueConnection");
    const unestimated = await run(PAGE_OF_PIPELINE, {
      pipelineId,
      filters: { estimates: { specialFilters: "not_estimated" } },
    });
    // Nothing is estimated: the filter keeps every issue, and is no validation error for one value.
    expect(unestimated.searchIssuesByPipeline?.totalCount).toBe(all.searchIssuesByPipeline?.totalCount);
  });

  it("refuses a reference enum value Gantry has no meaning for, naming it", async () => {
    const answer = await ask(PAGE_OF_PIPELINE, { pipelineId, filters: { epics: { specialFilters: "epics_only" } } });
    expect(answer.errors?.[0]?.message).toBe("EpicSpecialFilter.epics_only has no meaning in Gantry.");
  });

  it("reads a sprint config's ISO8601Date and ISO8601DateTime as the day and time Gantry takes", async () => {
    const other = await workspaceWithIssues(t, { native: 0, gitHub: 0 });
    const key = (await createKey(t, other.owner, "sprints")).secret;
    const answer = await publicGql(
      t,
      key,
      CREATE_SPRINT_CONFIG,
      { workspaceId: other.workspace, startOn: "2026-11-23", startOnTime: "2026-11-23T09:30:00Z" },
      ZENHUB_GRAPHQL_PATH,
    );
    expect(answer.errors).toBeUndefined();
    const [config] = await t.database.db
      .select()
      .from(schema.sprintConfigs)
      .where(eq(schema.sprintConfigs.workspaceId, uuid(other.workspace)));
    expect(config).toMatchObject({ startOn: "2026-11-23", startTime: "09:30:00" });
  });

  it("saves a view's reference search filters as the board's filters", async () => {
    const data = await run(CREATE_SAVED_VIEW, {
      input: { workspaceId: w.workspace, name: "Bugs", filters: { labels: { in: ["bug"] }, matchType: "any" } },
    });
    const view = data.createSavedView?.savedView as { filters: { filters: { labels: { in: string[] } } } };
    expect(view.filters.filters.labels.in).toEqual(["bug"]);
    expect(view.filters).toMatchObject({ filterLogic: "any" });
  });

  it("answers a clear error, writing nothing, when a value Gantry needs and the reference makes optional is left out", async () => {
    const before = await t.database.db.select().from(schema.workspaces);
    const answer = await ask(CREATE_WORKSPACE, { input: { name: "Without an organisation" } });
    // Messages name the schema's names as the endpoint does; "Gantry" the product keeps its name.
    expect(answer.errors?.[0]?.message).toBe("Gantry needs input.zenhubOrganizationId here.");
    expect(await t.database.db.select().from(schema.workspaces)).toHaveLength(before.length);
  });
});
