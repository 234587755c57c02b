import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { decodeGlobalID, encodeGlobalID } from "@pothos/plugin-relay";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/app.js";
import type { GraphQLAnswer } from "../../testing/factories.js";
import { type WorkspaceIssues, workspaceWithIssues } from "../../testing/workspace-issues.js";
import { ZENHUB_GRAPHQL_PATH } from "../route.js";
import { createKey, placeFixtureIssues, publicGql } from "../testing.js";

// ZenHub clients' reads and writes of issues, epics, board places and comments (decision 0088), written as public
// ZenHub scripts write them (fragments, typed variables, paging loops), on ZenHub's endpoint.

const PLACE = `
fragment Place on PipelineIssue {
  id
  relativePosition
  issue { number }
  itemBefore { issue { number } }
  itemAfter { issue { number } }
}
query BoardPlace($issueId: ID!, $workspaceId: ID!) {
  node(id: $issueId) { ... on Issue { pipelineIssue(workspaceId: $workspaceId) { ...Place pipeline { id } } } }
}`;

const MOVE = `
mutation MoveCards($input: MovePipelineIssuesInput!) {
  movePipelineIssues(input: $input) {
    successCount
    pipelineIssues { relativePosition issue { number } }
  }
}`;

const PIPELINE_ORDER = `
query PipelineOrder($pipelineId: ID!, $first: Int!, $after: String) {
  searchIssuesByPipeline(pipelineId: $pipelineId, first: $first, after: $after) {
    pageInfo { hasNextPage endCursor }
    nodes { number }
  }
}`;

const ASSIGN = `
mutation Assign($input: AddAssigneesToIssuesInput!) {
  addAssigneesToIssues(input: $input) {
    successCount
    unassignable { assignee { id login } issues { number } }
  }
}`;

const UNASSIGN = `
mutation Unassign($input: RemoveAssigneesFromIssuesInput!) {
  removeAssigneesFromIssues(input: $input) { successCount }
}`;

const ASSIGNEES = `
query Assignees($issueId: ID!) { node(id: $issueId) { ... on Issue { assignees(first: 10) { nodes { id login } } } } }`;

const CHILDREN = `
fragment Counted on IssueConnection {
  totalCount
  pipelineCounts { issuesCount pullRequestsCount sumEstimates }
  sumEstimates
  pageInfo { hasNextPage endCursor }
  nodes { number }
}
query Children($issueId: ID!, $first: Int!, $after: String, $filters: IssueFiltersInput) {
  node(id: $issueId) {
    ... on Issue {
      githubChildIssues(first: $first, after: $after, filters: $filters) { ...Counted }
      blockedIssues(first: 5, filters: $filters) { totalCount nodes { number } }
      epic {
        createdAt
        updatedAt
        viewerPermission
        childIssues(first: 5, filters: $filters) { totalCount nodes { number } }
      }
      estimate { id value createdAt updatedAt }
      repository { import { id state createdAt resources(first: 5) { nodes { kind state completedPages } } } }
    }
  }
}`;

const BLOCKED = `
query Blocked($issueId: ID!, $filters: IssueFiltersInput) {
  node(id: $issueId) { ... on Issue { blockedIssues(first: 5, filters: $filters) { totalCount } } }
}`;

const COMMENT = `
mutation Comment($input: CreateCommentInput!) {
  createComment(input: $input) {
    comment { htmlBody editor { id } commentable { __typename ... on Issue { number } } }
  }
}`;

const EPIC_STATE = `
mutation EpicState($input: UpdateZenhubEpicStateInput!) {
  updateZenhubEpicState(input: $input) { zenhubEpic { state } }
}`;

const REMOVE_FROM_WORKSPACE = `
mutation RemoveUsers($input: RemoveZenhubUsersFromWorkspaceInput!) {
  removeZenhubUsersFromWorkspace(input: $input) { zenhubUsers { id } workspace { id } }
}`;

const UPDATE_ISSUE = `
mutation UpdateIssue($input: UpdateIssueInput!) { updateIssue(input: $input) { issue { number state } } }`;

const NOT_ESTIMATED = `
query NotEstimated($pipelineId: ID!, $filters: IssueSearchFiltersInput!) {
  searchIssuesByPipeline(pipelineId: $pipelineId, filters: $filters, first: 50) { nodes { number estimate { value } } }
}`;

const ESTIMATE_SCALE = `
mutation AddValue($input: AddEstimateSetValueInput!) {
  addEstimateSetValue(input: $input) { estimateSet { values repository { id } } }
}`;

describe.each(testEngines())("issues, epics and board places for ZenHub clients, on %s", (engine) => {
  let t: TestApp;
  let w: WorkspaceIssues;
  let owner: string;
  let viewer: string;
  let pipelineId: string;
  const uuid = (globalId: string | undefined) => decodeGlobalID(globalId as string).id;
  const call = (secret: string, operation: string, variables: Record<string, unknown>): Promise<GraphQLAnswer> =>
    publicGql(t, secret, operation, variables, ZENHUB_GRAPHQL_PATH);
  const ok = async (secret: string, operation: string, variables: Record<string, unknown>) => {
    const answer = await call(secret, operation, variables);
    expect(answer.errors).toBeUndefined();
    return answer.data as Record<string, Record<string, unknown>>;
  };
  const placeOf = async (issueId: string) =>
    (
      (await ok(owner, PLACE, { issueId, workspaceId: w.workspace })).node as {
        pipelineIssue: {
          id: string;
          relativePosition: number;
          itemBefore: { issue: { number: number } } | null;
          itemAfter: { issue: { number: number } } | null;
          pipeline: { id: string };
        };
      }
    ).pipelineIssue;
  /** The pipeline's numbers in board order, read a page of two at a time as a script pages. */
  const boardOrder = async () => {
    const numbers: number[] = [];
    let after: string | null = null;
    for (;;) {
      const data = await ok(owner, PIPELINE_ORDER, { pipelineId, first: 2, after });
      const page = data.searchIssuesByPipeline as {
        pageInfo: { hasNextPage: boolean; endCursor: string };
        nodes: { number: number }[];
      };
      numbers.push(...page.nodes.map((node) => node.number));
      if (!page.pageInfo.hasNextPage) return numbers;
      after = page.pageInfo.endCursor;
    }
  };

  beforeAll(async () => {
    t = await createTestApp({ REQUIRE_EMAIL_VERIFICATION: "false", AUTH_RATE_LIMIT_PER_MINUTE: "10000" }, { engine });
    w = await workspaceWithIssues(t, { native: 3, gitHub: 3 });
    await placeFixtureIssues(t, w.gitHub[0] as string);
    owner = (await createKey(t, w.owner, "owner script")).secret;
    viewer = (await createKey(t, w.viewer, "viewer script")).secret;
    pipelineId = (await placeOf(w.native[0] as string)).pipeline.id;
  }, 240_000);
  afterAll(() => t.close());

  it("answers a card's neighbours and index, and moves cards by their places beside another", async () => {
    const before = await boardOrder();
    expect(before.length).toBeGreaterThanOrEqual(3);
    const [top, second, third] = before as [number, number, number];
    const idOf = async (number: number) => {
      const rows = await t.database.db
        .select({ id: schema.issues.id, number: schema.issues.number })
        .from(schema.issues)
        .where(inArray(schema.issues.id, [...w.native, ...w.gitHub].map(uuid)));
      return encodeGlobalID("Issue", rows.find((row) => row.number === number)?.id as string);
    };
    const secondPlace = await placeOf(await idOf(second));
    expect(secondPlace).toMatchObject({
      relativePosition: 1,
      itemBefore: { issue: { number: top } },
      itemAfter: { issue: { number: third } },
    });
    const topPlace = await placeOf(await idOf(top));
    expect(topPlace).toMatchObject({ relativePosition: 0, itemBefore: null });

    // The top card goes right below the third, by the reference's pipeline issue ids.
    const thirdPlace = await placeOf(await idOf(third));
    const moved = await ok(owner, MOVE, {
      input: { pipelineId, pipelineIssueIds: [topPlace.id], afterPipelineIssueId: thirdPlace.id },
    });
    expect(moved.movePipelineIssues).toEqual({
      successCount: 1,
      pipelineIssues: [{ relativePosition: 2, issue: { number: top } }],
    });
    const after = await boardOrder();
    expect(after.slice(0, 3)).toEqual([second, third, top]);

    // Above a card: beforePipelineIssueId.
    const back = await ok(owner, MOVE, {
      input: { pipelineId, pipelineIssueIds: [thirdPlace.id], beforePipelineIssueId: secondPlace.id },
    });
    expect(back.movePipelineIssues).toMatchObject({ pipelineIssues: [{ relativePosition: 0 }] });
    expect((await boardOrder()).slice(0, 3)).toEqual([third, second, top]);
  });

  it("refuses a move beside a moving card, a viewer's move and a card of another board, moving nothing", async () => {
    const order = await boardOrder();
    const first = await placeOf(w.native[0] as string);
    const beside = await call(owner, MOVE, {
      input: { pipelineId, pipelineIssueIds: [first.id], afterPipelineIssueId: first.id },
    });
    expect(beside.errors?.[0]?.message).toMatch(/beside itself/);
    const refused = await call(viewer, MOVE, { input: { pipelineId, pipelineIssueIds: [first.id] } });
    expect(refused.errors).toBeDefined();
    const foreign = encodeGlobalID("PipelineIssue", `${crypto.randomUUID()}:${uuid(w.native[0])}`);
    const elsewhere = await call(owner, MOVE, { input: { pipelineId, pipelineIssueIds: [foreign] } });
    expect(elsewhere.errors?.[0]?.message).toMatch(/board the pipeline is on/);
    expect(await boardOrder()).toEqual(order);
  });

  it("assigns by User ids, reporting who cannot be assigned, and unassigns by User ids", async () => {
    // The owner connected GitHub as "owner-gh": a member a native issue can be assigned to.
    await t.database.db
      .insert(schema.githubAccounts)
      .values({ userId: w.owner.userId, ghId: 4242, login: "owner-gh", encryptedToken: "x" })
      .onConflictDoNothing();
    const issueId = w.native[1] as string;
    const member = encodeGlobalID("User", "owner-gh");
    const stranger = encodeGlobalID("User", "stranger");
    const assigned = await ok(owner, ASSIGN, { input: { issueIds: [issueId], assigneeIds: [member, stranger] } });
    const [issue] = await t.database.db
      .select()
      .from(schema.issues)
      .where(eq(schema.issues.id, uuid(issueId)));
    expect(assigned.addAssigneesToIssues).toEqual({
      successCount: 1,
      unassignable: [{ assignee: { id: stranger, login: "stranger" }, issues: [{ number: issue?.number }] }],
    });
    const listed = await ok(owner, ASSIGNEES, { issueId });
    expect(listed.node).toEqual({ assignees: { nodes: [{ id: member, login: "owner-gh" }] } });

    const bad = await call(owner, ASSIGN, { input: { issueIds: [issueId], assigneeIds: [issueId] } });
    expect(bad.errors?.[0]?.message).toMatch(/id of a User/);
    const byViewer = await ok(viewer, UNASSIGN, { input: { issueIds: [issueId], assigneeIds: [member] } });
    expect(byViewer.removeAssigneesFromIssues).toEqual({ successCount: 0 });
    expect((await ok(owner, ASSIGNEES, { issueId })).node).toEqual({
      assignees: { nodes: [{ id: member, login: "owner-gh" }] },
    });

    await ok(owner, UNASSIGN, { input: { issueIds: [issueId], assigneeIds: [member] } });
    expect((await ok(owner, ASSIGNEES, { issueId })).node).toEqual({ assignees: { nodes: [] } });
  });

  it("counts a whole connection across its pages, filters related issues and reads an epic's fields", async () => {
    const db = t.database.db;
    const [parent, open, closed] = w.gitHub.map(uuid) as [string, string, string];
    await db.update(schema.issues).set({ isEpic: true, estimate: 3 }).where(eq(schema.issues.id, parent));
    await db.update(schema.issues).set({ parentIssueId: parent, estimate: 2 }).where(eq(schema.issues.id, open));
    await db
      .update(schema.issues)
      .set({ parentIssueId: parent, estimate: 5, state: "closed", closedAt: new Date() })
      .where(eq(schema.issues.id, closed));
    await db.insert(schema.epicIssues).values([
      { epicId: parent, issueId: open },
      { epicId: parent, issueId: closed },
    ]);
    await db.insert(schema.issueDependencies).values([
      { workspaceId: uuid(w.workspace), blockingIssueId: parent, blockedIssueId: open },
      { workspaceId: uuid(w.workspace), blockingIssueId: parent, blockedIssueId: closed },
    ]);

    const numbers: number[] = [];
    let after: string | null = null;
    for (;;) {
      const data = await ok(owner, CHILDREN, { issueId: w.gitHub[0], first: 1, after });
      const node = data.node as {
        githubChildIssues: {
          totalCount: number;
          pipelineCounts: unknown;
          sumEstimates: number;
          pageInfo: { hasNextPage: boolean; endCursor: string };
          nodes: { number: number }[];
        };
      };
      // Every page counts the whole connection, not its one issue.
      expect(node.githubChildIssues).toMatchObject({
        totalCount: 2,
        pipelineCounts: { issuesCount: 2, pullRequestsCount: 0, sumEstimates: 7 },
        sumEstimates: 7,
      });
      numbers.push(...node.githubChildIssues.nodes.map((issue) => issue.number));
      if (!node.githubChildIssues.pageInfo.hasNextPage) break;
      after = node.githubChildIssues.pageInfo.endCursor;
    }
    expect(numbers).toEqual([102, 103]);

    const closedOnly = await ok(owner, CHILDREN, {
      issueId: w.gitHub[0],
      first: 5,
      filters: { state: { eq: "CLOSED" } },
    });
    expect(closedOnly.node).toMatchObject({
      githubChildIssues: {
        totalCount: 1,
        pipelineCounts: { issuesCount: 1, sumEstimates: 5 },
        nodes: [{ number: 103 }],
      },
      blockedIssues: { totalCount: 1, nodes: [{ number: 103 }] },
      epic: {
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        viewerPermission: "ADMIN",
        childIssues: { totalCount: 1, nodes: [{ number: 103 }] },
      },
      estimate: { id: expect.any(String), value: 3, createdAt: expect.any(String) },
      repository: {
        import: {
          state: "PENDING",
          resources: {
            nodes: [
              { kind: "OPEN_ISSUES", state: "PENDING", completedPages: 0 },
              { kind: "CLOSED_ISSUES", state: "PENDING", completedPages: 0 },
            ],
          },
        },
      },
    });
    const viewed = await ok(viewer, CHILDREN, { issueId: w.gitHub[0], first: 5 });
    expect((viewed.node as { epic: unknown }).epic).toMatchObject({ viewerPermission: "READ" });

    // One field per query: the ZenHub view answers several errors under one node as one masked error.
    const wrongRepository = await call(owner, BLOCKED, {
      issueId: w.gitHub[0],
      filters: { repositoryId: { in: [w.workspace] } },
    });
    expect(wrongRepository.errors?.[0]?.message).toMatch(/Repository/);
  });

  it("answers a comment's safe HTML, its issue and its editor", async () => {
    const data = await ok(owner, COMMENT, {
      input: { commentableId: w.native[2], body: "**Done** <script>alert(1)</script> [x](javascript:alert(1))" },
    });
    const [issue] = await t.database.db
      .select()
      .from(schema.issues)
      .where(eq(schema.issues.id, uuid(w.native[2])));
    expect(data.createComment).toEqual({
      comment: {
        htmlBody: '<p><strong>Done</strong> &lt;script&gt;alert(1)&lt;/script&gt; <a href="">x</a></p>',
        editor: null,
        commentable: { __typename: "Issue", number: issue?.number },
      },
    });
  });

  it("closes a ZenHub epic's issues with applyToIssues, and a viewer's call closes nothing", async () => {
    const created = await ok(
      owner,
      `mutation Epic($input: CreateZenhubEpicInput!) { createZenhubEpic(input: $input) { zenhubEpic { id } } }`,
      { input: { workspaceId: w.workspace, zenhubEpic: { title: "Ship it" } } },
    );
    const epicId = (created.createZenhubEpic as { zenhubEpic: { id: string } }).zenhubEpic.id;
    await ok(
      owner,
      `mutation Add($input: AddIssuesToZenhubEpicsInput!) { addIssuesToZenhubEpics(input: $input) { clientMutationId } }`,
      { input: { zenhubEpicIds: [epicId], issueIds: [w.native[0], w.native[1]] } },
    );
    const states = async () =>
      (
        await t.database.db
          .select({ state: schema.issues.state })
          .from(schema.issues)
          .where(inArray(schema.issues.id, [uuid(w.native[0]), uuid(w.native[1])]))
      ).map((row) => row.state);

    const refused = await call(viewer, EPIC_STATE, {
      input: { zenhubEpicId: epicId, state: "CLOSED", applyToIssues: true },
    });
    expect(refused.errors).toBeDefined();
    expect(await states()).toEqual(["open", "open"]);

    const closedAlone = await ok(owner, EPIC_STATE, { input: { zenhubEpicId: epicId, state: "CLOSED" } });
    expect(closedAlone.updateZenhubEpicState).toEqual({ zenhubEpic: { state: "CLOSED" } });
    expect(await states()).toEqual(["open", "open"]);

    await ok(owner, EPIC_STATE, { input: { zenhubEpicId: epicId, state: "CLOSED", applyToIssues: true } });
    expect(await states()).toEqual(["closed", "closed"]);
    await ok(owner, EPIC_STATE, { input: { zenhubEpicId: epicId, state: "OPEN", applyToIssues: true } });
    expect(await states()).toEqual(["open", "open"]);
  });

  it("closes and reopens an issue with updateIssue's state, refusing MERGED and a viewer's call", async () => {
    const issueId = w.native[2] as string;
    const closed = await ok(owner, UPDATE_ISSUE, { input: { issueId, state: "CLOSED" } });
    expect(closed.updateIssue).toMatchObject({ issue: { state: "CLOSED" } });
    const merged = await call(owner, UPDATE_ISSUE, { input: { issueId, state: "MERGED" } });
    expect(merged.errors?.[0]?.message).toMatch(/merged on GitHub/);
    const refused = await call(viewer, UPDATE_ISSUE, { input: { issueId, state: "OPEN", title: "Renamed" } });
    expect(refused.errors).toBeDefined();
    const [row] = await t.database.db
      .select()
      .from(schema.issues)
      .where(eq(schema.issues.id, uuid(issueId)));
    expect(row).toMatchObject({ state: "closed", title: "Native 3" });
    const reopened = await ok(owner, UPDATE_ISSUE, { input: { issueId, state: "OPEN" } });
    expect(reopened.updateIssue).toMatchObject({ issue: { state: "OPEN" } });
  });

  it("keeps the issues with no estimate for an estimates filter with notInAny", async () => {
    await t.database.db
      .update(schema.issues)
      .set({ estimate: 8 })
      .where(eq(schema.issues.id, uuid(w.native[0])));
    const data = await ok(owner, NOT_ESTIMATED, { pipelineId, filters: { estimates: { values: { notInAny: true } } } });
    const nodes = (data.searchIssuesByPipeline as { nodes: { number: number; estimate: unknown }[] }).nodes;
    expect(nodes.length).toBeGreaterThan(0);
    expect(nodes.every((node) => node.estimate === null)).toBe(true);
    const all = await ok(owner, NOT_ESTIMATED, { pipelineId, filters: {} });
    expect((all.searchIssuesByPipeline as { nodes: unknown[] }).nodes.length).toBeGreaterThan(nodes.length);
  });

  it("changes the estimate scale for a repository of the board, and refuses another board's, changing nothing", async () => {
    const [repository] = await t.database.db
      .select({ id: schema.issues.repositoryId })
      .from(schema.issues)
      .where(eq(schema.issues.id, uuid(w.gitHub[0])));
    const repositoryId = encodeGlobalID("Repository", repository?.id as string);
    const added = await ok(owner, ESTIMATE_SCALE, { input: { workspaceId: w.workspace, value: 21, repositoryId } });
    expect(added.addEstimateSetValue).toMatchObject({
      estimateSet: { values: expect.arrayContaining([21]), repository: { id: repositoryId } },
    });
    const foreign = encodeGlobalID("Repository", crypto.randomUUID());
    const refused = await call(owner, ESTIMATE_SCALE, {
      input: { workspaceId: w.workspace, value: 34, repositoryId: foreign },
    });
    expect(refused.errors?.[0]?.message).toMatch(/not on the workspace's board/);
    const byViewer = await call(viewer, ESTIMATE_SCALE, {
      input: { workspaceId: w.workspace, value: 34, repositoryId },
    });
    expect(byViewer.errors).toBeDefined();
    const scale = await ok(owner, `query Scale($id: ID!) { workspace(id: $id) { estimateSet { values } } }`, {
      id: w.workspace,
    });
    expect((scale.workspace as { estimateSet: { values: number[] } }).estimateSet.values).not.toContain(34);
  });

  // Last: removing the viewer's own role leaves them the organisation's default access to the workspace.
  it("names the people removed from a workspace", async () => {
    const answer = await ok(owner, REMOVE_FROM_WORKSPACE, {
      input: { workspaceId: w.workspace, zenhubUserIds: [w.viewer.id] },
    });
    expect(answer.removeZenhubUsersFromWorkspace).toEqual({
      zenhubUsers: [{ id: w.viewer.id.replace("Gantry", "Zenhub") }],
      workspace: { id: w.workspace },
    });
  });
});
