import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { decodeGlobalID, encodeGlobalID } from "@pothos/plugin-relay";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../testing/app.js";
import { errorOf, field, gql, type TestUser, workspaceBoard } from "../testing/factories.js";
import { createSignUpTestApp, workspaceTeam } from "../testing/team.js";

const CREATE_MILESTONE = `mutation ($input: CreateMilestoneInput!) { createMilestone(input: $input) { milestone { number title } } }`;
const CREATE_ISSUE = `mutation ($input: CreateIssueInput!) { createIssue(input: $input) { issue { id number milestone { number title } } } }`;
const SET_MILESTONE = `mutation ($ids: [ID!]!, $number: Int) {
  setIssuesMilestone(input: { issueIds: $ids, milestoneNumber: $number }) { successCount githubErrors }
}`;
const LISTED = `query ($id: ID!, $q: String) { workspace(id: $id) { gantryRepository { milestones(query: $q) { nodes { number title } } } } }`;
const ISSUE = `query ($r: ID!, $n: Int!) { issueByInfo(repositoryId: $r, issueNumber: $n) {
  milestone { number title } timelineItems(first: 50) { nodes { field from to source } }
} }`;
const COLUMN = `query ($pipelineId: ID!, $filters: IssueSearchFiltersInput) {
  searchIssuesByPipeline(pipelineId: $pipelineId, filters: $filters, first: 50) { nodes { number milestone { title } } }
}`;

type Milestone = { number: number; title: string };

describe.each(testEngines())("native milestones on %s", (engine) => {
  let t: TestApp;
  let owner: TestUser;
  let editor: TestUser;
  let viewer: TestUser;
  let outsider: TestUser;
  let workspace: string;
  let gantryRepository: string;
  let firstPipeline: string;

  beforeAll(async () => {
    t = await createSignUpTestApp(engine);
    const team = await workspaceTeam(t, { editor: "editor", viewer: "viewer", outsider: "outsider" });
    ({ owner, workspace } = team);
    ({ editor, viewer, outsider } = team.people);
    const read = await workspaceBoard(t, owner, workspace);
    gantryRepository = read.gantryRepository;
    firstPipeline = read.pipelines[0] ?? "";
  });
  afterAll(async () => {
    await t.close();
  });

  const create = (user: TestUser | null, input: Record<string, unknown>) =>
    gql(t, user?.token ?? null, CREATE_MILESTONE, { input: { repositoryId: gantryRepository, ...input } });
  const created = async (user: TestUser, input: Record<string, unknown>) =>
    field<{ milestone: Milestone }>(await create(user, input), "createMilestone").milestone;
  const listed = async (q: string | null = null) =>
    field<{ gantryRepository: { milestones: { nodes: Milestone[] } } }>(
      await gql(t, viewer.token, LISTED, { id: workspace, q }),
      "workspace",
    ).gantryRepository.milestones.nodes;
  const stored = () =>
    t.database.db
      .select()
      .from(schema.nativeMilestones)
      .where(eq(schema.nativeMilestones.repositoryId, decodeGlobalID(gantryRepository).id));

  it("refuses a milestone signed out, with a bad title, to a viewer and to an outsider, storing nothing", async () => {
    expect(errorOf(await create(null, { title: "Beta" })).code).toBe("UNAUTHENTICATED");
    expect(errorOf(await create(editor, { title: "   " }))).toEqual({
      code: "BAD_USER_INPUT",
      message: "A milestone needs a title.",
    });
    expect(errorOf(await create(editor, { title: "x".repeat(256) })).message).toBe(
      "Milestone titles are at most 255 characters.",
    );
    expect(errorOf(await create(editor, { title: "Beta", dueOn: "2026-02-30" })).code).toBe("BAD_USER_INPUT");
    expect(errorOf(await create(viewer, { title: "Beta" }))).toMatchObject({
      code: "FORBIDDEN",
      message: "You do not have permission to do this in this workspace.",
    });
    expect(errorOf(await create(outsider, { title: "Beta" }))).toEqual({
      code: "NOT_FOUND",
      message: "This repository does not exist.",
    });
    expect(await stored()).toEqual([]);
  });

  it("refuses a milestone on a GitHub repository: those are created on GitHub", async () => {
    const [repository] = await t.database.db
      .insert(schema.repositories)
      .values({
        ghId: 4343,
        ownerLogin: "acme",
        name: "api",
        htmlUrl: "https://github.test/acme/api",
      })
      .returning();
    if (!repository) throw new Error("no repository");
    await t.database.db
      .insert(schema.workspaceRepositories)
      .values({ workspaceId: decodeGlobalID(workspace).id, repositoryId: repository.id });
    const answer = await create(editor, { repositoryId: encodeGlobalID("Repository", repository.id), title: "Beta" });
    expect(errorOf(answer)).toEqual({
      code: "BAD_USER_INPUT",
      message: "Milestones of GitHub repositories are created on GitHub; Gantry lists them from there.",
    });
    const outside = await create(outsider, {
      repositoryId: encodeGlobalID("Repository", repository.id),
      title: "Beta",
    });
    expect(errorOf(outside).code).toBe("NOT_FOUND");
  });

  it("numbers milestones one after another, trims titles, refuses a title taken in any case and lists the open ones", async () => {
    expect(await created(editor, { title: "  Launch  ", description: "Ship it", dueOn: "2026-12-01" })).toEqual({
      number: 1,
      title: "Launch",
    });
    expect(await created(owner, { title: "Beta" })).toEqual({ number: 2, title: "Beta" });
    expect(errorOf(await create(editor, { title: "LAUNCH" }))).toEqual({
      code: "CONFLICT",
      message: "A milestone with this title already exists in this repository.",
    });
    const [launch] = (await stored()).filter((row) => row.number === 1);
    expect(launch).toMatchObject({ description: "Ship it", dueOn: "2026-12-01", state: "open" });
    await t.database.db
      .insert(schema.nativeMilestones)
      .values({ repositoryId: decodeGlobalID(gantryRepository).id, number: 3, title: "Old", state: "closed" });
    expect(await listed()).toEqual([
      { number: 2, title: "Beta" },
      { number: 1, title: "Launch" },
    ]);
    expect(await listed("laun")).toEqual([{ number: 1, title: "Launch" }]);
  });

  it("sets, changes and clears a native issue's milestone by number, on its timeline, and refuses unknown numbers", async () => {
    const issue = field<{ issue: { id: string; number: number; milestone: Milestone | null } }>(
      await gql(t, editor.token, CREATE_ISSUE, { input: { repositoryId: gantryRepository, title: "Plan" } }),
      "createIssue",
    ).issue;
    expect(issue.milestone).toBeNull();
    const set = async (user: TestUser, number: number | null) =>
      field<{ successCount: number; githubErrors: Record<string, string> }>(
        await gql(t, user.token, SET_MILESTONE, { ids: [issue.id], number }),
        "setIssuesMilestone",
      );
    expect((await set(editor, 99)).githubErrors).toEqual({
      [issue.id]: "This workspace has no milestone #99.",
    });
    expect((await set(viewer, 1)).githubErrors).toEqual({
      [issue.id]: "You cannot edit this issue.",
    });
    expect((await set(editor, 1)).successCount).toBe(1);
    expect((await set(editor, 2)).successCount).toBe(1);
    const read = async () =>
      field<{ milestone: Milestone | null; timelineItems: { nodes: { field: string; from: string; to: string }[] } }>(
        await gql(t, viewer.token, ISSUE, { r: gantryRepository, n: issue.number }),
        "issueByInfo",
      );
    expect((await read()).milestone).toEqual({ number: 2, title: "Beta" });
    expect((await set(editor, null)).successCount).toBe(1);
    const after = await read();
    expect(after.milestone).toBeNull();
    expect(after.timelineItems.nodes.filter((item) => item.field === "milestone")).toEqual([
      { field: "milestone", from: null, to: "Launch", source: "GANTRY" },
      { field: "milestone", from: "Launch", to: "Beta", source: "GANTRY" },
      { field: "milestone", from: "Beta", to: null, source: "GANTRY" },
    ]);
  });

  it("creates a native issue with a milestone, refuses an unknown one, and the board's milestone filter finds it", async () => {
    const refused = await gql(t, editor.token, CREATE_ISSUE, {
      input: { repositoryId: gantryRepository, title: "Nope", milestone: 42 },
    });
    expect(errorOf(refused)).toEqual({ code: "BAD_USER_INPUT", message: "This workspace has no milestone #42." });
    const nope = await t.database.db
      .select()
      .from(schema.issues)
      .where(and(eq(schema.issues.repositoryId, decodeGlobalID(gantryRepository).id), eq(schema.issues.title, "Nope")));
    expect(nope).toEqual([]);
    const issue = field<{ issue: { number: number; milestone: Milestone | null } }>(
      await gql(t, editor.token, CREATE_ISSUE, {
        input: { repositoryId: gantryRepository, title: "Launch it", milestone: 1 },
      }),
      "createIssue",
    ).issue;
    expect(issue.milestone).toEqual({ number: 1, title: "Launch" });
    const column = async (milestones: string[]) =>
      field<{ nodes: { number: number; milestone: { title: string } | null }[] }>(
        await gql(t, viewer.token, COLUMN, { pipelineId: firstPipeline, filters: { milestones: { in: milestones } } }),
        "searchIssuesByPipeline",
      ).nodes;
    expect(await column(["Launch"])).toEqual([{ number: issue.number, milestone: { title: "Launch" } }]);
    expect(await column(["Beta"])).toEqual([]);
    const options = field<{ milestoneFilterOptions: { nodes: { title: string }[] } }>(
      await gql(
        t,
        viewer.token,
        "query ($id: ID!) { workspace(id: $id) { milestoneFilterOptions { nodes { title } } } }",
        {
          id: workspace,
        },
      ),
      "workspace",
    );
    expect(options.milestoneFilterOptions.nodes).toEqual([{ title: "Launch" }]);
  });
});
