import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { decodeGlobalID, encodeGlobalID } from "@pothos/plugin-relay";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/app.js";
import type { GraphQLAnswer } from "../../testing/factories.js";
import { type WorkspaceIssues, workspaceWithIssues } from "../../testing/workspace-issues.js";
import { ZENHUB_GRAPHQL_PATH } from "../route.js";
import { createKey, publicGql } from "../testing.js";

// Workspace and organisation lists narrowed and ordered as ZenHub scripts ask (filters, orderBy, query).

const ISSUES = `
query WorkspaceIssues($workspaceId: ID!, $filters: WorkspaceIssuesFiltersInput, $orderBy: IssueOrderInput) {
  workspace(id: $workspaceId) { issues(first: 20, filters: $filters, orderBy: $orderBy) { totalCount nodes { title } } }
}`;

const EPICS = `
query WorkspaceEpics($workspaceId: ID!, $filters: ZenhubEpicFiltersInput, $orderBy: ZenhubEpicOrderInput) {
  workspace(id: $workspaceId) { zenhubEpics(first: 20, filters: $filters, orderBy: $orderBy) { nodes { id title } } }
}`;

const LABELS = `
query Labels($workspaceId: ID!, $query: String, $name: StringInput, $includeWorkspaceLabels: Boolean) {
  workspace(id: $workspaceId) {
    zenhubLabels(first: 20, query: $query) { nodes { name } }
    issueLabelOptions(first: 20, name: $name, includeWorkspaceLabels: $includeWorkspaceLabels) { nodes { name } }
  }
}`;

const ORGANIZATION = `
query Organization($organizationId: ID!, $query: String, $workspaceIds: [ID!], $roadmapQuery: String, $state: RoadmapItemStateFilterInput) {
  node(id: $organizationId) {
    ... on ZenhubOrganization {
      workspaces(first: 10, query: $query, workspaceIds: $workspaceIds, orderBy: { field: WORKSPACE_VIEWS, direction: DESC }) { nodes { name } }
      roadmapItems(first: 20, query: $roadmapQuery, state: $state) { nodes { ... on ZenhubEpic { title } } }
    }
  }
}`;

const USERS = `
query Users($workspaceId: ID!, $filters: ZenhubUsersFiltersInput) {
  workspace(id: $workspaceId) { zenhubUsers(first: 10, filters: $filters) { nodes { email } } }
}`;

const LIMITED = `
query Limited($id: ID!) { node(id: $id) { ... on ZenhubOrganizationLimited { name createdAt } } }`;

const titles = (page: unknown) => (page as { nodes: { title?: string }[] }).nodes.map((node) => node.title);
const names = (page: unknown) => (page as { nodes: { name: string }[] }).nodes.map((node) => node.name);

describe.each(testEngines())("workspace lists narrowed and ordered by a ZenHub script, on %s", (engine) => {
  let t: TestApp;
  let w: WorkspaceIssues;
  let key: string;
  const epicIds: Record<string, string> = {};
  const uuid = (globalId: string) => decodeGlobalID(globalId).id;

  const data = async (query: string, variables: Record<string, unknown>) => {
    const answer: GraphQLAnswer = await publicGql(t, key, query, variables, ZENHUB_GRAPHQL_PATH);
    expect(answer.errors).toBeUndefined();
    return answer.data as Record<string, Record<string, unknown>>;
  };
  const workspace = async (query: string, variables: Record<string, unknown> = {}) =>
    (await data(query, { workspaceId: w.workspace, ...variables })).workspace as Record<string, unknown>;

  beforeAll(async () => {
    t = await createTestApp({ REQUIRE_EMAIL_VERIFICATION: "false", AUTH_RATE_LIMIT_PER_MINUTE: "10000" }, { engine });
    w = await workspaceWithIssues(t, { native: 0, gitHub: 3 });
    key = (await createKey(t, w.owner)).secret;
    const db = t.database.db;
    const [first, second, third] = w.gitHub.map(uuid) as [string, string, string];
    await db
      .update(schema.issues)
      .set({ title: "Banana", labels: [{ name: "Bug", color: "d73a4a" }], issueType: "Bug", estimate: 3 })
      .where(eq(schema.issues.id, first));
    await db
      .update(schema.issues)
      .set({ title: "apple", labels: [{ name: "Docs", color: "0075ca" }], estimate: 1 })
      .where(eq(schema.issues.id, second));
    await db
      .update(schema.issues)
      .set({ title: "Cherry", assignees: [{ login: "owner-gh", avatarUrl: null }] })
      .where(eq(schema.issues.id, third));
    const workspaceId = uuid(w.workspace);
    for (const [title, state, startOn] of [
      ["Launch", "IN_PROGRESS", "2026-03-01"],
      ["Billing", "CLOSED", "2026-01-01"],
      ["Onboarding", "TODO", null],
    ] as const) {
      const [epic] = await db.insert(schema.gantryEpics).values({ workspaceId, title, state, startOn }).returning();
      epicIds[title] = encodeGlobalID("GantryEpic", epic?.id ?? "");
    }
    await db.insert(schema.gantryLabels).values([
      { workspaceId, name: "Frontend", color: "ff0000" },
      { workspaceId, name: "Backend", color: "00ff00" },
    ]);
    await db.insert(schema.githubAccounts).values({
      userId: w.owner.userId,
      ghId: 4242,
      login: "owner-gh",
      encryptedToken: "x",
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  it("narrows Workspace.issues by the board's label and issue type filters and orders them as asked", async () => {
    const all = await workspace(ISSUES);
    expect((all.issues as { totalCount: number }).totalCount).toBe(3);
    expect(titles((await workspace(ISSUES, { filters: { labels: { in: ["Bug", "Docs"] } } })).issues).sort()).toEqual([
      "Banana",
      "apple",
    ]);
    expect(titles((await workspace(ISSUES, { filters: { labels: { nin: ["Bug"] } } })).issues).sort()).toEqual([
      "Cherry",
      "apple",
    ]);
    expect(titles((await workspace(ISSUES, { filters: { issueIssueTypes: { in: ["Bug"] } } })).issues)).toEqual([
      "Banana",
    ]);
    expect(
      titles((await workspace(ISSUES, { filters: { issueIssueTypeDisposition: "PLANNING_PANEL" } })).issues).sort(),
    ).toEqual(["Cherry", "apple"]);
    expect(
      titles((await workspace(ISSUES, { filters: { issueIssueTypeDisposition: "PLANNING_PANEL_ONLY" } })).issues),
    ).toEqual([]);
    const byTitle = (direction: string) =>
      workspace(ISSUES, { orderBy: { field: "title", direction } }).then((answer) => titles(answer.issues));
    expect(await byTitle("ASC")).toEqual(["apple", "Banana", "Cherry"]);
    expect(await byTitle("DESC")).toEqual(["Cherry", "Banana", "apple"]);
    const byEstimate = await workspace(ISSUES, { orderBy: { field: "estimate", direction: "DESC" } });
    expect(titles(byEstimate.issues)).toEqual(["Banana", "apple", "Cherry"]);
  });

  it("refuses an order with no meaning, naming those it has", async () => {
    const answer = await publicGql(
      t,
      key,
      ISSUES,
      { workspaceId: w.workspace, orderBy: { field: "stale", direction: "ASC" } },
      ZENHUB_GRAPHQL_PATH,
    );
    expect(answer.errors?.[0]?.message).toContain("cannot be ordered by stale ASC");
  });

  it("filters and orders Workspace.zenhubEpics", async () => {
    const list = async (variables: Record<string, unknown>) => titles((await workspace(EPICS, variables)).zenhubEpics);
    expect(await list({})).toEqual(["Launch", "Onboarding", "Billing"]);
    expect(await list({ filters: { state: { in: ["CLOSED", "TODO"] } } })).toEqual(["Onboarding", "Billing"]);
    expect(await list({ filters: { state: { nin: ["CLOSED"] } } })).toEqual(["Launch", "Onboarding"]);
    expect(await list({ filters: { id: { in: [epicIds.Billing] } } })).toEqual(["Billing"]);
    expect(
      await list({ filters: { matchType: "any", id: { in: [epicIds.Billing] }, state: { in: ["TODO"] } } }),
    ).toEqual(["Onboarding", "Billing"]);
    expect(
      await list({ filters: { matchType: "all", id: { in: [epicIds.Billing] }, state: { in: ["TODO"] } } }),
    ).toEqual([]);
    expect(await list({ filters: { projectIds: { in: ["any-project"] } } })).toEqual([]);
    expect(await list({ orderBy: { field: "TITLE", direction: "DESC" } })).toEqual(["Onboarding", "Launch", "Billing"]);
    expect(await list({ orderBy: { field: "START_ON", direction: "ASC" } })).toEqual([
      "Billing",
      "Launch",
      "Onboarding",
    ]);
    expect(await list({ orderBy: { field: "STATE", direction: "ASC" } })).toEqual(["Onboarding", "Launch", "Billing"]);
  });

  it("narrows labels by query and name, and adds the workspace's own labels when asked", async () => {
    const answer = await workspace(LABELS, { query: "end", name: { nin: ["docs"] } });
    expect(names(answer.zenhubLabels)).toEqual(["Backend", "Frontend"]);
    expect(names(answer.issueLabelOptions)).toEqual(["Bug"]);
    const withOwn = await workspace(LABELS, { includeWorkspaceLabels: true });
    expect(names(withOwn.issueLabelOptions)).toEqual(["Backend", "Bug", "Docs", "Frontend"]);
  });

  it("narrows the organisation's workspaces and roadmap", async () => {
    const org = async (variables: Record<string, unknown>) =>
      (await data(ORGANIZATION, { organizationId: w.organization, ...variables })).node as Record<string, unknown>;
    const all = await org({});
    expect(names(all.workspaces)).toHaveLength(1);
    expect(names((await org({ query: "no such workspace" })).workspaces)).toEqual([]);
    expect(names((await org({ workspaceIds: [w.workspace] })).workspaces)).toHaveLength(1);
    expect(titles((await org({ roadmapQuery: "LAUN" })).roadmapItems)).toEqual(["Launch"]);
    expect(titles((await org({ state: { in: ["CLOSED"] } })).roadmapItems)).toEqual(["Billing"]);
  });

  it("keeps people by how many open issues are assigned to their GitHub login", async () => {
    const emails = async (filters: Record<string, unknown>) =>
      ((await workspace(USERS, { filters })).zenhubUsers as { nodes: { email: string }[] }).nodes.map((n) => n.email);
    const everyone = await emails({});
    expect(everyone).toContain(w.owner.email);
    const idle = await emails({ assignedIssuesCountComparison: { value: 0 } });
    expect(idle).not.toContain(w.owner.email);
    expect(idle).toHaveLength(everyone.length - 1);
    expect(await emails({ assignedIssuesCountComparison: { value: 1 } })).toEqual(everyone);
  });

  it("names the organisation to a member as ZenhubOrganizationLimited", async () => {
    const id = encodeGlobalID("GantryOrganizationLimited", uuid(w.organization));
    const answer = await data(LIMITED, { id });
    expect(answer.node).toMatchObject({ name: expect.any(String) });
    const outsiderKey = (await createKey(t, w.outsider)).secret;
    const refused = await publicGql(t, outsiderKey, LIMITED, { id }, ZENHUB_GRAPHQL_PATH);
    expect(refused.data?.node ?? null).toBeNull();
  });
});
