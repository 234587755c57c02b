import { randomUUID } from "node:crypto";
import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { decodeGlobalID, encodeGlobalID } from "@pothos/plugin-relay";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BoardEvent, BoardEventBus } from "../events/board-events.js";
import type { TestApp } from "../testing/app.js";
import { createWorkspace, errorOf, field, gql } from "../testing/factories.js";
import { createSignUpTestApp } from "../testing/team.js";
import { issueAt, issueCoordinates, type WorkspaceIssues, workspaceWithIssues } from "../testing/workspace-issues.js";
import { addSubIssues, createBlockage } from "./relations.js";

const side = (id: string) => ({ id, type: "ISSUE" });
const blockageMutation = (name: string) =>
  `mutation ($blocking: IssueDependencyInput!, $blocked: IssueDependencyInput!, $workspaceId: ID) {
    ${name}(input: { blocking: $blocking, blocked: $blocked, workspaceId: $workspaceId }) {
      blockage { id blocking { ... on Issue { number } } blocked { ... on Issue { number } } }
    }
  }`;
const CREATE_BLOCKAGE = blockageMutation("createBlockage");
const DELETE_BLOCKAGE = blockageMutation("deleteBlockage");
const ADD_SUB_ISSUES = `mutation ($parentId: ID!, $childIssueIds: [ID!]!, $replaceParent: Boolean) {
  addSubIssues(input: { parentId: $parentId, childIssueIds: $childIssueIds, replaceParent: $replaceParent }) { successCount failedIssues { id } githubErrors }
}`;
const REMOVE_SUB_ISSUES = `mutation ($childIssueIds: [ID!]!) {
  removeSubIssues(input: { childIssueIds: $childIssueIds }) { successCount failedIssues { id } githubErrors }
}`;
const RELATIONS = `query ($workspaceId: ID!, $issueNumber: Int!, $repositoryOwner: String, $repositoryName: String) {
  workspaceIssue(workspaceId: $workspaceId, issueNumber: $issueNumber, repositoryOwner: $repositoryOwner, repositoryName: $repositoryName) {
    number parentIssue { number } issueCountProgress { open closed total } issueEstimateProgress { closed total }
    blockingIssues { nodes { number } } blockedIssues { nodes { number } }
  }
}`;

interface Relations {
  number: number;
  parentIssue: { number: number } | null;
  issueCountProgress: { open: number; closed: number; total: number } | null;
  issueEstimateProgress: { closed: number; total: number } | null;
  blockingIssues: { nodes: { number: number }[] };
  blockedIssues: { nodes: { number: number }[] };
}

describe.each(testEngines())("dependencies and sub-issues on %s", (engine) => {
  let t: TestApp;
  let w: WorkspaceIssues;

  beforeAll(async () => {
    t = await createSignUpTestApp(engine);
    w = await workspaceWithIssues(t, { native: 6, gitHub: 3 });
  });
  afterAll(async () => {
    await t.close();
  });

  const relations = (ids: string[]) =>
    Promise.all(
      ids.map(async (id) =>
        field<Relations>(await gql(t, w.owner.token, RELATIONS, issueCoordinates(w, id)), "workspaceIssue"),
      ),
    );
  const block = (blocking: string, blocked: string, token = w.owner.token) =>
    gql(t, token, CREATE_BLOCKAGE, { blocking: side(blocking), blocked: side(blocked) });

  it("records a dependency between a native and a GitHub issue, shown on both, and removes it", async () => {
    const [one, github] = [issueAt(w.native, 0), issueAt(w.gitHub, 0)];
    const created = field<{ blockage: { id: string; blocking: { number: number }; blocked: { number: number } } }>(
      await block(one, github),
      "createBlockage",
    );
    expect(created.blockage).toMatchObject({ blocking: { number: 1 }, blocked: { number: 101 } });
    expect(decodeGlobalID(created.blockage.id).typename).toBe("Blockage");
    // Asking again is not an error and keeps one dependency.
    expect(field<{ blockage: { id: string } }>(await block(one, github), "createBlockage").blockage.id).toBe(
      created.blockage.id,
    );
    const events = await t.database.db
      .select({ issueId: schema.issueEvents.issueId, field: schema.issueEvents.field, to: schema.issueEvents.toValue })
      .from(schema.issueEvents)
      .where(
        inArray(
          schema.issueEvents.issueId,
          [one, github].map((id) => decodeGlobalID(id).id),
        ),
      );
    expect(events.filter((event) => event.field === "blocking" || event.field === "blocked")).toEqual(
      expect.arrayContaining([
        { issueId: decodeGlobalID(github).id, field: "blocking", to: "#1 Native 1" },
        { issueId: decodeGlobalID(one).id, field: "blocked", to: "#101 GitHub 1" },
      ]),
    );
    expect(events.filter((event) => event.field === "blocking" || event.field === "blocked")).toHaveLength(2);
    const [first, second] = await relations([one, github]);
    expect(first?.blockedIssues.nodes).toEqual([{ number: 101 }]);
    expect(second?.blockingIssues.nodes).toEqual([{ number: 1 }]);

    const removed = await gql(t, w.owner.token, DELETE_BLOCKAGE, { blocking: side(one), blocked: side(github) });
    expect(field<{ blockage: { id: string } }>(removed, "deleteBlockage").blockage.id).toBe(created.blockage.id);
    expect((await relations([one]))[0]?.blockedIssues.nodes).toEqual([]);
    expect(
      errorOf(await gql(t, w.owner.token, DELETE_BLOCKAGE, { blocking: side(one), blocked: side(github) })),
    ).toEqual({ code: "NOT_FOUND", message: "#1 does not block #101." });
  });

  it("refuses self-blocks and cycles, direct and transitive, writing nothing", async () => {
    const [two, three, four] = [issueAt(w.native, 1), issueAt(w.native, 2), issueAt(w.native, 3)];
    expect(errorOf(await block(two, two))).toEqual({
      code: "BAD_USER_INPUT",
      message: "An issue cannot block itself.",
    });
    expect(await block(two, three)).not.toHaveProperty("errors");
    expect(errorOf(await block(three, two))).toEqual({
      code: "BAD_USER_INPUT",
      message: "This dependency would create a cycle: #3 already depends on #2.",
    });
    expect(await block(three, four)).not.toHaveProperty("errors");
    expect(errorOf(await block(four, two))).toEqual({
      code: "BAD_USER_INPUT",
      message: "This dependency would create a cycle: #4 already depends on #2.",
    });
    const stored = await t.database.db
      .select()
      .from(schema.issueDependencies)
      .where(eq(schema.issueDependencies.blockingIssueId, decodeGlobalID(four).id));
    expect(stored).toEqual([]);
  });

  it("refuses dependencies to viewers, outsiders, signed-out callers and across workspaces", async () => {
    const [five, six] = [issueAt(w.native, 4), issueAt(w.native, 5)];
    expect(errorOf(await block(five, six, w.viewer.token))).toEqual({
      code: "FORBIDDEN",
      message: "You do not have permission to do this in this workspace.",
    });
    expect(errorOf(await block(five, six, w.outsider.token))).toEqual({
      code: "NOT_FOUND",
      message: "This issue does not exist.",
    });
    expect(errorOf(await gql(t, null, CREATE_BLOCKAGE, { blocking: side(five), blocked: side(six) })).code).toBe(
      "UNAUTHENTICATED",
    );
    expect(errorOf(await block(five, encodeGlobalID("Issue", randomUUID()))).code).toBe("NOT_FOUND");
    const elsewhere = await workspaceWithIssues(t, { native: 1, gitHub: 0 });
    // The owner of both workspaces still cannot link issues no single board shows.
    const otherOwnerIssue = issueAt(elsewhere.native, 0);
    expect(errorOf(await block(otherOwnerIssue, five, elsewhere.owner.token)).code).toBe("NOT_FOUND");
    const second = await createWorkspace(t, w.owner, w.organization);
    expect(
      errorOf(
        await gql(t, w.owner.token, CREATE_BLOCKAGE, { blocking: side(five), blocked: side(six), workspaceId: second }),
      ),
    ).toEqual({ code: "BAD_USER_INPUT", message: "Both issues must be on this workspace's board." });
  });

  it("makes issues of two repositories sub-issues, counting their progress by count and points", async () => {
    const [parent, native, gitHubA, gitHubB] = [
      issueAt(w.native, 0),
      issueAt(w.native, 1),
      issueAt(w.gitHub, 1),
      issueAt(w.gitHub, 2),
    ];
    const added = field<{ successCount: number }>(
      await gql(t, w.owner.token, ADD_SUB_ISSUES, { parentId: parent, childIssueIds: [native, gitHubA, gitHubB] }),
      "addSubIssues",
    );
    expect(added.successCount).toBe(3);
    const db = t.database.db;
    await db
      .update(schema.issues)
      .set({ estimate: 2 })
      .where(eq(schema.issues.id, decodeGlobalID(native).id));
    await db
      .update(schema.issues)
      .set({ estimate: 3, state: "closed" })
      .where(eq(schema.issues.id, decodeGlobalID(gitHubA).id));
    const [read] = await relations([parent]);
    expect(read).toMatchObject({
      issueCountProgress: { open: 2, closed: 1, total: 3 },
      issueEstimateProgress: { closed: 3, total: 5 },
    });
    const removed = field<{ successCount: number }>(
      await gql(t, w.owner.token, REMOVE_SUB_ISSUES, { childIssueIds: [gitHubB] }),
      "removeSubIssues",
    );
    expect(removed.successCount).toBe(1);
    expect((await relations([parent]))[0]?.issueCountProgress).toEqual({ open: 1, closed: 1, total: 2 });
    expect((await relations([gitHubB]))[0]?.parentIssue).toBeNull();
  });

  it("tells the board showing both issues that they changed, with the request's clientMutationId", async () => {
    const heard: BoardEvent[] = [];
    const events: BoardEventBus = {
      publish: async (event) => void heard.push(event),
      subscribe: () => {
        throw new Error("not used");
      },
      close: async () => undefined,
    };
    const deps = { db: t.database.db, events, now: () => new Date() };
    const [three, five] = [issueAt(w.native, 2), issueAt(w.gitHub, 2)].map((id) => decodeGlobalID(id).id) as [
      string,
      string,
    ];
    await createBlockage(deps, w.owner.userId, { blockingId: three, blockedId: five, clientMutationId: "m1" });
    await addSubIssues(deps, w.owner.userId, { parentId: three, childIssueIds: [five], replaceParent: false });
    expect(heard).toEqual([
      expect.objectContaining({
        kind: "ISSUES_CHANGED",
        workspaceId: decodeGlobalID(w.workspace).id,
        clientMutationId: "m1",
        issueIds: [three, five],
      }),
      expect.objectContaining({ kind: "ISSUES_CHANGED", issueIds: expect.arrayContaining([three, five]) }),
    ]);
  });

  it("refuses self-parenting, ancestors as children and a second parent unless replacing", async () => {
    const [top, middle, bottom, other] = [
      issueAt(w.native, 2),
      issueAt(w.native, 3),
      issueAt(w.native, 4),
      issueAt(w.native, 5),
    ];
    const add = (parentId: string, childIssueIds: string[], replaceParent = false) =>
      gql(t, w.owner.token, ADD_SUB_ISSUES, { parentId, childIssueIds, replaceParent });
    expect(errorOf(await add(top, [top]))).toEqual({
      code: "BAD_USER_INPUT",
      message: "An issue cannot be its own parent.",
    });
    expect(await add(top, [middle])).not.toHaveProperty("errors");
    expect(await add(middle, [bottom])).not.toHaveProperty("errors");
    expect(errorOf(await add(bottom, [top]))).toEqual({
      code: "BAD_USER_INPUT",
      message: "An issue cannot be its own ancestor: #5 is already below #3.",
    });
    expect(errorOf(await add(middle, [top]))).toEqual({
      code: "BAD_USER_INPUT",
      message: "An issue cannot be its own ancestor: #4 is already below #3.",
    });
    expect(errorOf(await add(other, [bottom]))).toEqual({
      code: "BAD_USER_INPUT",
      message: "#5 already has a parent issue; replace it to move it here.",
    });
    expect((await relations([bottom]))[0]?.parentIssue).toEqual({ number: 4 });
    expect(await add(other, [bottom], true)).not.toHaveProperty("errors");
    expect((await relations([bottom]))[0]?.parentIssue).toEqual({ number: 6 });
    const moves = await t.database.db
      .select({ from: schema.issueEvents.fromValue, to: schema.issueEvents.toValue })
      .from(schema.issueEvents)
      .where(eq(schema.issueEvents.issueId, decodeGlobalID(bottom).id));
    expect(moves).toEqual([
      { from: null, to: "#4 Native 4" },
      { from: "#4 Native 4", to: "#6 Native 6" },
    ]);
  });

  it("leaves sub-issues a viewer asks to change in failedIssues, and hides them from outsiders", async () => {
    const [parent, child] = [issueAt(w.native, 5), issueAt(w.gitHub, 0)];
    const answer = field<{
      successCount: number;
      failedIssues: { id: string }[];
      githubErrors: Record<string, string>;
    }>(await gql(t, w.viewer.token, ADD_SUB_ISSUES, { parentId: parent, childIssueIds: [child] }), "addSubIssues");
    expect(answer).toEqual({
      successCount: 0,
      failedIssues: [{ id: child }],
      githubErrors: { [child]: "You cannot edit this issue." },
    });
    expect(
      errorOf(await gql(t, w.outsider.token, ADD_SUB_ISSUES, { parentId: parent, childIssueIds: [child] })),
    ).toEqual({ code: "NOT_FOUND", message: "This issue does not exist." });
    expect(errorOf(await gql(t, w.viewer.token, REMOVE_SUB_ISSUES, { childIssueIds: [] }))).toEqual({
      code: "BAD_USER_INPUT",
      message: "Choose at least one sub-issue.",
    });
    expect((await relations([child]))[0]?.parentIssue).toBeNull();
  });
});
