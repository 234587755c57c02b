import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { decodeGlobalID } from "@pothos/plugin-relay";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/app.js";
import { createWorkspace, errorOf, field, gql } from "../testing/factories.js";
import { type WorkspaceIssues, workspaceWithIssues } from "../testing/workspace-issues.js";

const SEARCH = `query ($id: ID!, $first: Int, $after: String, $parentIssueId: ID, $query: String, $states: [IssueState!], $labels: [String!], $workspaceId: ID) {
  node(id: $id) {
    ... on GantryOrganization {
      searchStrategicIssues(first: $first, after: $after, parentIssueId: $parentIssueId, query: $query, states: $states,
        filters: { labels: { in: $labels } }, workspaceId: $workspaceId) {
        totalCount
        pageInfo { hasNextPage endCursor }
        nodes { hasMatchingChildren issue { id title parentIssue { id } } }
      }
    }
  }
}`;
const MOVE = `mutation ($input: MoveStrategicIssueInput!) {
  moveStrategicIssue(input: $input) { issue { id parentIssue { id } } }
}`;
const ADD_SUB_ISSUES = `mutation ($parentId: ID!, $childIssueIds: [ID!]!) {
  addSubIssues(input: { parentId: $parentId, childIssueIds: $childIssueIds }) { successCount }
}`;

interface Search {
  totalCount: number;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  nodes: { hasMatchingChildren: boolean; issue: { id: string; title: string; parentIssue: { id: string } | null } }[];
}

describe.each(testEngines())("strategic planning panel on %s", (engine) => {
  let t: TestApp;
  let w: WorkspaceIssues;
  let other: WorkspaceIssues;

  beforeAll(async () => {
    t = await createTestApp({ REQUIRE_EMAIL_VERIFICATION: "false", AUTH_RATE_LIMIT_PER_MINUTE: "10000" }, { engine });
    w = await workspaceWithIssues(t, { native: 5, gitHub: 2 });
    other = await workspaceWithIssues(t, { native: 2, gitHub: 0 });
  });
  afterAll(async () => {
    await t.close();
  });

  const at = (list: string[], index: number) => list[index] as string;
  const search = async (
    variables: Record<string, unknown> = {},
    token = w.owner.token,
    organization = w.organization,
  ) =>
    (field<{ searchStrategicIssues: Search } | null>(
      await gql(t, token, SEARCH, { id: organization, ...variables }),
      "node",
    )?.searchStrategicIssues ?? null) as Search;
  const titles = async (variables: Record<string, unknown> = {}) =>
    (await search({ first: 100, ...variables })).nodes.map((node) => node.issue.title);
  const move = (issueId: string, targetIssueId: string, instruction: string, token = w.owner.token) =>
    gql(t, token, MOVE, { input: { gantryOrganizationId: w.organization, issueId, targetIssueId, instruction } });

  it("lists the top level in creation order at first, pages through it, and loads children by parent", async () => {
    const answer = await gql(t, w.owner.token, ADD_SUB_ISSUES, {
      parentId: at(w.native, 0),
      childIssueIds: [at(w.native, 3), at(w.native, 4)],
    });
    expect(field<{ successCount: number }>(answer, "addSubIssues").successCount).toBe(2);
    expect(await titles()).toEqual(["Native 1", "Native 2", "Native 3", "GitHub 1", "GitHub 2"]);
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const page: Search = await search({ first: 2, after });
      expect(page.totalCount).toBe(5);
      seen.push(...page.nodes.map((node) => node.issue.title));
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
    } while (after);
    expect(seen).toEqual(["Native 1", "Native 2", "Native 3", "GitHub 1", "GitHub 2"]);
    const top = await search({ first: 1 });
    expect(top.nodes[0]).toMatchObject({ hasMatchingChildren: true, issue: { parentIssue: null } });
    const children = await search({ parentIssueId: at(w.native, 0) });
    expect(children.nodes.map((node) => [node.issue.title, node.issue.parentIssue?.id])).toEqual([
      ["Native 4", at(w.native, 0)],
      ["Native 5", at(w.native, 0)],
    ]);
    expect(children.nodes.every((node) => node.hasMatchingChildren === false)).toBe(true);
  });

  it("filters by text, label, state and workspace; a matching child shows at the top when its parent does not match", async () => {
    expect(await titles({ query: "native 5" })).toEqual(["Native 5"]);
    expect(await titles({ query: "#2" })).toEqual(["Native 2"]);
    const githubOne = decodeGlobalID(at(w.gitHub, 0)).id;
    await t.database.db
      .update(schema.issues)
      .set({ labels: [{ name: "bug", color: "d73a4a" }] })
      .where(eq(schema.issues.id, githubOne));
    expect(await titles({ labels: ["bug"] })).toEqual(["GitHub 1"]);
    await t.database.db
      .update(schema.issues)
      .set({ state: "closed" })
      .where(eq(schema.issues.id, decodeGlobalID(at(w.native, 1)).id));
    expect(await titles()).not.toContain("Native 2");
    expect(await titles({ states: ["CLOSED"], query: "native" })).toEqual(["Native 2"]);
    expect(await titles({ workspaceId: other.workspace })).toEqual([]);
  });

  it("keeps another organisation's issues out, and outsiders out altogether", async () => {
    const mine = (await search({ first: 100 })).nodes.map((node) => node.issue.id);
    expect(mine.filter((id) => other.native.includes(id))).toEqual([]);
    expect((await search({ first: 100 }, other.owner.token, other.organization)).nodes.map((n) => n.issue.id)).toEqual(
      other.native,
    );
    expect((await gql(t, w.outsider.token, SEARCH, { id: w.organization })).data?.node).toBeNull();
    expect(errorOf(await move(at(other.native, 0), at(w.native, 0), "REORDER_ABOVE"))).toMatchObject({
      code: "NOT_FOUND",
    });
    expect(errorOf(await move(at(w.native, 2), at(w.native, 0), "REORDER_ABOVE", w.outsider.token))).toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("persists a reorder, a make-child and an outdent, and reads them back in the new order", async () => {
    field(await move(at(w.gitHub, 1), at(w.native, 0), "REORDER_ABOVE"), "moveStrategicIssue");
    expect(await titles()).toEqual(["GitHub 2", "Native 1", "Native 3", "GitHub 1"]);
    field(await move(at(w.native, 2), at(w.gitHub, 1), "REORDER_ABOVE"), "moveStrategicIssue");
    expect(await titles()).toEqual(["Native 3", "GitHub 2", "Native 1", "GitHub 1"]);
    const made = field<{ issue: { parentIssue: { id: string } } }>(
      await move(at(w.gitHub, 0), at(w.native, 0), "MAKE_CHILD"),
      "moveStrategicIssue",
    );
    expect(made.issue.parentIssue.id).toBe(at(w.native, 0));
    expect(await titles({ parentIssueId: at(w.native, 0) })).toEqual(["Native 4", "Native 5", "GitHub 1"]);
    field(await move(at(w.gitHub, 0), at(w.native, 3), "REORDER_ABOVE"), "moveStrategicIssue");
    expect(await titles({ parentIssueId: at(w.native, 0) })).toEqual(["GitHub 1", "Native 4", "Native 5"]);
    field(await move(at(w.native, 4), at(w.native, 2), "REORDER_BELOW"), "moveStrategicIssue");
    expect(await titles()).toEqual(["Native 3", "Native 5", "GitHub 2", "Native 1"]);
    expect(await titles({ parentIssueId: at(w.native, 0) })).toEqual(["GitHub 1", "Native 4"]);
  });

  it("refuses cycles and moves onto itself, writing nothing", async () => {
    const before = await titles();
    expect(errorOf(await move(at(w.native, 0), at(w.native, 3), "MAKE_CHILD"))).toEqual({
      code: "BAD_USER_INPUT",
      message: "An issue cannot be its own ancestor: #4 is already below #1.",
    });
    expect(errorOf(await move(at(w.native, 0), at(w.native, 0), "REORDER_BELOW"))).toEqual({
      code: "BAD_USER_INPUT",
      message: "An issue cannot be moved next to or under itself.",
    });
    expect(await titles()).toEqual(before);
  });

  it("lets workspace viewers read the panel but not move in it", async () => {
    const before = await titles();
    expect((await search({ first: 100 }, w.viewer.token)).nodes.map((node) => node.issue.title)).toEqual(before);
    expect(errorOf(await move(at(w.native, 0), at(w.native, 2), "REORDER_ABOVE", w.viewer.token))).toEqual({
      code: "FORBIDDEN",
      message: "You do not have permission to do this in this workspace.",
    });
    expect(await titles()).toEqual(before);
  });

  it("shows an issue whose parent the viewer cannot see at the top, without that parent", async () => {
    const secret = await createWorkspace(t, w.owner, w.organization, true);
    const { gantryRepository } = field<{ gantryRepository: { id: string } }>(
      await gql(t, w.owner.token, "query ($id: ID!) { workspace(id: $id) { gantryRepository { id } } }", {
        id: secret,
      }),
      "workspace",
    );
    const created = field<{ issue: { id: string } }>(
      await gql(
        t,
        w.owner.token,
        "mutation ($input: CreateIssueInput!) { createIssue(input: $input) { issue { id } } }",
        {
          input: { repositoryId: gantryRepository.id, title: "Secret plan" },
        },
      ),
      "createIssue",
    );
    await t.database.db
      .update(schema.issues)
      .set({ parentIssueId: decodeGlobalID(created.issue.id).id })
      .where(eq(schema.issues.id, decodeGlobalID(at(w.gitHub, 1)).id));
    const owners = await titles();
    expect(owners).toContain("Secret plan");
    expect(owners).not.toContain("GitHub 2");
    expect(await titles({ parentIssueId: created.issue.id })).toEqual(["GitHub 2"]);
    const viewers = await search({ first: 100 }, w.viewer.token);
    expect(viewers.nodes.map((node) => node.issue.title)).not.toContain("Secret plan");
    expect(viewers.nodes.find((node) => node.issue.title === "GitHub 2")?.issue.parentIssue).toBeNull();
    expect((await search({ parentIssueId: created.issue.id }, w.viewer.token)).nodes).toEqual([]);
  });

  it("refuses an unreadable cursor and an oversized page", async () => {
    expect(errorOf(await gql(t, w.owner.token, SEARCH, { id: w.organization, after: "nonsense" }))).toEqual({
      code: "BAD_USER_INPUT",
      message: expect.stringMatching(/^`after` is not a cursor this API gave out/),
    });
    expect(errorOf(await gql(t, w.owner.token, SEARCH, { id: w.organization, first: 500 }))).toMatchObject({
      code: "BAD_USER_INPUT",
    });
  });
});
