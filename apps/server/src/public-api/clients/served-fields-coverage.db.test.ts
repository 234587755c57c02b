import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { referenceSchema } from "@gantry/zenhub-stand-in/stand-in";
import { decodeGlobalID, encodeGlobalID } from "@pothos/plugin-relay";
import { eq, inArray } from "drizzle-orm";
import { parse, validate } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/app.js";
import { field, type GraphQLAnswer, gql } from "../../testing/factories.js";
import { issueAt, type WorkspaceIssues, workspaceWithIssues } from "../../testing/workspace-issues.js";
import { ZENHUB_GRAPHQL_PATH } from "../route.js";
import { createKey, placeFixtureIssues, publicGql, weeklySprints } from "../testing.js";
import { gantryNamed } from "./zenhub-operations.js";

/**
 * Reference fields Gantry serves with its own resolvers (served-fields/*.ts), read as ZenHub clients read them.
 * Aliases keep the answers the same under both endpoints' names.
 */
const OPERATIONS = {
  organizationPeople: `query OrganizationPeople($emails: [String!], $search: String) {
    viewer {
      id
      externalOnly
      zenhubOrganizations(first: 5) {
        nodes {
          id
          creator { id }
          everyone: zenhubUsers(first: 10) { nodes { id name } }
          byEmail: zenhubUsers(first: 10, emails: $emails) { nodes { name } }
          bySearch: zenhubUsers(first: 10, query: $search, order: { direction: DESC }) { nodes { name } }
          members: zenhubUsersAtOrganization(first: 10, role: MEMBER) {
            totalCount
            nodes { name email role externalOnly githubUser { login } }
          }
          admins: zenhubUsersAtOrganization(first: 10, role: ADMIN) { nodes { name role } }
          labels: zenhubLabels(first: 10, orderBy: { field: name, direction: DESC }) { nodes { name } }
          ownTypes: zenhubIssueTypes(first: 10) { totalCount }
          issueTypeOptions(first: 10) { totalCount nodes { name } }
        }
      }
    }
  }`,
  peopleRoles: `query PeopleRoles($organizationId: ID!) {
    viewer {
      role(zenhubOrganizationId: $organizationId)
      zenhubOrganizations(first: 1) {
        nodes { people: zenhubUsers(first: 10) { nodes { name externalOnly role(zenhubOrganizationId: $organizationId) } } }
      }
    }
  }`,
  issuePeople: `query IssuePeople($issueId: ID!, $workspaceId: ID!) {
    node(id: $issueId) {
      ... on Issue {
        assignees(first: 5) { nodes { login account: zenhubUser { id name } } }
        accounts: zenhubAssignees(first: 5) { totalCount nodes { id name } }
      }
    }
    workspace(id: $workspaceId) {
      issueAssigneeOptions(first: 10) { nodes { githubUser { login } account: zenhubUser { id } } }
    }
  }`,
  releases: `query Releases($workspaceId: ID!) {
    workspace(id: $workspaceId) { releases(first: 10) { nodes { title state closedAt } } }
  }`,
  sprintScope: `query SprintScope($workspaceId: ID!) {
    workspace(id: $workspaceId) {
      activeSprint {
        name
        scopeChange(first: 10) { totalCount nodes { action effectiveAt estimateValue issue { number } } }
      }
    }
  }`,
  issueSprints: `query IssueSprints($issueId: ID!) {
    node(id: $issueId) {
      ... on Issue {
        latestFirst: sprintIssues(first: 5, orderBy: { field: SPRINT_END_AT, direction: DESC }) {
          totalCount
          nodes { issue { number } sprint { id } }
        }
        oldestFirst: sprintIssues(first: 5) { nodes { sprint { id } } }
      }
    }
  }`,
  issueFamily: `query IssueFamily($parentId: ID!, $gitHubChildId: ID!, $gantryChildId: ID!, $repositoryId: ID!) {
    parent: node(id: $parentId) {
      ... on Issue {
        githubChildIssues(first: 10) { totalCount nodes { number } }
        openOnGitHub: githubChildIssues(first: 10, filters: { state: { eq: OPEN } }) { nodes { number } }
        otherRepositories: githubChildIssues(first: 10, filters: { repositoryId: { nin: [$repositoryId] } }) { totalCount }
        gantryChildren: zenhubChildIssues(first: 10) { totalCount nodes { number } }
      }
    }
    gitHubChild: node(id: $gitHubChildId) { ... on Issue { githubParentIssue { number } } }
    gantryChild: node(id: $gantryChildId) { ... on Issue { githubParentIssue { number } } }
  }`,
  activityFeed: `query ActivityFeed($issueId: ID!) {
    node(id: $issueId) {
      ... on Issue {
        activityFeed(first: 20) {
          totalCount
          nodes {
            __typename
            ... on Comment { id body }
            ... on TimelineItem { key data }
          }
        }
        commentsOnly: activityFeed(first: 20, skipTimelineItems: true) {
          totalCount
          nodes { __typename ... on Comment { body } }
        }
      }
    }
  }`,
  pullRequestLinks: `query PullRequestLinks($pullRequestId: ID!, $issueId: ID!, $epicIssueId: ID!) {
    pr: node(id: $pullRequestId) {
      ... on Issue {
        pullRequest
        pullRequestObject { state draft issue { number } }
        connections(first: 5) { totalCount nodes { number } }
      }
    }
    issue: node(id: $issueId) {
      ... on Issue { pullRequestObject { state } connections(first: 5) { totalCount } epic { id } }
    }
    epicIssue: node(id: $epicIssueId) { ... on Issue { epic { issue { number title } } } }
  }`,
} as const;

type OperationName = keyof typeof OPERATIONS;
const VIEWS = ["gantry", "zenhub"] as const;
type View = (typeof VIEWS)[number];

describe("served-field operations", () => {
  it("are valid against the reference schema itself", () => {
    const reference = referenceSchema();
    for (const [name, operation] of Object.entries(OPERATIONS)) {
      expect([name, validate(reference, parse(operation)).map((error) => error.message)]).toEqual([name, []]);
    }
  });
});

describe.each(testEngines())("reference fields Gantry serves, read by ZenHub clients, on %s", (engine) => {
  let t: TestApp;
  let w: WorkspaceIssues;
  let secret: string;
  let repositoryId: string;
  let pullRequestId: string;
  const closedAt = new Date("2026-11-24T09:30:00Z");
  const run = async (operation: OperationName, variables: Record<string, unknown>, view: View, key = secret) => {
    const answer: GraphQLAnswer =
      view === "gantry"
        ? await publicGql(t, key, gantryNamed(OPERATIONS[operation]), variables)
        : await publicGql(t, key, OPERATIONS[operation], variables, ZENHUB_GRAPHQL_PATH);
    expect(answer.errors).toBeUndefined();
    return answer.data as Record<string, Record<string, unknown>>;
  };
  /** A mutation in ZenHub's names, as the script that arranges the board would send it. */
  const zenhub = async (mutation: string, variables: Record<string, unknown>) => {
    const answer = await publicGql(t, secret, mutation, variables, ZENHUB_GRAPHQL_PATH);
    expect(answer.errors).toBeUndefined();
  };
  const uuid = (globalId: string) => decodeGlobalID(globalId).id;
  let sprints: { active: { id: string; name: string }; upcoming: { id: string } };

  beforeAll(async () => {
    t = await createTestApp({ REQUIRE_EMAIL_VERIFICATION: "false", AUTH_RATE_LIMIT_PER_MINUTE: "10000" }, { engine });
    w = await workspaceWithIssues(t, { native: 4, gitHub: 3 });
    await placeFixtureIssues(t, issueAt(w.gitHub, 0));
    await weeklySprints(t, w.owner, w.workspace);
    secret = (await createKey(t, w.owner, "served fields")).secret;
    const db = t.database.db;
    const { users, githubAccounts, issues, gantryLabels, githubIssueTypes, releases, issueEvents } = schema;

    // People: names, the viewer's connected GitHub login "octocat", assigned to #101.
    await db.update(users).set({ name: "Ada Owner" }).where(eq(users.id, w.owner.userId));
    await db.update(users).set({ name: "Bob Viewer" }).where(eq(users.id, w.viewer.userId));
    await db.insert(githubAccounts).values({
      userId: w.viewer.userId,
      ghId: 583231,
      login: "octocat",
      avatarUrl: "https://avatars.test/octocat",
      encryptedToken: "sealed",
    });
    await db
      .update(issues)
      .set({ assignees: [{ login: "Octocat", avatarUrl: null }] })
      .where(eq(issues.id, uuid(issueAt(w.gitHub, 0))));

    // Labels of the workspace and GitHub issue types of its repository's owner ("acme"), one disabled.
    await db
      .insert(gantryLabels)
      .values(
        ["backend", "Accessibility", "frontend"].map((name) => ({ workspaceId: uuid(w.workspace), name, color: null })),
      );
    await db.insert(githubIssueTypes).values([
      { ownerLogin: "acme", ghId: 1, name: "Bug", position: 1 },
      { ownerLogin: "acme", ghId: 2, name: "Feature", position: 2 },
      { ownerLogin: "acme", ghId: 3, name: "Retired", position: 3, isEnabled: false },
    ]);

    // Releases: one closed in Gantry now, one closed before Gantry kept when (its last change), one open.
    const created = field<{ release: { id: string } }>(
      await gql(
        t,
        w.owner.token,
        `mutation ($workspaceId: ID!) { createRelease(input: { workspaceId: $workspaceId, release: { title: "2.0" } }) { release { id } } }`,
        { workspaceId: w.workspace },
      ),
      "createRelease",
    );
    field(
      await gql(
        t,
        w.owner.token,
        `mutation ($releaseId: ID!) { updateRelease(input: { releaseId: $releaseId, release: { state: CLOSED } }) { release { id } } }`,
        { releaseId: created.release.id },
      ),
      "updateRelease",
    );
    await db
      .update(releases)
      .set({ closedAt })
      .where(eq(releases.id, uuid(created.release.id)));
    await db.insert(releases).values([
      {
        workspaceId: uuid(w.workspace),
        title: "1.0",
        state: "CLOSED",
        closedAt: null,
        updatedAt: new Date("2026-01-02T03:04:05Z"),
      },
      { workspaceId: uuid(w.workspace), title: "3.0", state: "OPEN" },
    ]);

    // Sprints: #1 (estimated 3) and #2 join the active sprint, #2 leaves it, #3 joins it and the next one.
    const board = field<{ activeSprint: { id: string; name: string }; upcomingSprint: { id: string } }>(
      await publicGql(
        t,
        secret,
        `query ($id: ID!) { workspace(id: $id) { activeSprint { id name } upcomingSprint { id } } }`,
        { id: w.workspace },
        ZENHUB_GRAPHQL_PATH,
      ),
      "workspace",
    );
    sprints = { active: board.activeSprint, upcoming: board.upcomingSprint };
    await zenhub(`mutation ($issueId: ID!) { setEstimate(input: { issueId: $issueId, value: 3 }) { issue { id } } }`, {
      issueId: issueAt(w.native, 0),
    });
    const sprintChange = (change: "add" | "remove", issueIds: string[], sprintIds: string[]) =>
      zenhub(
        change === "add"
          ? `mutation ($issueIds: [ID!]!, $sprintIds: [ID!]!) { addIssuesToSprints(input: { issueIds: $issueIds, sprintIds: $sprintIds }) { sprintIssues { id } } }`
          : `mutation ($issueIds: [ID!]!, $sprintIds: [ID!]!) { removeIssuesFromSprints(input: { issueIds: $issueIds, sprintIds: $sprintIds }) { clientMutationId } }`,
        { issueIds, sprintIds },
      );
    await sprintChange("add", [issueAt(w.native, 0)], [sprints.active.id]);
    await sprintChange("add", [issueAt(w.native, 1)], [sprints.active.id]);
    await sprintChange("remove", [issueAt(w.native, 1)], [sprints.active.id]);
    await sprintChange("add", [issueAt(w.native, 2)], [sprints.active.id, sprints.upcoming.id]);
    // A change named after the sprint from before it began: not part of its scope change.
    await db.insert(issueEvents).values({
      issueId: uuid(issueAt(w.native, 3)),
      workspaceId: uuid(w.workspace),
      field: "sprint",
      fromValue: null,
      toValue: sprints.active.name,
      createdAt: new Date("2026-11-01T00:00:00Z"),
    });

    // Parents: #101 holds #102 and the closed #103 on GitHub, and the Gantry issue #4 in Gantry only.
    await db
      .update(issues)
      .set({ parentIssueId: uuid(issueAt(w.gitHub, 0)) })
      .where(inArray(issues.id, [uuid(issueAt(w.gitHub, 1)), uuid(issueAt(w.gitHub, 2)), uuid(issueAt(w.native, 3))]));
    await db
      .update(issues)
      .set({ state: "closed" })
      .where(eq(issues.id, uuid(issueAt(w.gitHub, 2))));
    const [gitHubIssue] = await db
      .select({ repositoryId: issues.repositoryId })
      .from(issues)
      .where(eq(issues.id, uuid(issueAt(w.gitHub, 0))));
    repositoryId = encodeGlobalID("Repository", gitHubIssue?.repositoryId ?? "");

    // A merged pull request #110 connected to #101 on the board (as a ZenHub import keeps them); #103 is a GitHub epic.
    const [pullRequest] = await db
      .insert(issues)
      .values({
        repositoryId: gitHubIssue?.repositoryId ?? "",
        ghId: Math.floor(Math.random() * 1e9) + 2e9,
        number: 110,
        title: "Fix the parser",
        state: "closed",
        isPullRequest: true,
        mergedAt: new Date("2026-11-25T12:00:00Z"),
        ghCreatedAt: new Date("2026-11-24T12:00:00Z"),
        ghUpdatedAt: new Date("2026-11-25T12:00:00Z"),
      })
      .returning();
    pullRequestId = encodeGlobalID("Issue", pullRequest?.id ?? "");
    await db.insert(schema.issuePullRequestConnections).values({
      workspaceId: uuid(w.workspace),
      issueId: uuid(issueAt(w.gitHub, 0)),
      pullRequestId: uuid(pullRequestId),
    });
    await db
      .update(issues)
      .set({ isEpic: true })
      .where(eq(issues.id, uuid(issueAt(w.gitHub, 2))));

    // A comment on #1, after its estimate and sprint changes.
    field(
      await gql(
        t,
        w.owner.token,
        `mutation ($id: ID!) { createComment(input: { commentableId: $id, body: "Ready for review" }) { comment { id } } }`,
        { id: issueAt(w.native, 0) },
      ),
      "createComment",
    );
  }, 240_000);
  afterAll(() => t.close());

  it.each(VIEWS)("reads an organisation's creator, people, labels and issue types (%s names)", async (view) => {
    const data = await run("organizationPeople", { emails: [w.viewer.email.toUpperCase()], search: "o" }, view);
    const viewer = data.viewer as { id: string; externalOnly: boolean; zenhubOrganizations?: unknown };
    expect(viewer.externalOnly).toBe(false);
    const organizations = (viewer.zenhubOrganizations ??
      (data.viewer as Record<string, unknown>).gantryOrganizations) as {
      nodes: Record<string, unknown>[];
    };
    expect(organizations.nodes).toEqual([
      {
        id: w.organization,
        creator: { id: w.owner.id },
        everyone: {
          nodes: [
            { id: w.owner.id, name: "Ada Owner" },
            { id: w.viewer.id, name: "Bob Viewer" },
          ],
        },
        byEmail: { nodes: [{ name: "Bob Viewer" }] },
        bySearch: { nodes: [{ name: "Bob Viewer" }, { name: "Ada Owner" }] },
        members: {
          totalCount: 1,
          nodes: [
            {
              name: "Bob Viewer",
              email: w.viewer.email,
              role: "MEMBER",
              externalOnly: false,
              githubUser: { login: "octocat" },
            },
          ],
        },
        admins: { nodes: [{ name: "Ada Owner", role: "ADMIN" }] },
        labels: { nodes: [{ name: "frontend" }, { name: "backend" }, { name: "Accessibility" }] },
        ownTypes: { totalCount: 0 },
        issueTypeOptions: { totalCount: 2, nodes: [{ name: "Bug" }, { name: "Feature" }] },
      },
    ]);
  });

  it.each(VIEWS)("reads each person's role in an organisation, and none for outsiders (%s names)", async (view) => {
    const data = await run("peopleRoles", { organizationId: w.organization }, view);
    const viewer = data.viewer as Record<string, unknown>;
    expect(viewer.role).toBe("ADMIN");
    const organizations = (viewer.zenhubOrganizations ?? viewer.gantryOrganizations) as {
      nodes: { people: unknown }[];
    };
    expect(organizations.nodes[0]?.people).toEqual({
      nodes: [
        { name: "Ada Owner", externalOnly: false, role: "ADMIN" },
        { name: "Bob Viewer", externalOnly: false, role: "MEMBER" },
      ],
    });
    const outsider = (await createKey(t, w.outsider)).secret;
    const stranger = await run("peopleRoles", { organizationId: w.organization }, view, outsider);
    expect((stranger.viewer as Record<string, unknown>).role).toBeNull();
  });

  it.each(VIEWS)("finds the Gantry account behind an assignee's GitHub login (%s names)", async (view) => {
    const data = await run("issuePeople", { issueId: issueAt(w.gitHub, 0), workspaceId: w.workspace }, view);
    const bob = { id: w.viewer.id, name: "Bob Viewer" };
    expect(data.node).toEqual({
      assignees: { nodes: [{ login: "Octocat", account: bob }] },
      accounts: { totalCount: 1, nodes: [bob] },
    });
    expect(data.workspace).toEqual({
      issueAssigneeOptions: { nodes: [{ githubUser: { login: "Octocat" }, account: { id: w.viewer.id } }] },
    });
  });

  it.each(VIEWS)("says when each release closed, null while open (%s names)", async (view) => {
    const data = await run("releases", { workspaceId: w.workspace }, view);
    const releases = (data.workspace as { releases: { nodes: { title: string }[] } }).releases.nodes;
    expect([...releases].sort((a, b) => a.title.localeCompare(b.title))).toEqual([
      { title: "1.0", state: "CLOSED", closedAt: "2026-01-02T03:04:05.000Z" },
      { title: "2.0", state: "CLOSED", closedAt: closedAt.toISOString() },
      { title: "3.0", state: "OPEN", closedAt: null },
    ]);
  });

  it.each(VIEWS)("lists the issues added to and removed from the running sprint (%s names)", async (view) => {
    const data = await run("sprintScope", { workspaceId: w.workspace }, view);
    const sprint = (data.workspace as { activeSprint: { name: string; scopeChange: unknown } }).activeSprint;
    expect(sprint.name).toBe(sprints.active.name);
    const now = expect.stringMatching(/^\d{4}-\d\d-\d\dT/);
    expect(sprint.scopeChange).toEqual({
      totalCount: 4,
      nodes: [
        { action: "ISSUE_ADDED", effectiveAt: now, estimateValue: 3, issue: { number: 1 } },
        { action: "ISSUE_ADDED", effectiveAt: now, estimateValue: null, issue: { number: 2 } },
        { action: "ISSUE_REMOVED", effectiveAt: now, estimateValue: null, issue: { number: 2 } },
        { action: "ISSUE_ADDED", effectiveAt: now, estimateValue: null, issue: { number: 3 } },
      ],
    });
  });

  it.each(VIEWS)("lists an issue's sprints, latest first when asked (%s names)", async (view) => {
    const data = await run("issueSprints", { issueId: issueAt(w.native, 2) }, view);
    expect(data.node).toEqual({
      latestFirst: {
        totalCount: 2,
        nodes: [
          { issue: { number: 3 }, sprint: { id: sprints.upcoming.id } },
          { issue: { number: 3 }, sprint: { id: sprints.active.id } },
        ],
      },
      oldestFirst: { nodes: [{ sprint: { id: sprints.active.id } }, { sprint: { id: sprints.upcoming.id } }] },
    });
    const removed = await run("issueSprints", { issueId: issueAt(w.native, 1) }, view);
    expect(removed.node).toMatchObject({ latestFirst: { totalCount: 0, nodes: [] } });
  });

  it.each(VIEWS)("tells GitHub's sub-issues from Gantry's, and filters them (%s names)", async (view) => {
    const data = await run(
      "issueFamily",
      {
        parentId: issueAt(w.gitHub, 0),
        gitHubChildId: issueAt(w.gitHub, 1),
        gantryChildId: issueAt(w.native, 3),
        repositoryId,
      },
      view,
    );
    expect(data).toEqual({
      parent: {
        githubChildIssues: { totalCount: 2, nodes: [{ number: 102 }, { number: 103 }] },
        openOnGitHub: { nodes: [{ number: 102 }] },
        otherRepositories: { totalCount: 0 },
        gantryChildren: { totalCount: 1, nodes: [{ number: 4 }] },
      },
      gitHubChild: { githubParentIssue: { number: 101 } },
      gantryChild: { githubParentIssue: null },
    });
  });

  it.each(VIEWS)("reads an issue's comments and changes as one feed, oldest first (%s names)", async (view) => {
    const data = await run("activityFeed", { issueId: issueAt(w.native, 0) }, view);
    const node = data.node as {
      activityFeed: { totalCount: number; nodes: Record<string, unknown>[] };
      commentsOnly: unknown;
    };
    expect(node.activityFeed.nodes.map((item) => item.key ?? item.__typename)).toEqual([
      "issue.created",
      "issue.estimate",
      "issue.sprint",
      "Comment",
    ]);
    expect(node.activityFeed.totalCount).toBe(4);
    expect(node.activityFeed.nodes[1]).toMatchObject({ __typename: "TimelineItem", data: { from: null, to: "3" } });
    expect(node.activityFeed.nodes[3]).toEqual({
      __typename: "Comment",
      id: expect.any(String),
      body: "Ready for review",
    });
    expect(node.commentsOnly).toEqual({ totalCount: 1, nodes: [{ __typename: "Comment", body: "Ready for review" }] });
  });

  it.each(VIEWS)(
    "reads a pull request's state and connected issues, and a GitHub epic as an epic (%s names)",
    async (view) => {
      const variables = { pullRequestId, issueId: issueAt(w.gitHub, 0), epicIssueId: issueAt(w.gitHub, 2) };
      const data = await run("pullRequestLinks", variables, view);
      expect(data).toEqual({
        pr: {
          pullRequest: true,
          pullRequestObject: { state: "MERGED", draft: false, issue: { number: 110 } },
          connections: { totalCount: 1, nodes: [{ number: 101 }] },
        },
        issue: { pullRequestObject: null, connections: { totalCount: 0 }, epic: null },
        epicIssue: { epic: { issue: { number: 103, title: "GitHub 3" } } },
      });
      const outsider = (await createKey(t, w.outsider)).secret;
      const hidden = await run("pullRequestLinks", variables, view, outsider);
      expect(hidden).toEqual({ pr: null, issue: null, epicIssue: null });
    },
  );
});
