import { randomUUID } from "node:crypto";
import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { decodeGlobalID, encodeGlobalID } from "@pothos/plugin-relay";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../testing/app.js";
import {
  createIssue,
  createWorkspace,
  errorOf,
  field,
  gantryRepositoryOf,
  gql,
  type TestUser,
} from "../testing/factories.js";
import { issueFieldSeeder } from "../testing/issue-fields.js";
import { createSignUpTestApp, workspaceTeam } from "../testing/team.js";

const BULK = "successCount failedIssues { id } githubErrors";
const ESTIMATES = `mutation ($issueIds: [ID!]!, $value: Float) { setMultipleEstimates(input: { issueIds: $issueIds, value: $value }) { ${BULK} issues { id estimate { value } } } }`;
const sprintsMutation = (name: string) =>
  `mutation ($issueIds: [ID!]!, $ids: [ID!]!) { ${name}(input: { issueIds: $issueIds, sprintIds: $ids }) { ${BULK} sprints { name } } }`;
const epicsMutation = (name: string) =>
  `mutation ($issueIds: [ID!]!, $ids: [ID!]!) { ${name}(input: { issueIds: $issueIds, gantryEpicIds: $ids }) { ${BULK} gantryEpics { title } } }`;
const DELETE = "mutation ($issueId: ID!) { deleteGantryIssue(input: { issueId: $issueId }) { issueId } }";

interface Bulk {
  successCount: number;
  failedIssues: { id: string }[];
  githubErrors: Record<string, string>;
}

describe.each(testEngines())("bulk estimates, sprints, epics and deleting native issues on %s", (engine) => {
  let t: TestApp;
  let owner: TestUser;
  let viewer: TestUser;
  let outsider: TestUser;
  let workspace: string;
  let otherWorkspace: string;
  /** Global ids of three native issues of the workspace. */
  let native: string[];
  let gitHubIssue: string;

  const dbIds = (ids: string[]) => ids.map((id) => decodeGlobalID(id).id);
  const seeder = (workspaceGlobalId: string) => issueFieldSeeder(t.database.db, decodeGlobalID(workspaceGlobalId).id);
  const estimates = async (ids: string[]) =>
    (
      await t.database.db
        .select({ estimate: schema.issues.estimate })
        .from(schema.issues)
        .where(inArray(schema.issues.id, dbIds(ids)))
    ).map((row) => row.estimate);
  const linked = async (table: typeof schema.sprintIssues | typeof schema.gantryEpicIssues, ids: string[]) =>
    (
      await t.database.db
        .select()
        .from(table)
        .where(inArray(table.issueId, dbIds(ids)))
    ).length;

  beforeAll(async () => {
    t = await createSignUpTestApp(engine);
    const team = await workspaceTeam(t, { viewer: "viewer", outsider: "outsider" });
    ({ owner, workspace } = team);
    ({ viewer, outsider } = team.people);
    otherWorkspace = await createWorkspace(t, owner, team.organization);
    const gantryRepository = await gantryRepositoryOf(t, owner.token, workspace);
    native = [];
    for (const title of ["One", "Two", "Three"]) {
      native.push(await createIssue(t, owner, { repositoryId: gantryRepository, title }));
    }
    const db = t.database.db;
    const [repository] = await db
      .insert(schema.repositories)
      .values({ ghId: 9001, ownerLogin: "acme", name: "api", htmlUrl: "https://github.test/acme/api" })
      .returning();
    if (!repository) throw new Error("no repository");
    await db
      .insert(schema.workspaceRepositories)
      .values({ workspaceId: decodeGlobalID(workspace).id, repositoryId: repository.id });
    const [issue] = await db
      .insert(schema.issues)
      .values({
        repositoryId: repository.id,
        ghId: 77,
        number: 7,
        title: "From GitHub",
        state: "open",
        ghCreatedAt: new Date(),
        ghUpdatedAt: new Date(),
      })
      .returning();
    if (!issue) throw new Error("no issue");
    gitHubIssue = encodeGlobalID("Issue", issue.id);
  });
  afterAll(async () => {
    await t.close();
  });

  it("sets one estimate on many issues and clears it, answering unknown ids as not found", async () => {
    const [one, two] = native;
    if (!one || !two) throw new Error("no issues");
    const unknown = encodeGlobalID("Issue", randomUUID());
    const set = field<Bulk & { issues: { id: string; estimate: { value: number } }[] }>(
      await gql(t, owner.token, ESTIMATES, { issueIds: [one, two, unknown], value: 3 }),
      "setMultipleEstimates",
    );
    expect(set.successCount).toBe(2);
    expect(set.failedIssues).toEqual([]);
    expect(set.githubErrors).toEqual({ [unknown]: "No such issue." });
    expect(set.issues.map((issue) => issue.estimate.value)).toEqual([3, 3]);
    expect(await estimates([one, two])).toEqual([3, 3]);
    const cleared = field<Bulk>(
      await gql(t, owner.token, ESTIMATES, { issueIds: [one], value: null }),
      "setMultipleEstimates",
    );
    expect(cleared.successCount).toBe(1);
    expect((await estimates([one, two])).sort()).toEqual([3, null]);
    // Each change is on the issue's timeline, as reports replay estimates from it.
    const TIMELINE = `query ($id: ID!) { node(id: $id) { ... on Issue { timelineItems { nodes { field from to } } } } }`;
    const timeline = field<{ timelineItems: { nodes: { field: string }[] } }>(
      await gql(t, owner.token, TIMELINE, { id: one }),
      "node",
    ).timelineItems.nodes.filter((item) => item.field === "estimate");
    expect(timeline).toEqual([
      { field: "estimate", from: null, to: "3" },
      { field: "estimate", from: "3", to: null },
    ]);
  });

  it("refuses bad estimates and too many issues, and leaves viewers' and outsiders' issues alone", async () => {
    const [, , three] = native;
    if (!three) throw new Error("no issue");
    expect(errorOf(await gql(t, owner.token, ESTIMATES, { issueIds: [three], value: 1.005 }))).toEqual({
      code: "BAD_USER_INPUT",
      message: "An estimate has at most two decimals.",
    });
    const tooMany = Array.from({ length: 101 }, () => encodeGlobalID("Issue", randomUUID()));
    expect(errorOf(await gql(t, owner.token, ESTIMATES, { issueIds: tooMany, value: 1 }))).toEqual({
      code: "BAD_USER_INPUT",
      message: "At most 100 issues can be changed at once.",
    });
    const refused = field<Bulk>(
      await gql(t, viewer.token, ESTIMATES, { issueIds: [three], value: 5 }),
      "setMultipleEstimates",
    );
    expect(refused).toEqual({
      successCount: 0,
      failedIssues: [{ id: three }],
      githubErrors: { [three]: "You cannot edit this issue." },
      issues: [],
    });
    expect(errorOf(await gql(t, outsider.token, ESTIMATES, { issueIds: [three], value: 5 }))).toEqual({
      code: "NOT_FOUND",
      message: "This issue does not exist.",
    });
    expect(await estimates([three])).toEqual([null]);
  });

  it("adds issues to the workspace's sprints and takes them out again", async () => {
    const sprint = await seeder(workspace).sprint("Sprint 1", []);
    const sprintId = encodeGlobalID("Sprint", sprint.id);
    const added = field<Bulk & { sprints: { name: string }[] }>(
      await gql(t, owner.token, sprintsMutation("addIssuesToSprints"), { issueIds: native, ids: [sprintId] }),
      "addIssuesToSprints",
    );
    expect(added).toMatchObject({ successCount: 3, failedIssues: [], sprints: [{ name: "Sprint 1" }] });
    // Adding again keeps one link per issue.
    await gql(t, owner.token, sprintsMutation("addIssuesToSprints"), { issueIds: native, ids: [sprintId] });
    expect(await linked(schema.sprintIssues, native)).toBe(3);
    const removed = field<Bulk>(
      await gql(t, owner.token, sprintsMutation("removeIssuesFromSprints"), {
        issueIds: native.slice(0, 2),
        ids: [sprintId],
      }),
      "removeIssuesFromSprints",
    );
    expect(removed.successCount).toBe(2);
    expect(await linked(schema.sprintIssues, native)).toBe(1);
    await t.database.db.delete(schema.sprintIssues).where(eq(schema.sprintIssues.sprintId, sprint.id));
  });

  it("refuses a viewer, another workspace's sprint and an unknown sprint, writing nothing", async () => {
    const sprint = await seeder(workspace).sprint("Sprint 2", []);
    const elsewhere = await seeder(otherWorkspace).sprint("Elsewhere", []);
    const refused = field<Bulk>(
      await gql(t, viewer.token, sprintsMutation("addIssuesToSprints"), {
        issueIds: native,
        ids: [encodeGlobalID("Sprint", sprint.id)],
      }),
      "addIssuesToSprints",
    );
    expect(refused.successCount).toBe(0);
    expect(refused.failedIssues.map((issue) => issue.id)).toEqual(native);
    expect(
      errorOf(
        await gql(t, owner.token, sprintsMutation("addIssuesToSprints"), {
          issueIds: native,
          ids: [encodeGlobalID("Sprint", sprint.id), encodeGlobalID("Sprint", elsewhere.id)],
        }),
      ),
    ).toEqual({ code: "BAD_USER_INPUT", message: "Issue #1 is not on the board of every chosen sprint's workspace." });
    expect(
      errorOf(
        await gql(t, owner.token, sprintsMutation("addIssuesToSprints"), {
          issueIds: native,
          ids: [encodeGlobalID("Sprint", randomUUID())],
        }),
      ),
    ).toEqual({ code: "NOT_FOUND", message: "This sprint does not exist." });
    expect(
      errorOf(
        await gql(t, outsider.token, sprintsMutation("addIssuesToSprints"), {
          issueIds: native,
          ids: [encodeGlobalID("Sprint", sprint.id)],
        }),
      ).code,
    ).toBe("NOT_FOUND");
    expect(await linked(schema.sprintIssues, native)).toBe(0);
  });

  it("adds issues to Gantry epics and takes them out, refusing other workspaces' epics and viewers", async () => {
    const epic = await seeder(workspace).gantryEpic("Launch", []);
    const elsewhere = await seeder(otherWorkspace).gantryEpic("Elsewhere", []);
    const epicId = encodeGlobalID("GantryEpic", epic.id);
    const viewerAnswer = field<Bulk>(
      await gql(t, viewer.token, epicsMutation("addIssuesToGantryEpics"), { issueIds: native, ids: [epicId] }),
      "addIssuesToGantryEpics",
    );
    expect(viewerAnswer.successCount).toBe(0);
    expect(
      errorOf(
        await gql(t, owner.token, epicsMutation("addIssuesToGantryEpics"), {
          issueIds: native,
          ids: [encodeGlobalID("GantryEpic", elsewhere.id)],
        }),
      ),
    ).toEqual({ code: "BAD_USER_INPUT", message: "Issue #1 is not on the board of every chosen epic's workspace." });
    expect(await linked(schema.gantryEpicIssues, native)).toBe(0);
    const added = field<Bulk & { gantryEpics: { title: string }[] }>(
      await gql(t, owner.token, epicsMutation("addIssuesToGantryEpics"), { issueIds: native, ids: [epicId] }),
      "addIssuesToGantryEpics",
    );
    expect(added).toMatchObject({ successCount: 3, gantryEpics: [{ title: "Launch" }] });
    expect(await linked(schema.gantryEpicIssues, native)).toBe(3);
    await gql(t, owner.token, epicsMutation("removeIssuesFromGantryEpics"), { issueIds: native, ids: [epicId] });
    expect(await linked(schema.gantryEpicIssues, native)).toBe(0);
  });

  it("deletes a native issue for its workspace's writers only, and never a GitHub issue", async () => {
    const [, , three] = native;
    if (!three) throw new Error("no issue");
    expect(errorOf(await gql(t, owner.token, DELETE, { issueId: gitHubIssue }))).toEqual({
      code: "BAD_USER_INPUT",
      message: "Only Gantry issues can be deleted; close GitHub issues instead.",
    });
    expect(errorOf(await gql(t, viewer.token, DELETE, { issueId: three })).code).toBe("FORBIDDEN");
    expect(errorOf(await gql(t, outsider.token, DELETE, { issueId: three }))).toEqual({
      code: "NOT_FOUND",
      message: "This issue does not exist.",
    });
    const stored = () =>
      t.database.db
        .select({ id: schema.issues.id })
        .from(schema.issues)
        .where(inArray(schema.issues.id, dbIds([three, gitHubIssue])));
    expect(await stored()).toHaveLength(2);
    const deleted = field<{ issueId: string }>(
      await gql(t, owner.token, DELETE, { issueId: three }),
      "deleteGantryIssue",
    );
    expect(deleted.issueId).toBe(three);
    expect((await stored()).map((row) => row.id)).toEqual(dbIds([gitHubIssue]));
  });
});
