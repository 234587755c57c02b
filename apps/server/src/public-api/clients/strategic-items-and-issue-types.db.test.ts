import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { decodeGlobalID } from "@pothos/plugin-relay";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/app.js";
import type { GraphQLAnswer } from "../../testing/factories.js";
import { type WorkspaceIssues, workspaceWithIssues } from "../../testing/workspace-issues.js";
import { ZENHUB_GRAPHQL_PATH } from "../route.js";
import { createKey, publicGql } from "../testing.js";

// A ZenHub planning-panel script and an issue type sync script (decision 0092), written as ZenHub clients write
// them: typed variables, fragments on the reference's interfaces, paging loops; on ZenHub's endpoint.

const STRATEGIC = `
fragment StrategicItem on StrategicIssueSearchItem {
  id
  isMatch
  number
  title
  state
  repository { name }
  labels(first: 5) { nodes { name } }
  assignees(first: 5) { nodes { login } }
  issueType { ... on BaseIssueType { name } }
  issue { title number }
  ... on GithubTimestamps { ghCreatedAt }
  ... on ViewerPermission { viewerPermission }
}
query StrategicIssues(
  $organizationId: ID!
  $first: Int!
  $after: String
  $issueIds: [ID!]
  $filters: StrategicIssuesFiltersInput
  $order: StrategicIssuesOrderInput
) {
  node(id: $organizationId) {
    ... on ZenhubOrganization {
      searchStrategicIssues(first: $first, after: $after, issueIds: $issueIds, filters: $filters, order: $order) {
        totalCount
        pageInfo { hasNextPage endCursor }
        nodes { ...StrategicItem }
      }
    }
  }
}`;

const ISSUE_TYPES = `
fragment TypeInfo on BaseIssueType { id name color isEnabled disposition level ... on Timestamps { createdAt } }
query IssueTypeOptions($organizationId: ID!) {
  node(id: $organizationId) {
    ... on ZenhubOrganization {
      issueTypeOptions(first: 10) {
        totalCount
        nodes {
          ...TypeInfo
          hasRelatedGithubIssueTypes
          relatedGithubIssueTypes { ...TypeInfo issuesCount owner { login } }
          zenhubIssueType { ...TypeInfo issuesCount zenhubOrganization { id } }
        }
      }
      zenhubLabels(first: 10) { nodes { name zenhubOrganization { id } } }
    }
  }
}`;

const ISSUE_TYPE_OF_ISSUE = `
query IssueTypeOfIssue($issueId: ID!) {
  node(id: $issueId) {
    ... on Issue {
      issueType {
        __typename
        ... on ZenhubIssueType { name issuesCount zenhubOrganization { id } }
        ... on GithubIssueType { name issuesCount owner { login } }
      }
    }
  }
}`;

interface Item {
  id: string;
  isMatch: boolean;
  number: number;
  title: string;
  state: string;
  repository: { name: string };
  labels: { nodes: { name: string }[] };
  assignees: { nodes: { login: string }[] };
  issueType: { name: string } | null;
  issue: { title: string; number: number };
  ghCreatedAt: string;
  viewerPermission: string;
}

interface Page {
  totalCount: number;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  nodes: Item[];
}

describe.each(testEngines())("the planning panel and issue types as ZenHub clients read them, on %s", (engine) => {
  let t: TestApp;
  let w: WorkspaceIssues;
  let secret: string;
  const uuid = (globalId: string | undefined) => decodeGlobalID(globalId as string).id;
  const zenhub = (operation: string, variables: Record<string, unknown>): Promise<GraphQLAnswer> =>
    publicGql(t, secret, operation, variables, ZENHUB_GRAPHQL_PATH);

  /** Every page of the panel's top level, as a paging loop reads it. */
  async function allItems(variables: Record<string, unknown>): Promise<{ totalCount: number; items: Item[] }> {
    const items: Item[] = [];
    let after: string | null = null;
    let totalCount = 0;
    for (let page = 0; page < 10; page++) {
      const answer = await zenhub(STRATEGIC, { organizationId: w.organization, first: 2, after, ...variables });
      expect(answer.errors).toBeUndefined();
      const found = (answer.data as { node: { searchStrategicIssues: Page } }).node.searchStrategicIssues;
      items.push(...found.nodes);
      totalCount = found.totalCount;
      if (!found.pageInfo.hasNextPage) break;
      after = found.pageInfo.endCursor;
    }
    return { totalCount, items };
  }

  // Titles, types, assignees and opening times given out of order, so each order has something to do.
  const seeded = [
    { issue: () => w.native[0], title: "Delta", type: "Bug", assignee: "zoe", openedDaysAgo: 1 },
    { issue: () => w.native[1], title: "alpha", type: null, assignee: null, openedDaysAgo: 5 },
    { issue: () => w.gitHub[0], title: "Charlie", type: "bug", assignee: "amy", openedDaysAgo: 3 },
    { issue: () => w.gitHub[1], title: "bravo", type: "Bug", assignee: "Mia", openedDaysAgo: 4 },
    { issue: () => w.gitHub[2], title: "Echo", type: "Feature", assignee: null, openedDaysAgo: 2 },
  ];

  beforeAll(async () => {
    t = await createTestApp({ REQUIRE_EMAIL_VERIFICATION: "false", AUTH_RATE_LIMIT_PER_MINUTE: "10000" }, { engine });
    w = await workspaceWithIssues(t, { native: 2, gitHub: 3 });
    const db = t.database.db;
    for (const item of seeded) {
      const opened = new Date(Date.now() - item.openedDaysAgo * 86_400_000);
      await db
        .update(schema.issues)
        .set({
          title: item.title,
          issueType: item.type,
          assignees: item.assignee ? [{ login: item.assignee, avatarUrl: null }] : [],
          labels: item.type === "Feature" ? [{ name: "roadmap", color: "0e8a16" }] : [],
          ghCreatedAt: opened,
          ghUpdatedAt: opened,
        })
        .where(eq(schema.issues.id, uuid(item.issue())));
    }
    // The GitHub organisation's issue types, as connecting its repository records them (one disabled).
    await db.insert(schema.githubIssueTypes).values([
      { ownerLogin: w.gitHubRepository.owner.toLowerCase(), ghId: 1, name: "Bug", color: "red", position: 0 },
      { ownerLogin: w.gitHubRepository.owner.toLowerCase(), ghId: 2, name: "Feature", color: "blue", position: 1 },
      {
        ownerLogin: w.gitHubRepository.owner.toLowerCase(),
        ghId: 3,
        name: "Legacy",
        color: "gray",
        position: 2,
        isEnabled: false,
      },
    ]);
    await db.insert(schema.gantryLabels).values({ workspaceId: uuid(w.workspace), name: "Strategy", color: "#aa0000" });
    secret = (await createKey(t, w.owner, "planning script")).secret;
  });
  afterAll(() => t.close());

  it("pages the panel in each order the reference names, both directions, with each item reading as its issue", async () => {
    const byTitle = await allItems({ order: { field: "TITLE", direction: "ASC" } });
    expect(byTitle.totalCount).toBe(5);
    expect(byTitle.items.map((item) => item.title)).toEqual(["alpha", "bravo", "Charlie", "Delta", "Echo"]);
    const byTitleDown = await allItems({ order: { field: "TITLE", direction: "DESC" } });
    expect(byTitleDown.items.map((item) => item.title)).toEqual(["Echo", "Delta", "Charlie", "bravo", "alpha"]);
    const oldestFirst = await allItems({ order: { field: "CREATED_AT", direction: "ASC" } });
    expect(oldestFirst.items.map((item) => item.title)).toEqual(["alpha", "bravo", "Charlie", "Echo", "Delta"]);
    // The first assignee by login, any case; issues with none after the rest ascending.
    const byAssignee = await allItems({ order: { field: "ASSIGNEE_LOGIN", direction: "ASC" } });
    expect(byAssignee.items.map((item) => item.title).slice(0, 3)).toEqual(["Charlie", "bravo", "Delta"]);
    expect(new Set(byAssignee.items.slice(3).map((item) => item.title))).toEqual(new Set(["alpha", "Echo"]));

    const echo = byTitle.items.find((item) => item.title === "Echo");
    expect(echo).toMatchObject({
      isMatch: true,
      number: 103,
      state: "OPEN",
      issue: { title: "Echo", number: 103 },
      labels: { nodes: [{ name: "roadmap" }] },
      issueType: { name: "Feature" },
      repository: { name: w.gitHubRepository.name },
      viewerPermission: "ADMIN",
    });
    const charlie = byTitle.items.find((item) => item.title === "Charlie");
    expect(charlie?.assignees.nodes).toEqual([{ login: "amy" }]);
    expect(new Date(charlie?.ghCreatedAt as string).getTime()).toBeLessThan(Date.now() - 2 * 86_400_000);
  });

  it("keeps the issues of the issue types asked for, in any case, and only the issues named by issueIds", async () => {
    const bugs = await allItems({
      filters: { issueIssueTypes: { in: ["BUG"] } },
      order: { field: "TITLE", direction: "ASC" },
    });
    expect(bugs.totalCount).toBe(3);
    expect(bugs.items.map((item) => item.title)).toEqual(["bravo", "Charlie", "Delta"]);
    const notBugs = await allItems({
      filters: { issueIssueTypes: { nin: ["bug"] } },
      order: { field: "TITLE", direction: "ASC" },
    });
    expect(notBugs.items.map((item) => item.title)).toEqual(["alpha", "Echo"]);
    // Gantry's issue types have no level: a range with a bound keeps nothing.
    const levelled = await allItems({ filters: { issueIssueTypesLevelRange: { minimum: 1 } } });
    expect(levelled).toEqual({ totalCount: 0, items: [] });
    const named = await allItems({
      issueIds: [w.gitHub[2], w.native[1]],
      order: { field: "TITLE", direction: "DESC" },
    });
    expect(named.totalCount).toBe(2);
    expect(named.items.map((item) => item.title)).toEqual(["Echo", "alpha"]);
    const refused = await zenhub(STRATEGIC, {
      organizationId: w.organization,
      first: 5,
      filters: { issueIssueTypesLevelRange: { minimum: 3, maximum: 1 } },
    });
    expect(refused.errors?.[0]?.message).toBe("The level range's minimum is above its maximum.");
  });

  it("answers the organisation's issue type options with their GitHub types, counts and organisation", async () => {
    const answer = await zenhub(ISSUE_TYPES, { organizationId: w.organization });
    expect(answer.errors).toBeUndefined();
    const organization = (
      answer.data as {
        node: {
          issueTypeOptions: { totalCount: number; nodes: Record<string, unknown>[] };
          zenhubLabels: { nodes: { name: string; zenhubOrganization: { id: string } }[] };
        };
      }
    ).node;
    // Enabled types only, in GitHub's order.
    expect(organization.issueTypeOptions.totalCount).toBe(2);
    const [bug, feature] = organization.issueTypeOptions.nodes;
    expect(bug).toMatchObject({
      name: "Bug",
      color: "red",
      isEnabled: true,
      disposition: "BOARD",
      level: null,
      hasRelatedGithubIssueTypes: true,
      relatedGithubIssueTypes: [{ name: "Bug", issuesCount: 2, owner: { login: w.gitHubRepository.owner } }],
      zenhubIssueType: { name: "Bug", issuesCount: 1, zenhubOrganization: { id: w.organization } },
    });
    const [related] = (bug?.relatedGithubIssueTypes ?? []) as { id: string }[];
    expect(bug?.id).toBe(related?.id);
    expect(new Date(bug?.createdAt as string).getTime()).toBeGreaterThan(0);
    expect(feature).toMatchObject({
      name: "Feature",
      relatedGithubIssueTypes: [{ name: "Feature", issuesCount: 1 }],
      zenhubIssueType: { issuesCount: 0 },
    });
    expect(organization.zenhubLabels.nodes).toEqual([{ name: "Strategy", zenhubOrganization: { id: w.organization } }]);
  });

  it("tells an issue's type's organisation and how many issues carry it", async () => {
    const native = await zenhub(ISSUE_TYPE_OF_ISSUE, { issueId: w.native[0] });
    expect(native.errors).toBeUndefined();
    expect((native.data as { node: { issueType: unknown } }).node.issueType).toEqual({
      __typename: "ZenhubIssueType",
      name: "Bug",
      issuesCount: 1,
      zenhubOrganization: { id: w.organization },
    });
    const gitHub = await zenhub(ISSUE_TYPE_OF_ISSUE, { issueId: w.gitHub[0] });
    expect(gitHub.errors).toBeUndefined();
    expect((gitHub.data as { node: { issueType: unknown } }).node.issueType).toEqual({
      __typename: "GithubIssueType",
      name: "bug",
      issuesCount: 2,
      owner: { login: w.gitHubRepository.owner },
    });
  });
});
