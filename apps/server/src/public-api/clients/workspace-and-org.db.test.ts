import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { decodeGlobalID, encodeGlobalID } from "@pothos/plugin-relay";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/app.js";
import { errorOf, type GraphQLAnswer } from "../../testing/factories.js";
import { type WorkspaceIssues, workspaceWithIssues } from "../../testing/workspace-issues.js";
import { ZENHUB_GRAPHQL_PATH } from "../route.js";
import { createKey, publicGql } from "../testing.js";
import { gantryNamed } from "./zenhub-operations.js";

// Workspace, organisation and sprint-config reference fields as ZenHub scripts write them (decision 0087).

const VIEWS = ["gantry", "zenhub"] as const;
interface ListPage {
  totalCount?: number;
  nodes: Record<string, unknown>[];
  pageInfo?: { hasNextPage: boolean; endCursor: string };
}
type View = (typeof VIEWS)[number];

/** A planning script's read of a workspace's epics, releases and people, page by page. */
const WORKSPACE_LISTS = `
fragment Person on User { login }
query WorkspaceLists(
  $workspaceId: ID!
  $after: String
  $epicIds: [ID!]
  $repositoryGhIds: [Int!]
  $epicState: IssueStateInput
  $epicOrder: EpicOrderInput
  $releaseState: ReleaseStateInput
  $releaseRepositoryIds: [ID!]
  $login: StringInput
) {
  workspace(id: $workspaceId) {
    epics(first: 1, after: $after, ids: $epicIds, repositoryGhIds: $repositoryGhIds, state: $epicState, orderBy: $epicOrder) {
      totalCount
      pageInfo { hasNextPage endCursor }
      nodes { issue { title } }
    }
    releases(first: 10, state: $releaseState, repositoryIds: $releaseRepositoryIds) { totalCount nodes { title } }
    assignees(first: 10, login: $login, repositoryGhIds: $repositoryGhIds) { nodes { ...Person } }
    authors(first: 10, repositoryGhIds: $repositoryGhIds) { nodes { ...Person } }
  }
}`;

const SPRINTS_LEAVING_OUT = `
query SprintsLeavingOut($workspaceId: ID!, $filters: SprintFiltersInput) {
  workspace(id: $workspaceId) { sprints(first: 10, filters: $filters) { nodes { id } } }
}`;

const PREVIEW = `
fragment PreviewSprint on Sprint { name startAt endAt persisted }
query PreviewSprints(
  $workspaceId: ID
  $tzIdentifier: String!
  $startOn: ISO8601Date
  $endOn: ISO8601Date
  $startOnTime: ISO8601DateTime
  $kind: SprintConfigKind
) {
  previewSprintConfig(
    workspaceId: $workspaceId
    tzIdentifier: $tzIdentifier
    startOn: $startOn
    endOn: $endOn
    startOnTime: $startOnTime
    kind: $kind
  ) {
    periodInWeeks
    sprints { ...PreviewSprint }
  }
}`;

const CREATE_CONFIG = `
mutation CreateSprintConfig($input: SprintConfigCreateInput!) {
  createSprintConfig(input: { sprintConfig: $input }) { sprintConfig { id settings { withTime } } }
}`;

const SPRINTS = `
query Sprints($workspaceId: ID!) {
  workspace(id: $workspaceId) { sprints(first: 20, orderBy: { field: START_AT, direction: ASC }) { nodes { name startAt endAt persisted } } }
}`;

const SPRINT_ISSUES_WITH_LABELS = `
query SprintIssuesWithLabels($sprintId: ID!, $labelIds: [ID!]) {
  node(id: $sprintId) { ... on Sprint { sprintIssues(first: 10, labelIds: $labelIds) { nodes { issue { number } } } } }
}`;

const UPDATE_PERMISSIONS = `
mutation UpdateUserPermissions($input: UpdateUserPermissionsInput!) {
  updateUserPermissions(input: $input) { clientMutationId role zenhubOrgUser { id email role } }
}`;

describe.each(testEngines())("workspace and organisation fields from a ZenHub-shaped script, on %s", (engine) => {
  let t: TestApp;
  let w: WorkspaceIssues;
  let ownerKey: string;
  let viewerKey: string;
  let repositoryGhId: number;
  let repositoryId: string;
  let sprintId: string;
  const uuid = (globalId: string) => decodeGlobalID(globalId).id;

  const call = (view: View, key: string, query: string, variables: Record<string, unknown>): Promise<GraphQLAnswer> =>
    view === "gantry"
      ? publicGql(t, key, gantryNamed(query), variables)
      : publicGql(t, key, query, variables, ZENHUB_GRAPHQL_PATH);
  const data = async (view: View, key: string, query: string, variables: Record<string, unknown>) => {
    const answer = await call(view, key, query, variables);
    expect(answer.errors).toBeUndefined();
    return answer.data as Record<string, Record<string, unknown>>;
  };
  const lists = async (
    view: View,
    variables: Record<string, unknown>,
  ): Promise<Record<string, ListPage | undefined>> => {
    const workspace = (await data(view, ownerKey, WORKSPACE_LISTS, { workspaceId: w.workspace, ...variables }))
      .workspace as Record<string, ListPage>;
    // The reference's Epic carries its GitHub issue: a script reads the epic's title there.
    const epics = workspace.epics;
    const titles = epics?.nodes.map((node) => ({ title: (node.issue as { title: string }).title }));
    return { ...workspace, epics: epics && titles ? { ...epics, nodes: titles } : epics };
  };
  const roleOf = async (userId: string) =>
    (
      await t.database.db
        .select({ role: schema.organizationMembers.role })
        .from(schema.organizationMembers)
        .where(
          and(
            eq(schema.organizationMembers.organizationId, uuid(w.organization)),
            eq(schema.organizationMembers.userId, userId),
          ),
        )
    )[0]?.role;

  beforeAll(async () => {
    t = await createTestApp({ REQUIRE_EMAIL_VERIFICATION: "false", AUTH_RATE_LIMIT_PER_MINUTE: "10000" }, { engine });
    w = await workspaceWithIssues(t, { native: 1, gitHub: 3 });
    const db = t.database.db;
    const [first, second, third] = w.gitHub.map(uuid) as [string, string, string];
    const [issue] = await db.select().from(schema.issues).where(eq(schema.issues.id, first));
    repositoryId = issue?.repositoryId as string;
    const [repository] = await db.select().from(schema.repositories).where(eq(schema.repositories.id, repositoryId));
    repositoryGhId = Number(repository?.ghId);
    // Three GitHub epics: "Zeta" opened first, "Alpha" closed; people on the first two.
    await db
      .update(schema.issues)
      .set({
        isEpic: true,
        title: "Zeta",
        ghCreatedAt: new Date("2026-01-01T00:00:00Z"),
        assignees: [{ login: "Octocat", avatarUrl: null }],
        author: { login: "hubot", avatarUrl: null },
        labels: [{ name: "Bug", color: "d73a4a" }],
      })
      .where(eq(schema.issues.id, first));
    await db
      .update(schema.issues)
      .set({
        isEpic: true,
        title: "Alpha",
        state: "closed",
        ghCreatedAt: new Date("2026-02-01T00:00:00Z"),
        assignees: [{ login: "monalisa", avatarUrl: null }],
      })
      .where(eq(schema.issues.id, second));
    await db
      .update(schema.issues)
      .set({ isEpic: true, title: "Mu", ghCreatedAt: new Date("2026-03-01T00:00:00Z") })
      .where(eq(schema.issues.id, third));
    const workspaceId = uuid(w.workspace);
    const [shipped] = await db
      .insert(schema.releases)
      .values({ workspaceId, title: "Shipped", state: "CLOSED" })
      .returning();
    const [next] = await db.insert(schema.releases).values({ workspaceId, title: "Next" }).returning();
    await db.insert(schema.releaseRepositories).values({ releaseId: next?.id as string, repositoryId });
    expect(shipped).toBeDefined();
    const [sprint] = await db
      .insert(schema.sprints)
      .values({
        workspaceId,
        name: "Sprint 1",
        startAt: new Date("2026-11-02T00:00:00Z"),
        endAt: new Date("2026-11-16T00:00:00Z"),
      })
      .returning();
    sprintId = sprint?.id as string;
    await db.insert(schema.sprintIssues).values([
      { sprintId, issueId: first },
      { sprintId, issueId: second },
    ]);
    ownerKey = (await createKey(t, w.owner, "planning script")).secret;
    viewerKey = (await createKey(t, w.viewer, "viewer script")).secret;
  }, 240_000);
  afterAll(() => t.close());

  it.each(VIEWS)("pages through epics narrowed by ids, repository, state and order (%s names)", async (view) => {
    const titles: unknown[] = [];
    let after: string | null = null;
    for (let page = 0; page < 5; page++) {
      const epics: ListPage | undefined = (
        await lists(view, { after, epicOrder: { field: "CREATED_AT", direction: "DESC" } })
      ).epics;
      expect(epics?.totalCount).toBe(3);
      titles.push(...(epics?.nodes ?? []).map((node) => node.title));
      if (!epics?.pageInfo?.hasNextPage) break;
      after = epics.pageInfo.endCursor;
    }
    expect(titles).toEqual(["Mu", "Alpha", "Zeta"]);
    const byTitle = (await lists(view, { epicOrder: { field: "TITLE" } })).epics;
    expect(byTitle?.nodes).toEqual([{ title: "Alpha" }]);
    const open = (await lists(view, { epicState: { eq: "OPEN" } })).epics;
    expect(open?.totalCount).toBe(2);
    const closed = (await lists(view, { epicState: { eq: "CLOSED" } })).epics;
    expect(closed?.nodes).toEqual([{ title: "Alpha" }]);
    const named = (await lists(view, { epicIds: [w.gitHub[2]] })).epics;
    expect(named?.nodes).toEqual([{ title: "Mu" }]);
    const elsewhere = (await lists(view, { repositoryGhIds: [repositoryGhId + 999_999_999] })).epics;
    expect(elsewhere?.totalCount).toBe(0);
  });

  it.each(VIEWS)("narrows releases by state and repository (%s names)", async (view) => {
    expect((await lists(view, {})).releases?.nodes).toEqual([{ title: "Next" }, { title: "Shipped" }]);
    expect((await lists(view, { releaseState: { eq: "CLOSED" } })).releases?.nodes).toEqual([{ title: "Shipped" }]);
    const ofRepository = await lists(view, { releaseRepositoryIds: [encodeGlobalID("Repository", repositoryId)] });
    expect(ofRepository.releases?.nodes).toEqual([{ title: "Next" }]);
  });

  it.each(VIEWS)("narrows assignees and authors by login and repository (%s names)", async (view) => {
    expect((await lists(view, {})).assignees?.nodes).toEqual([{ login: "monalisa" }, { login: "Octocat" }]);
    expect((await lists(view, { login: { in: ["octocat"] } })).assignees?.nodes).toEqual([{ login: "Octocat" }]);
    expect((await lists(view, { login: { nin: ["OCTOCAT"] } })).assignees?.nodes).toEqual([{ login: "monalisa" }]);
    const inRepository = await lists(view, { repositoryGhIds: [repositoryGhId] });
    expect(inRepository.authors?.nodes).toEqual([{ login: "hubot" }]);
    const elsewhere = await lists(view, { repositoryGhIds: [repositoryGhId + 999_999_999] });
    expect(elsewhere.assignees?.nodes).toEqual([]);
    expect(elsewhere.authors?.nodes).toEqual([]);
  });

  it.each(VIEWS)("previews a sprint config, then creating it makes the same sprints (%s names)", async (view) => {
    const fresh = await workspaceWithIssues(t, { native: 0, gitHub: 0 });
    const key = (await createKey(t, fresh.owner, "sprint script")).secret;
    const schedule = { tzIdentifier: "UTC", startOn: "2026-11-02", endOn: "2026-11-15" };
    const preview = (await data(view, key, PREVIEW, { workspaceId: fresh.workspace, ...schedule }))
      .previewSprintConfig as { periodInWeeks: number; sprints: Record<string, unknown>[] };
    expect(preview.periodInWeeks).toBe(2);
    expect(preview.sprints.length).toBeGreaterThanOrEqual(3);
    expect(preview.sprints.every((sprint) => sprint.persisted === false)).toBe(true);
    // Nothing was stored by the preview.
    const before = (await data(view, key, SPRINTS, { workspaceId: fresh.workspace })).workspace as {
      sprints: { nodes: unknown[] };
    };
    expect(before.sprints.nodes).toEqual([]);
    const created = await data(view, key, CREATE_CONFIG, {
      input: {
        ...schedule,
        workspaceId: fresh.workspace,
        name: "Sprint",
        kind: "weekly",
        settings: { moveUnfinishedIssues: true, issuesFromPipeline: { enabled: false } },
      },
    });
    expect(created.createSprintConfig).toMatchObject({ sprintConfig: { settings: { withTime: false } } });
    const after = (await data(view, key, SPRINTS, { workspaceId: fresh.workspace })).workspace as {
      sprints: { nodes: Record<string, unknown>[] };
    };
    expect(after.sprints.nodes).toEqual(preview.sprints.map((sprint) => ({ ...sprint, persisted: true })));
  });

  it.each(VIEWS)(
    "previews start times given as instants, and refuses what Gantry cannot schedule (%s names)",
    async (view) => {
      const timed = (
        await data(view, ownerKey, PREVIEW, {
          tzIdentifier: "Europe/Berlin",
          startOn: "2026-11-02",
          startOnTime: "2026-11-02T08:30:00Z",
        })
      ).previewSprintConfig as { sprints: { startAt: string }[] };
      // 08:30 UTC is 09:30 in Berlin in November: every sprint starts at 09:30 Berlin time.
      expect(timed.sprints.every((sprint) => sprint.startAt.endsWith("T08:30:00.000Z"))).toBe(true);
      const monthly = await call(view, ownerKey, PREVIEW, { tzIdentifier: "UTC", kind: "monthly" });
      expect(errorOf(monthly)).toEqual({ code: "BAD_USER_INPUT", message: expect.stringContaining("whole weeks") });
      const badZone = await call(view, ownerKey, PREVIEW, { tzIdentifier: "Mars/Olympus" });
      expect(errorOf(badZone).code).toBe("BAD_USER_INPUT");
    },
  );

  it.each(VIEWS)("refuses a monthly sprint config and stores nothing (%s names)", async (view) => {
    const fresh = await workspaceWithIssues(t, { native: 0, gitHub: 0 });
    const key = (await createKey(t, fresh.owner, "sprint script")).secret;
    const answer = await call(view, key, CREATE_CONFIG, {
      input: {
        workspaceId: fresh.workspace,
        name: "Month",
        tzIdentifier: "UTC",
        kind: "monthly",
        settings: { moveUnfinishedIssues: true, issuesFromPipeline: { enabled: false } },
      },
    });
    expect(errorOf(answer)).toEqual({ code: "BAD_USER_INPUT", message: expect.stringContaining("monthly") });
    const stored = await t.database.db
      .select()
      .from(schema.sprintConfigs)
      .where(eq(schema.sprintConfigs.workspaceId, uuid(fresh.workspace)));
    expect(stored).toEqual([]);
  });

  it.each(VIEWS)("leaves sprints out of Workspace.sprints with SprintIdInput.nin (%s names)", async (view) => {
    const fresh = await workspaceWithIssues(t, { native: 0, gitHub: 0 });
    const key = (await createKey(t, fresh.owner, "sprint script")).secret;
    await data(view, key, CREATE_CONFIG, {
      input: {
        workspaceId: fresh.workspace,
        name: "Sprint",
        tzIdentifier: "UTC",
        startOn: "2026-11-02",
        period: 1,
        settings: { moveUnfinishedIssues: true, issuesFromPipeline: { enabled: false } },
      },
    });
    const all = (await data(view, key, SPRINTS_LEAVING_OUT, { workspaceId: fresh.workspace })).workspace as {
      sprints: { nodes: { id: string }[] };
    };
    const [left, ...kept] = all.sprints.nodes;
    const rest = (
      await data(view, key, SPRINTS_LEAVING_OUT, {
        workspaceId: fresh.workspace,
        filters: { id: { nin: [left?.id] } },
      })
    ).workspace as { sprints: { nodes: { id: string }[] } };
    expect(rest.sprints.nodes).toEqual(kept);
  });

  it.each(VIEWS)("keeps a sprint's issues carrying a label with sprintIssues(labelIds) (%s names)", async (view) => {
    const read = async (labelIds?: string[]) =>
      (
        (
          await data(view, ownerKey, SPRINT_ISSUES_WITH_LABELS, {
            sprintId: encodeGlobalID("Sprint", sprintId),
            labelIds,
          })
        ).node as { sprintIssues: { nodes: { issue: { number: number } }[] } }
      ).sprintIssues.nodes.map((node) => node.issue.number);
    expect((await read()).sort()).toEqual([101, 102]);
    expect(await read([encodeGlobalID("Label", `${repositoryId}:bug`)])).toEqual([101]);
    expect(await read([encodeGlobalID("Label", `${repositoryId}:wontfix`)])).toEqual([]);
  });

  it.each(VIEWS)(
    "changes a member's role for an admin, refuses members and external roles (%s names)",
    async (view) => {
      const input = (role: string) => ({
        clientMutationId: "perm-1",
        zenhubOrganizationId: w.organization,
        zenhubUserId: encodeGlobalID("GantryUser", w.viewer.userId),
        role,
      });
      const gantryInput = (role: string) => {
        const { zenhubOrganizationId, zenhubUserId, ...rest } = input(role);
        return { ...rest, gantryOrganizationId: zenhubOrganizationId, gantryUserId: zenhubUserId };
      };
      const variables = (role: string) => ({ input: view === "gantry" ? gantryInput(role) : input(role) });
      const refused = await call(view, viewerKey, UPDATE_PERMISSIONS, variables("ADMIN"));
      expect(errorOf(refused).code).toBe("FORBIDDEN");
      expect(await roleOf(w.viewer.userId)).toBe("member");
      const external = await call(view, ownerKey, UPDATE_PERMISSIONS, variables("EXTERNAL_READER"));
      expect(errorOf(external)).toEqual({ code: "BAD_USER_INPUT", message: expect.stringContaining("external") });
      expect(await roleOf(w.viewer.userId)).toBe("member");
      const promoted = (await data(view, ownerKey, UPDATE_PERMISSIONS, variables("ADMIN"))).updateUserPermissions;
      expect(promoted).toMatchObject({
        clientMutationId: "perm-1",
        role: "ADMIN",
        [view === "gantry" ? "gantryOrgUser" : "zenhubOrgUser"]: { email: w.viewer.email, role: "ADMIN" },
      });
      expect(await roleOf(w.viewer.userId)).toBe("admin");
      await data(view, ownerKey, UPDATE_PERMISSIONS, variables("MEMBER"));
      expect(await roleOf(w.viewer.userId)).toBe("member");
    },
  );
});
