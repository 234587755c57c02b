import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { decodeGlobalID } from "@pothos/plugin-relay";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { upsertIssues } from "../../codehost/issue-sync.js";
import { createTestApp, type TestApp } from "../../testing/app.js";
import type { GraphQLAnswer } from "../../testing/factories.js";
import { type WorkspaceIssues, workspaceWithIssues } from "../../testing/workspace-issues.js";
import { ZENHUB_GRAPHQL_PATH } from "../route.js";
import { createKey, publicGql } from "../testing.js";

/** A planning script's read of milestones, as ZenHub clients write it: a fragment on Milestone, paging. */
const MILESTONE = `
fragment MilestoneParts on Milestone {
  id number title description state dueOn startDate closedAt
  openIssuesCount closedIssuesCount ghId ghNodeId createdAt updatedAt ghCreatedAt ghUpdatedAt
  creator { login }
  repository { name }
  issues(first: 10) { totalCount nodes { number } }
}`;

const ISSUE_MILESTONE = `${MILESTONE}
query IssueMilestone($issueId: ID!) {
  node(id: $issueId) { ... on Issue { milestone { ...MilestoneParts } } }
}`;

const MILESTONE_NODE = `${MILESTONE}
query MilestoneNode($id: ID!, $workspaceId: ID!) {
  node(id: $id) { __typename ... on Milestone { ...MilestoneParts otherRepositories(workspaceId: $workspaceId, first: 5) { totalCount } } }
}`;

const REPOSITORY_MILESTONES = `
query RepositoryMilestones($issueId: ID!, $after: String) {
  node(id: $issueId) {
    ... on Issue {
      repository {
        milestones(first: 1, after: $after) {
          totalCount
          pageInfo { hasNextPage endCursor }
          edges { cursor node { id number title } }
        }
      }
    }
  }
}`;

const CREATE = `
mutation Create($input: CreateMilestoneInput!) { createMilestone(input: $input) { milestone { id number title dueOn startDate } } }`;
const UPDATE = `
mutation Update($input: UpdateMilestoneInput!) {
  updateMilestone(input: $input) { milestone { id title description state dueOn startDate closedAt } }
}`;
const DELETE = `
mutation Delete($input: DeleteMilestoneInput!) { deleteMilestone(input: $input) { milestone { id number title } } }`;
const START = `
mutation Start($input: SetMilestoneStartDateInput!) { setMilestoneStartDate(input: $input) { milestone { id startDate } } }`;
const ADD = `
mutation Add($input: AddMilestoneForIssuesInput!) {
  addMilestoneToIssues(input: $input) { successCount failedIssues { number } githubErrors }
}`;
const REMOVE = `
mutation Remove($input: RemoveMilestoneForIssuesInput!) { removeMilestoneToIssues(input: $input) { successCount } }`;
const FILTER_OPTIONS = `
query MilestoneOptions($workspaceId: ID!, $title: StringInput, $state: MilestoneState) {
  workspace(id: $workspaceId) {
    milestoneFilterOptions(first: 10, title: $title, state: $state) { nodes { title state repository { name } } }
  }
}`;
const UPDATE_ISSUE = `
mutation UpdateIssue($input: UpdateIssueInput!) { updateIssue(input: $input) { issue { milestone { id title } } } }`;

describe.each(testEngines())("milestones as ZenHub clients use them, on %s", (engine) => {
  let t: TestApp;
  let w: WorkspaceIssues;
  let secret: string;
  let viewerSecret: string;
  let gantryRepositoryId: string;
  const uuid = (globalId: string | undefined) => decodeGlobalID(globalId as string).id;
  const call = (operation: string, variables: Record<string, unknown>, key = secret): Promise<GraphQLAnswer> =>
    publicGql(t, key, operation, variables, ZENHUB_GRAPHQL_PATH);
  const ok = async (operation: string, variables: Record<string, unknown>, key = secret) => {
    const answer = await call(operation, variables, key);
    expect(answer.errors).toBeUndefined();
    return answer.data as Record<string, Record<string, unknown>>;
  };
  const milestoneOf = async (issueId: string) => {
    const [row] = await t.database.db
      .select()
      .from(schema.issues)
      .where(eq(schema.issues.id, uuid(issueId)));
    return row?.milestone ?? null;
  };
  const create = async (title: string, extra: Record<string, unknown> = {}) =>
    (
      (await ok(CREATE, { input: { repositoryId: gantryRepositoryId, title, ...extra } })).createMilestone as {
        milestone: { id: string; number: number };
      }
    ).milestone;

  beforeAll(async () => {
    t = await createTestApp({ REQUIRE_EMAIL_VERIFICATION: "false", AUTH_RATE_LIMIT_PER_MINUTE: "10000" }, { engine });
    w = await workspaceWithIssues(t, { native: 3, gitHub: 2 });
    secret = (await createKey(t, w.owner, "planning script")).secret;
    viewerSecret = (await createKey(t, w.viewer, "read-only script")).secret;
    const [repository] = await t.database.db
      .select()
      .from(schema.repositories)
      .where(eq(schema.repositories.nativeWorkspaceId, uuid(w.workspace)));
    gantryRepositoryId = `${repository?.id}`;
    // The public API takes Gantry's global ids of repositories.
    const { encodeGlobalID } = await import("@pothos/plugin-relay");
    gantryRepositoryId = encodeGlobalID("Repository", gantryRepositoryId);
    // A GitHub issue carrying GitHub's milestone, as an issue delivery stores it.
    await t.database.db
      .update(schema.issues)
      .set({ milestone: { number: 7, title: "Launch" } })
      .where(eq(schema.issues.id, uuid(w.gitHub[0])));
  }, 240_000);
  afterAll(() => t.close());

  it("creates a milestone with the reference's date-times and reads it whole through node(id:)", async () => {
    const created = await create("Beta", { dueOn: "2027-03-01T00:00:00Z", startDate: "2027-02-01T09:00:00Z" });
    expect(created).toMatchObject({
      number: 1,
      dueOn: "2027-03-01T00:00:00.000Z",
      startDate: "2027-02-01T09:00:00.000Z",
    });
    await ok(ADD, { input: { issueIds: [w.native[0]], milestoneId: created.id } });
    const data = await ok(MILESTONE_NODE, { id: created.id, workspaceId: w.workspace });
    expect(data.node).toMatchObject({
      __typename: "Milestone",
      id: created.id,
      number: 1,
      title: "Beta",
      state: "OPEN",
      closedAt: null,
      openIssuesCount: 1,
      closedIssuesCount: 0,
      ghId: 0,
      creator: null,
      issues: { totalCount: 1, nodes: [{ number: 1 }] },
      otherRepositories: { totalCount: 0 },
    });
  });

  it("gives a GitHub milestone seen on an issue a stable id that node(id:) answers", async () => {
    const first = (await ok(ISSUE_MILESTONE, { issueId: w.gitHub[0] })).node as { milestone: Record<string, unknown> };
    const again = (await ok(ISSUE_MILESTONE, { issueId: w.gitHub[0] })).node as { milestone: Record<string, unknown> };
    expect(first.milestone).toMatchObject({ number: 7, title: "Launch", state: "OPEN", openIssuesCount: 1 });
    expect(again.milestone.id).toBe(first.milestone.id);
    const node = await ok(MILESTONE_NODE, { id: first.milestone.id, workspaceId: w.workspace });
    expect(node.node).toMatchObject({ number: 7, repository: { name: w.gitHubRepository.name } });
  });

  it("answers GitHub's details of a milestone an issue delivery carried, and keeps them over an older word", async () => {
    const [issue] = await t.database.db
      .select()
      .from(schema.issues)
      .where(eq(schema.issues.id, uuid(w.gitHub[0])));
    const delivery = (updatedAt: string, description: string) => ({
      id: 9_000_101,
      number: issue?.number as number,
      title: issue?.title as string,
      html_url: "https://github.com/fixture/issue",
      created_at: "2026-01-01T00:00:00Z",
      updated_at: updatedAt,
      milestone: {
        id: 555,
        node_id: "MI_kwDOfixture",
        number: 7,
        title: "Launch",
        description,
        state: "open",
        due_on: "2027-06-01T07:00:00Z",
        creator: { login: "octocat" },
        created_at: "2026-02-01T00:00:00Z",
        updated_at: updatedAt,
      },
    });
    await upsertIssues(t.database.db, issue?.repositoryId as string, [delivery("2026-11-02T00:00:00Z", "From GitHub")]);
    await upsertIssues(t.database.db, issue?.repositoryId as string, [delivery("2026-11-01T00:00:00Z", "Older")]);
    const data = (await ok(ISSUE_MILESTONE, { issueId: w.gitHub[0] })).node as { milestone: Record<string, unknown> };
    expect(data.milestone).toMatchObject({
      ghId: 555,
      ghNodeId: "MI_kwDOfixture",
      description: "From GitHub",
      dueOn: "2027-06-01T07:00:00.000Z",
      creator: { login: "octocat" },
      ghUpdatedAt: "2026-11-02T00:00:00.000Z",
    });
  });

  it("offers one milestone per title in a workspace's filter options, by title, state and repository", async () => {
    const options = async (variables: Record<string, unknown>) =>
      (
        (await ok(FILTER_OPTIONS, { workspaceId: w.workspace, ...variables })).workspace as {
          milestoneFilterOptions: { nodes: { title: string; state: string; repository: { name: string } }[] };
        }
      ).milestoneFilterOptions.nodes;
    expect((await options({})).map((node) => node.title)).toEqual(["Beta", "Launch"]);
    expect(await options({ title: { in: ["Launch"] } })).toEqual([
      { title: "Launch", state: "OPEN", repository: { name: w.gitHubRepository.name } },
    ]);
    expect(await options({ state: "CLOSED" })).toEqual([]);
  });

  it("pages a repository's milestones", async () => {
    await create("Gamma");
    const page = async (after: string | null) =>
      (
        (await ok(REPOSITORY_MILESTONES, { issueId: w.native[0], after })).node as {
          repository: {
            milestones: { totalCount: number; pageInfo: { endCursor: string }; edges: { node: { title: string } }[] };
          };
        }
      ).repository.milestones;
    const first = await page(null);
    expect(first).toMatchObject({
      totalCount: 2,
      pageInfo: { hasNextPage: true },
      edges: [{ node: { title: "Beta" } }],
    });
    const second = await page(first.pageInfo.endCursor);
    expect(second.edges.map((edge) => edge.node.title)).toEqual(["Gamma"]);
  });

  it("updates a milestone and renames it on the issues carrying it; a viewer's update writes nothing", async () => {
    const milestone = await create("Delta");
    await ok(ADD, { input: { issueIds: [w.native[1]], milestoneId: milestone.id } });
    const refused = await call(UPDATE, { input: { milestoneId: milestone.id, title: "Nope" } }, viewerSecret);
    expect(refused.errors?.[0]?.message).toMatch(/Only editors/);
    const data = await ok(UPDATE, {
      input: { milestoneId: milestone.id, title: "Delta 2", description: "Ship it", state: "CLOSED", dueOn: null },
    });
    expect(data.updateMilestone?.milestone).toMatchObject({
      title: "Delta 2",
      description: "Ship it",
      state: "CLOSED",
      closedAt: expect.any(String),
    });
    expect(await milestoneOf(w.native[1] as string)).toEqual({ number: milestone.number, title: "Delta 2" });
    const all = await call(UPDATE, {
      input: { milestoneId: milestone.id, updateAllInWorkspaceId: w.workspace, title: "X" },
    });
    expect(all.errors?.[0]?.message).toMatch(/one milestone at a time/);
  });

  it("sets and clears a start date; a bad id and a viewer are refused", async () => {
    const milestone = await create("Epsilon");
    const set = await ok(START, { input: { milestoneId: milestone.id, startDate: "2027-05-01T00:00:00Z" } });
    expect(set.setMilestoneStartDate?.milestone).toEqual({ id: milestone.id, startDate: "2027-05-01T00:00:00.000Z" });
    const refused = await call(START, { input: { milestoneId: milestone.id, startDate: null } }, viewerSecret);
    expect(refused.errors?.[0]?.message).toMatch(/Only editors/);
    const bad = await call(START, { input: { milestoneId: w.workspace, startDate: null } });
    expect(bad.errors?.[0]?.message).toBeDefined();
    const read = await ok(MILESTONE_NODE, { id: milestone.id, workspaceId: w.workspace });
    expect((read.node as { startDate: string }).startDate).toBe("2027-05-01T00:00:00.000Z");
    const cleared = await ok(START, { input: { milestoneId: milestone.id, startDate: null } });
    expect(cleared.setMilestoneStartDate?.milestone).toEqual({ id: milestone.id, startDate: null });
  });

  it("adds a milestone to its repository's issues, answers other repositories' in failedIssues, and removes it", async () => {
    const milestone = await create("Zeta");
    const data = await ok(ADD, { input: { issueIds: [w.native[2], w.gitHub[1]], milestoneId: milestone.id } });
    expect(data.addMilestoneToIssues).toMatchObject({ successCount: 1, failedIssues: [{ number: 102 }] });
    expect(await milestoneOf(w.native[2] as string)).toEqual({ number: milestone.number, title: "Zeta" });
    expect(await milestoneOf(w.gitHub[1] as string)).toBeNull();
    const refused = await ok(ADD, { input: { issueIds: [w.native[0]], milestoneId: milestone.id } }, viewerSecret);
    expect(refused.addMilestoneToIssues).toMatchObject({ successCount: 0 });
    expect(await milestoneOf(w.native[0] as string)).toMatchObject({ title: "Beta" });
    const removed = await ok(REMOVE, { input: { issueIds: [w.native[2]] } });
    expect(removed.removeMilestoneToIssues).toEqual({ successCount: 1 });
    expect(await milestoneOf(w.native[2] as string)).toBeNull();
  });

  it("sets and clears an issue's milestone by id through updateIssue", async () => {
    const milestone = await create("Theta");
    const set = await ok(UPDATE_ISSUE, { input: { issueId: w.native[1], milestoneId: milestone.id } });
    expect(set.updateIssue?.issue).toEqual({ milestone: { id: milestone.id, title: "Theta" } });
    const other = await call(UPDATE_ISSUE, { input: { issueId: w.gitHub[1], milestoneId: milestone.id } });
    expect(other.errors?.[0]?.message).toMatch(/not one of the issue's repository/);
    expect(await milestoneOf(w.gitHub[1] as string)).toBeNull();
    const cleared = await ok(UPDATE_ISSUE, { input: { issueId: w.native[1], milestoneId: null } });
    expect(cleared.updateIssue?.issue).toEqual({ milestone: null });
  });

  it("deletes a milestone, leaving its issues without one; a viewer and a bad id delete nothing", async () => {
    const milestone = await create("Eta");
    await ok(ADD, { input: { issueIds: [w.native[2]], milestoneId: milestone.id } });
    const refused = await call(DELETE, { input: { milestoneId: milestone.id } }, viewerSecret);
    expect(refused.errors?.[0]?.message).toMatch(/Only editors/);
    const bad = await call(DELETE, { input: { milestoneId: "not-an-id" } });
    expect(bad.errors?.[0]?.message).toMatch(/not a valid id/);
    expect(await milestoneOf(w.native[2] as string)).toEqual({ number: milestone.number, title: "Eta" });
    const data = await ok(DELETE, { input: { milestoneId: milestone.id } });
    expect(data.deleteMilestone?.milestone).toEqual({ id: milestone.id, number: milestone.number, title: "Eta" });
    expect(await milestoneOf(w.native[2] as string)).toBeNull();
    const gone = await ok(MILESTONE_NODE, { id: milestone.id, workspaceId: w.workspace });
    expect(gone.node).toBeNull();
  });
});
