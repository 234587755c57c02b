import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { nativeIssuePath } from "@gantry/domain";
import { decodeGlobalID } from "@pothos/plugin-relay";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BoardFixture, boardWithWebApp } from "../testing/board.js";
import { field, gql, type TestUser } from "../testing/factories.js";

const ISSUE_FIELDS =
  "number title type htmlUrl repository { name } pipelineIssue(workspaceId: $w) { pipeline { name } }";

const BY_INFO = `query ($w: ID!, $gh: Int, $repo: ID, $n: Int!) {
  issueByInfo(repositoryGhId: $gh, repositoryId: $repo, issueNumber: $n) { ${ISSUE_FIELDS} }
}`;
const BY_REPOSITORY = `query ($w: ID!, $owner: String!, $name: String!, $n: Int!) {
  repositoryIssue(repositoryOwner: $owner, repositoryName: $name, issueNumber: $n) { ${ISSUE_FIELDS} }
}`;
const IN_WORKSPACE = `query ($w: ID!, $owner: String, $name: String, $n: Int!) {
  workspaceIssue(workspaceId: $w, repositoryOwner: $owner, repositoryName: $name, issueNumber: $n) { ${ISSUE_FIELDS} }
}`;

interface FoundIssue {
  number: number;
  title: string;
  type: string;
  htmlUrl: string;
  repository: { name: string };
  pipelineIssue: { pipeline: { name: string } } | null;
}

describe.each(testEngines())("issue lookups on %s", (engine) => {
  let board: BoardFixture;
  let outsider: TestUser;
  let webAppGhId: number;

  beforeAll(async () => {
    board = await boardWithWebApp(engine);
    outsider = await board.signIn("hubot");
    webAppGhId = board.hub.store.repository("acme", "web-app")?.id ?? 0;
  });
  afterAll(() => board.close());

  const errorOf = (answer: Awaited<ReturnType<typeof gql>>) => ({
    code: answer.errors?.[0]?.extensions?.code,
    message: answer.errors?.[0]?.message,
  });

  it("refuses the signed out", async () => {
    const answer = await gql(board.t, null, BY_INFO, { w: board.workspace, gh: webAppGhId, n: 1 });
    expect(errorOf(answer).code).toBe("UNAUTHENTICATED");
  });

  it("checks its input", async () => {
    const { t, demo, workspace } = board;
    expect(errorOf(await gql(t, demo.token, BY_INFO, { w: workspace, n: 1 }))).toEqual({
      code: "BAD_USER_INPUT",
      message: "Give either repositoryGhId or repositoryId.",
    });
    expect(errorOf(await gql(t, demo.token, BY_INFO, { w: workspace, gh: webAppGhId, n: 0 }))).toEqual({
      code: "BAD_USER_INPUT",
      message: "issueNumber must be 1 or more.",
    });
    expect(errorOf(await gql(t, demo.token, IN_WORKSPACE, { w: workspace, owner: "acme", n: 1 }))).toEqual({
      code: "BAD_USER_INPUT",
      message: "Give both repositoryOwner and repositoryName, or neither.",
    });
  });

  it("finds a GitHub issue by repository id, by name in any case, and in the workspace, with its pipeline", async () => {
    const { t, demo, workspace } = board;
    const byInfo = field<FoundIssue>(
      await gql(t, demo.token, BY_INFO, { w: workspace, gh: webAppGhId, n: 1 }),
      "issueByInfo",
    );
    expect(byInfo).toMatchObject({
      number: 1,
      title: "Checkout button does nothing on Safari 17",
      type: "GithubIssue",
      repository: { name: "web-app" },
      pipelineIssue: { pipeline: { name: "New Issues" } },
    });
    const byName = await gql(t, demo.token, BY_REPOSITORY, { w: workspace, owner: "ACME", name: "Web-App", n: 1 });
    expect(field<FoundIssue>(byName, "repositoryIssue")).toEqual(byInfo);
    const inWorkspace = await gql(t, demo.token, IN_WORKSPACE, { w: workspace, owner: "acme", name: "web-app", n: 1 });
    expect(field<FoundIssue>(inWorkspace, "workspaceIssue")).toEqual(byInfo);
  });

  it("answers NOT_FOUND alike for a missing issue and one the viewer cannot see", async () => {
    const { t, demo, workspace } = board;
    const missing = await gql(t, demo.token, BY_INFO, { w: workspace, gh: webAppGhId, n: 9999 });
    const hidden = await gql(t, outsider.token, BY_REPOSITORY, { w: workspace, owner: "acme", name: "web-app", n: 1 });
    const hiddenById = await gql(t, outsider.token, BY_INFO, { w: workspace, gh: webAppGhId, n: 1 });
    const unknownRepository = await gql(t, demo.token, BY_REPOSITORY, {
      w: workspace,
      owner: "acme",
      name: "nope",
      n: 1,
    });
    for (const answer of [missing, hidden, hiddenById, unknownRepository]) {
      expect(errorOf(answer)).toEqual({ code: "NOT_FOUND", message: "This issue does not exist." });
    }
  });

  it("keeps form 2 to repositories connected to the workspace, and the workspace to its readers", async () => {
    const { t, demo, workspace } = board;
    const notConnected = await gql(t, demo.token, IN_WORKSPACE, { w: workspace, owner: "acme", name: "api", n: 1 });
    expect(errorOf(notConnected)).toEqual({ code: "NOT_FOUND", message: "This issue does not exist." });
    const outsiders = await gql(t, outsider.token, IN_WORKSPACE, {
      w: workspace,
      owner: "acme",
      name: "web-app",
      n: 1,
    });
    expect(errorOf(outsiders).code).toBe("FORBIDDEN");
  });

  it("finds a native issue by workspace and number, with Gantry's page as its address", async () => {
    const { t, demo, workspace } = board;
    const workspaceId = decodeGlobalID(workspace).id;
    const [repository] = await t.database.db
      .insert(schema.repositories)
      .values({ nativeWorkspaceId: workspaceId, ownerLogin: "gantry", name: "native", htmlUrl: "" })
      .returning();
    const now = new Date();
    await t.database.db.insert(schema.issues).values({
      repositoryId: repository?.id ?? "",
      number: 1,
      title: "Plan the offsite",
      state: "open",
      ghCreatedAt: now,
      ghUpdatedAt: now,
    });
    const native = field<FoundIssue>(await gql(t, demo.token, IN_WORKSPACE, { w: workspace, n: 1 }), "workspaceIssue");
    expect(native).toMatchObject({ title: "Plan the offsite", type: "GantryIssue", pipelineIssue: null });
    expect(new URL(native.htmlUrl).pathname).toBe(nativeIssuePath(workspace, 1));
    const missing = await gql(t, demo.token, IN_WORKSPACE, { w: workspace, n: 2 });
    expect(errorOf(missing)).toEqual({ code: "NOT_FOUND", message: "This issue does not exist." });
  });
});
