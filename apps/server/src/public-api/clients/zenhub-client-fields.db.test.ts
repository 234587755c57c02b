import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { decodeGlobalID } from "@pothos/plugin-relay";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/app.js";
import type { GraphQLAnswer } from "../../testing/factories.js";
import { type WorkspaceIssues, workspaceWithIssues } from "../../testing/workspace-issues.js";
import { ZENHUB_GRAPHQL_PATH } from "../route.js";
import { createKey, placeFixtureIssues, publicGql } from "../testing.js";
import { gantryNamed } from "./zenhub-operations.js";

/** A board script's read of a workspace, as public ZenHub scripts write it: a fragment, variables, paging. */
const WORKSPACE_OVERVIEW = `
fragment IssueRef on Issue { number title }
query WorkspaceOverview($workspaceId: ID!, $first: Int!) {
  workspace(id: $workspaceId) {
    importState
    defaultRepository { name }
    zenhubOwner { __typename ... on ZenhubOrganization { name } }
    issueDependencies(first: $first) {
      totalCount
      pageInfo { hasNextPage endCursor }
      nodes { blockingIssue { ...IssueRef } blockedIssue { ...IssueRef } }
    }
    issueAssigneeOptions(first: 10) { nodes { githubUser { login } } }
  }
}`;

/** A repository's details, as a sync script reads them. */
const REPOSITORY_DETAILS = `
query RepositoryDetails($issueId: ID!) {
  node(id: $issueId) {
    ... on Issue {
      repository {
        ghNodeId
        description
        ghCreatedAt
        permissions { admin push pull }
        issueTemplates(first: 5) { totalCount nodes { __typename } }
        labels(first: 10) { nodes { name repository { name } issues(first: 5) { totalCount nodes { number } } } }
      }
    }
  }
}`;

const ISSUE_STAGE = `
query IssueStage($issueId: ID!, $stage: PipelineStage!) {
  node(id: $issueId) {
    ... on Issue { enteredStageAt(pipelineStage: $stage) pullRequestReviews(first: 5) { totalCount } }
  }
}`;

const VIEWS = ["gantry", "zenhub"] as const;

describe.each(testEngines())("reference type fields read by ZenHub clients, on %s", (engine) => {
  let t: TestApp;
  let w: WorkspaceIssues;
  let secret: string;
  const run = async (operation: string, variables: Record<string, unknown>, view: (typeof VIEWS)[number]) => {
    const answer: GraphQLAnswer =
      view === "gantry"
        ? await publicGql(t, secret, gantryNamed(operation), variables)
        : await publicGql(t, secret, operation, variables, ZENHUB_GRAPHQL_PATH);
    expect(answer.errors).toBeUndefined();
    return answer.data as Record<string, Record<string, unknown>>;
  };
  const uuid = (globalId: string | undefined) => decodeGlobalID(globalId as string).id;

  beforeAll(async () => {
    t = await createTestApp({ REQUIRE_EMAIL_VERIFICATION: "false", AUTH_RATE_LIMIT_PER_MINUTE: "10000" }, { engine });
    w = await workspaceWithIssues(t, { native: 2, gitHub: 2 });
    await placeFixtureIssues(t, w.gitHub[0] as string);
    const db = t.database.db;
    const [first, second] = [uuid(w.gitHub[0]), uuid(w.gitHub[1])];
    await db.insert(schema.issueDependencies).values({
      workspaceId: uuid(w.workspace),
      blockingIssueId: first,
      blockedIssueId: second,
    });
    await db
      .update(schema.issues)
      .set({ labels: [{ name: "bug", color: "d73a4a" }], assignees: [{ login: "octocat", avatarUrl: null }] })
      .where(eq(schema.issues.id, first));
    const [issue] = await db.select().from(schema.issues).where(eq(schema.issues.id, first));
    // As connecting the repository stores them from GitHub's answer (migration 0044), and its import finished.
    await db
      .update(schema.repositories)
      .set({
        ghNodeId: "R_kgDOfixture",
        description: "The fixture repository",
        ghCreatedAt: new Date("2020-01-02T03:04:05Z"),
        importState: "done",
      })
      .where(eq(schema.repositories.id, issue?.repositoryId as string));
    const [pipeline] = await db
      .update(schema.pipelines)
      .set({ stage: "DEVELOPMENT" })
      .where(eq(schema.pipelines.workspaceId, uuid(w.workspace)))
      .returning();
    await db.insert(schema.issueEvents).values({
      issueId: first,
      workspaceId: uuid(w.workspace),
      field: "pipeline",
      fromValue: null,
      toValue: pipeline?.name ?? "",
      createdAt: new Date("2026-11-20T10:00:00Z"),
    });
    secret = (await createKey(t, w.owner, "zenhub client")).secret;
  }, 240_000);
  afterAll(() => t.close());

  it.each(VIEWS)("reads a workspace's dependencies, owner and import state (%s names)", async (view) => {
    const data = await run(WORKSPACE_OVERVIEW, { workspaceId: w.workspace, first: 1 }, view);
    const workspace = data.workspace as Record<string, unknown>;
    expect(workspace.importState).toBe("COMPLETED");
    expect(workspace.defaultRepository).toEqual({ name: expect.any(String) });
    expect(workspace.zenhubOwner ?? workspace.gantryOwner).toMatchObject({
      __typename: view === "gantry" ? "GantryOrganization" : "ZenhubOrganization",
    });
    expect(workspace.issueDependencies).toMatchObject({
      totalCount: 1,
      pageInfo: { hasNextPage: false },
      nodes: [{ blockingIssue: { number: expect.any(Number) }, blockedIssue: { number: expect.any(Number) } }],
    });
    expect(workspace.issueAssigneeOptions).toEqual({ nodes: [{ githubUser: { login: "octocat" } }] });
  });

  it.each(VIEWS)("reads a repository's GitHub details and labels (%s names)", async (view) => {
    const data = await run(REPOSITORY_DETAILS, { issueId: w.gitHub[0] }, view);
    const repository = (data.node as { repository: Record<string, unknown> }).repository;
    expect(repository).toMatchObject({
      ghNodeId: "R_kgDOfixture",
      description: "The fixture repository",
      ghCreatedAt: "2020-01-02T03:04:05.000Z",
      permissions: { admin: true, push: true, pull: true },
      issueTemplates: { totalCount: 0, nodes: [] },
    });
    expect(repository.labels).toEqual({
      nodes: [
        {
          name: "bug",
          repository: { name: expect.any(String) },
          issues: { totalCount: 1, nodes: [expect.anything()] },
        },
      ],
    });
  });

  it.each(VIEWS)("says when an issue entered a stage, from its moves (%s names)", async (view) => {
    const entered = await run(ISSUE_STAGE, { issueId: w.gitHub[0], stage: "DEVELOPMENT" }, view);
    expect(entered.node).toEqual({ enteredStageAt: "2026-11-20T10:00:00.000Z", pullRequestReviews: { totalCount: 0 } });
    const never = await run(ISSUE_STAGE, { issueId: w.gitHub[0], stage: "REVIEW" }, view);
    expect(never.node).toMatchObject({ enteredStageAt: null });
  });
});
