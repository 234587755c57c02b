import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { decodeGlobalID } from "@pothos/plugin-relay";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../testing/app.js";
import { field, gantryRepositoryOf, gql, signUpUser, type TestUser } from "../testing/factories.js";
import { issueFieldSeeder } from "../testing/issue-fields.js";
import { createSignUpTestApp, workspaceTeam } from "../testing/team.js";

const MERGED_AT = new Date("2026-11-20T10:00:00Z");

describe.each(testEngines())("legacy issue REST shape on %s", (engine) => {
  let t: TestApp;
  let owner: TestUser;
  let workspace: string;
  let gantryRepository: string;
  const issueIds: Record<number, string> = {};

  beforeAll(async () => {
    t = await createSignUpTestApp(engine);
    ({ owner, workspace } = await workspaceTeam(t, {}));
    const workspaceId = decodeGlobalID(workspace).id;
    gantryRepository = await gantryRepositoryOf(t, owner.token, workspace);
    for (const title of ["Blocker", "Blocked", "Done blocker"]) {
      const created = await gql(
        t,
        owner.token,
        `mutation ($input: CreateIssueInput!) { createIssue(input: $input) { issue { id number } } }`,
        { input: { repositoryId: gantryRepository, title } },
      );
      const issue = field<{ issue: { id: string; number: number } }>(created, "createIssue").issue;
      issueIds[issue.number] = decodeGlobalID(issue.id).id;
    }
    const db = t.database.db;
    const seed = issueFieldSeeder(db, workspaceId);
    const [, low] = await seed.priorities([
      { name: "High", color: "#d1242f" },
      { name: "Low", color: "#1f883d" },
    ]);
    await seed.prioritise(low?.id ?? "", [issueIds[2] ?? ""]);
    await seed.estimate([issueIds[2] ?? ""], 5);
    await seed.blocks(issueIds[1] ?? "", issueIds[2] ?? "");
    await seed.blocks(issueIds[3] ?? "", issueIds[1] ?? "");
    await db
      .update(schema.issues)
      .set({ state: "closed" })
      .where(eq(schema.issues.id, issueIds[3] ?? ""));
    const [repository] = await db
      .insert(schema.repositories)
      .values({ ghId: 4242, ownerLogin: "acme", name: "api", htmlUrl: "https://github.com/acme/api" })
      .returning();
    await db.insert(schema.workspaceRepositories).values({ workspaceId, repositoryId: repository?.id ?? "" });
    await db.insert(schema.issues).values({
      repositoryId: repository?.id ?? "",
      ghId: 99,
      number: 7,
      title: "Merged fix",
      state: "closed",
      isPullRequest: true,
      mergedAt: MERGED_AT,
      isEpic: false,
      ghCreatedAt: MERGED_AT,
      ghUpdatedAt: MERGED_AT,
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (token: string | null, repoId: string | number, issueNumber: number | string, ws = workspace) =>
    t.app.inject({
      method: "GET",
      url: `/api/v1/workspaces/${encodeURIComponent(ws)}/repositories/${encodeURIComponent(String(repoId))}/issues/${issueNumber}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it("answers a native issue with its estimate, priority rank and open dependencies", async () => {
    const response = await get(owner.token, gantryRepository, 2);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      repo_id: gantryRepository,
      issue_number: 2,
      issue_path: `/workspaces/${encodeURIComponent(workspace)}/issues/2`,
      state: "open",
      merged_at: null,
      is_epic: false,
      pull_request: false,
      estimate: 5,
      blocked: true,
      blocking: false,
      priority: { rank: 2 },
    });
    // #1 blocks #2 (open) and is blocked only by the closed #3.
    expect((await get(owner.token, gantryRepository, 1)).json()).toMatchObject({
      blocked: false,
      blocking: true,
      priority: null,
      estimate: null,
    });
  });

  it("answers a merged pull request by GitHub's repository id", async () => {
    expect((await get(owner.token, 4242, 7)).json()).toEqual({
      repo_id: 4242,
      issue_number: 7,
      issue_path: `/workspaces/${encodeURIComponent(workspace)}/issues/acme/api/7`,
      state: "merged",
      merged_at: MERGED_AT.toISOString(),
      is_epic: false,
      pull_request: true,
      estimate: null,
      blocked: false,
      blocking: false,
      priority: null,
    });
  });

  it("refuses the signed out, outsiders, unknown issues and bad ids with a status and a message", async () => {
    expect((await get(null, 4242, 7)).statusCode).toBe(401);
    const outsider = await signUpUser(t, "outsider");
    const forbidden = await get(outsider.token, 4242, 7);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ error: "You do not have access to this workspace." });
    expect((await get(owner.token, 4242, 8)).statusCode).toBe(404);
    expect((await get(owner.token, 5555, 7)).json()).toEqual({ error: "Issue #7 is not on this workspace's board." });
    expect((await get(owner.token, 4242, "x")).statusCode).toBe(400);
    expect((await get(owner.token, "nonsense", 7)).statusCode).toBe(400);
  });

  it("takes the workspace's bare UUID as well as its global id", async () => {
    expect((await get(owner.token, 4242, 7, decodeGlobalID(workspace).id)).statusCode).toBe(200);
  });
});
