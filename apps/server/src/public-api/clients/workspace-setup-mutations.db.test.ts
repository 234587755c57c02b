import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { decodeGlobalID } from "@pothos/plugin-relay";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/app.js";
import { createOrganization, errorOf, type GraphQLAnswer } from "../../testing/factories.js";
import { type WorkspaceIssues, workspaceWithIssues } from "../../testing/workspace-issues.js";
import { ZENHUB_GRAPHQL_PATH } from "../route.js";
import { createKey, placeFixtureIssues, publicGql } from "../testing.js";

// Setting a workspace up as ZenHub scripts write it, against /public/zenhub/graphql (decision 0094).

const REPOSITORIES = `
fragment Times on Timestamps { createdAt updatedAt }
query WorkspaceSetup($workspaceId: ID!) {
  workspace(id: $workspaceId) {
    defaultRepository { id ghId name }
    repositories { id ghId name }
    repositoriesConnection(first: 20) { totalCount nodes { ... on Node { id } ghId name } }
    pipelinesConnection(first: 20) { nodes { name ...Times } }
  }
}`;

const DISCONNECT = `
mutation DisconnectRepository($input: DisconnectWorkspaceRepositoryInput!) {
  disconnectWorkspaceRepository(input: $input) { clientMutationId workspace { id repositories { ghId } } }
}`;

const UPDATE_WORKSPACE = `
mutation UpdateWorkspace($input: UpdateWorkspaceInput!) {
  updateWorkspace(input: $input) { workspace { name defaultRepository { ghId } } }
}`;

const CREATE_RELEASE = `
mutation CreateRelease($workspaceId: ID!, $release: ReleaseCreateInput!) {
  createRelease(input: { workspaceId: $workspaceId, release: $release }) {
    release { title repositories(first: 10) { nodes { ghId } } }
  }
}`;

const CREATE_ISSUE = `
mutation CreateIssue($input: CreateIssueInput!) {
  createIssue(input: $input) { issue { title labels(first: 10) { nodes { name color } } assignees(first: 10) { nodes { login } } } }
}`;

const CREATE_EPIC = `
mutation CreateEpic($input: CreateZenhubEpicInput!) {
  createZenhubEpic(input: $input) { zenhubEpic { title } }
}`;

describe.each(testEngines())("workspace setup mutations from a ZenHub-shaped script, on %s", (engine) => {
  let t: TestApp;
  let w: WorkspaceIssues;
  let ownerKey: string;
  let viewerKey: string;
  let gitHubGhId: number;
  let gitHubRepositoryId: string;
  const uuid = (globalId: string) => decodeGlobalID(globalId).id;

  const call = (key: string, query: string, variables: Record<string, unknown>): Promise<GraphQLAnswer> =>
    publicGql(t, key, query, variables, ZENHUB_GRAPHQL_PATH);
  const data = async (key: string, query: string, variables: Record<string, unknown>) => {
    const answer = await call(key, query, variables);
    expect(answer.errors).toBeUndefined();
    return answer.data as Record<string, Record<string, unknown>>;
  };
  type Repo = { id: string; ghId: number; name: string };
  const setup = async () =>
    (await data(ownerKey, REPOSITORIES, { workspaceId: w.workspace })).workspace as {
      defaultRepository: Repo;
      repositories: Repo[];
      repositoriesConnection: { totalCount: number; nodes: Repo[] };
      pipelinesConnection: { nodes: { name: string; createdAt: string | null; updatedAt: string | null }[] };
    };
  const rows = async (table: typeof schema.releases | typeof schema.issues | typeof schema.gantryEpics) =>
    (await t.database.db.select({ n: count() }).from(table))[0]?.n;
  const gantryRepository = async () => {
    const repositories = (await setup()).repositories;
    const gantry = repositories.find((repository) => repository.ghId < 0);
    if (!gantry) throw new Error("the workspace has no Gantry repository");
    return gantry;
  };

  beforeAll(async () => {
    t = await createTestApp({ REQUIRE_EMAIL_VERIFICATION: "false", AUTH_RATE_LIMIT_PER_MINUTE: "10000" }, { engine });
    w = await workspaceWithIssues(t, { native: 1, gitHub: 2 });
    const [issue] = await t.database.db
      .select()
      .from(schema.issues)
      .where(eq(schema.issues.id, uuid(w.gitHub[0] as string)));
    gitHubRepositoryId = issue?.repositoryId as string;
    const [repository] = await t.database.db
      .select()
      .from(schema.repositories)
      .where(eq(schema.repositories.id, gitHubRepositoryId));
    gitHubGhId = Number(repository?.ghId);
    await placeFixtureIssues(t, w.gitHub[0] as string);
    ownerKey = (await createKey(t, w.owner)).secret;
    viewerKey = (await createKey(t, w.viewer)).secret;
  });

  afterAll(async () => {
    await t.close();
  });

  it("gives every repository a ghId and every pipeline, Closed too, its times", async () => {
    const workspace = await setup();
    // The connection a script pages holds the same repositories as the list, as Repository nodes with their ids.
    expect(workspace.repositoriesConnection.nodes).toEqual(workspace.repositories);
    expect(workspace.repositoriesConnection.totalCount).toBe(workspace.repositories.length);
    const ghIds = workspace.repositories.map((repository) => repository.ghId);
    expect(ghIds).toContain(gitHubGhId);
    // The Gantry repository, which GitHub does not number, answers a negative number of its own.
    expect(ghIds.filter((ghId) => ghId < 0)).toHaveLength(1);
    expect(workspace.defaultRepository.ghId).toBeLessThan(0);
    for (const pipeline of workspace.pipelinesConnection.nodes) {
      expect(Date.parse(pipeline.createdAt ?? "")).not.toBeNaN();
      expect(Date.parse(pipeline.updatedAt ?? "")).not.toBeNaN();
    }
    const closed = await data(
      ownerKey,
      `query ($id: ID!) { workspace(id: $id) { pipelines(includeClosed: true) { name ... on Timestamps { createdAt updatedAt } } } }`,
      { id: w.workspace },
    );
    const pipelines = (closed.workspace as { pipelines: { name: string; createdAt: string }[] }).pipelines;
    expect(pipelines.at(-1)?.name).toBe("Closed");
    expect(Date.parse(pipelines.at(-1)?.createdAt ?? "")).not.toBeNaN();
  });

  it("sets the default repository by ghId, and changes nothing when the repository is not the workspace's", async () => {
    const refused = await call(ownerKey, UPDATE_WORKSPACE, {
      input: { workspaceId: w.workspace, name: "Renamed", defaultRepositoryGhId: 987_654_321 },
    });
    expect(errorOf(refused).message).toMatch(/not connected to this workspace/);
    expect((await setup()).defaultRepository.ghId).toBeLessThan(0);
    const renamed = await data(ownerKey, `query ($id: ID!) { workspace(id: $id) { name } }`, { id: w.workspace });
    expect((renamed.workspace as { name: string }).name).not.toBe("Renamed");

    const viewer = await call(viewerKey, UPDATE_WORKSPACE, {
      input: { workspaceId: w.workspace, name: "Mine", defaultRepositoryGhId: gitHubGhId },
    });
    expect(viewer.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");

    const chosen = await data(ownerKey, UPDATE_WORKSPACE, {
      input: { workspaceId: w.workspace, name: "Setup", defaultRepositoryGhId: gitHubGhId },
    });
    expect(chosen.updateWorkspace).toEqual({ workspace: { name: "Setup", defaultRepository: { ghId: gitHubGhId } } });

    const savedView = await call(ownerKey, UPDATE_WORKSPACE, {
      input: { workspaceId: w.workspace, name: "Setup", defaultSavedViewId: "view" },
    });
    expect(errorOf(savedView).message).toMatch(/default saved view is a ZenHub concept/);
  });

  it("creates a release for repositories by ghId, or no release at all", async () => {
    const gantry = await gantryRepository();
    const before = await rows(schema.releases);
    const refused = await call(ownerKey, CREATE_RELEASE, {
      workspaceId: w.workspace,
      release: { title: "1.0", startOn: "2026-12-01", endOn: "2026-12-31", repositoryGhIds: [gitHubGhId, 42] },
    });
    expect(errorOf(refused).message).toMatch(/Repository 42 is not connected/);
    expect(await rows(schema.releases)).toBe(before);

    const made = await data(ownerKey, CREATE_RELEASE, {
      workspaceId: w.workspace,
      release: { title: "1.0", startOn: "2026-12-01", endOn: "2026-12-31", repositoryGhIds: [gitHubGhId, gantry.ghId] },
    });
    const release = (made.createRelease as { release: { title: string; repositories: { nodes: { ghId: number }[] } } })
      .release;
    expect(release.repositories.nodes.map((node) => node.ghId).sort((a, b) => a - b)).toEqual(
      [gantry.ghId, gitHubGhId].sort((a, b) => a - b),
    );
  });

  it("creates a Gantry issue with labels by label info and assignees by Zenhub user id, or none", async () => {
    const gantry = await gantryRepository();
    const ownerId = (await data(ownerKey, `{ viewer { id } }`, {}).then((answer) => answer.viewer as { id: string }))
      .id;
    const before = await rows(schema.issues);
    const notConnected = await call(ownerKey, CREATE_ISSUE, {
      input: { repositoryId: gantry.id, title: "Set up CI", zenhubAssigneeIds: [ownerId] },
    });
    expect(errorOf(notConnected).message).toMatch(/has not connected GitHub/);
    const badColour = await call(ownerKey, CREATE_ISSUE, {
      input: { repositoryId: gantry.id, title: "Set up CI", zenhubLabelInfos: [{ name: "ci", color: "blue" }] },
    });
    expect(errorOf(badColour).message).toMatch(/six hex digits/);
    expect(await rows(schema.issues)).toBe(before);

    await t.database.db
      .insert(schema.githubAccounts)
      .values({ userId: w.owner.userId, ghId: 4242, login: "owner-gh", encryptedToken: "unused" });
    const made = await data(ownerKey, CREATE_ISSUE, {
      input: {
        repositoryId: gantry.id,
        title: "Set up CI",
        labels: ["infra"],
        zenhubLabelInfos: [{ name: "ci", color: "#0E8A16" }],
        zenhubAssigneeIds: [ownerId],
      },
    });
    expect(made.createIssue).toEqual({
      issue: {
        title: "Set up CI",
        labels: {
          nodes: expect.arrayContaining([
            { name: "zh-ci", color: "0e8a16" },
            { name: "zh-infra", color: "" },
          ]),
        },
        assignees: { nodes: [{ login: "owner-gh" }] },
      },
    });
  });

  it("creates a Zenhub epic by organisation and Zenhub repository, refusing a viewer and another organisation", async () => {
    const gantry = await gantryRepository();
    const input = { zenhubOrganizationId: w.organization, zenhubRepositoryId: gantry.id, zenhubEpic: { title: "Q1" } };
    const before = await rows(schema.gantryEpics);
    const viewer = await call(viewerKey, CREATE_EPIC, { input });
    expect(viewer.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const otherOrganization = await createOrganization(t, w.owner);
    const otherOrg = await call(ownerKey, CREATE_EPIC, {
      input: { ...input, zenhubOrganizationId: otherOrganization },
    });
    expect(errorOf(otherOrg).message).toMatch(/belongs to another organisation/);
    const noWorkspace = await call(ownerKey, CREATE_EPIC, {
      input: { zenhubOrganizationId: w.organization, zenhubEpic: { title: "Q1" } },
    });
    expect(errorOf(noWorkspace).message).toMatch(/Name the epic's workspace/);
    expect(await rows(schema.gantryEpics)).toBe(before);

    const made = await data(ownerKey, CREATE_EPIC, { input });
    expect(made.createZenhubEpic).toEqual({ zenhubEpic: { title: "Q1" } });
    const epics = await data(
      ownerKey,
      `query ($id: ID!) { workspace(id: $id) { zenhubEpics(first: 10) { nodes { title } } } }`,
      {
        id: w.workspace,
      },
    );
    expect((epics.workspace as { zenhubEpics: { nodes: { title: string }[] } }).zenhubEpics.nodes).toContainEqual({
      title: "Q1",
    });
  });

  it("disconnects a repository: editors only, its issues leave the board, the Gantry repository stays", async () => {
    const gantry = await gantryRepository();
    const onBoard = async () =>
      (
        await t.database.db
          .select({ n: count() })
          .from(schema.issuePositions)
          .innerJoin(schema.issues, eq(schema.issues.id, schema.issuePositions.issueId))
          .where(eq(schema.issues.repositoryId, gitHubRepositoryId))
      )[0]?.n;
    const placed = await onBoard();
    expect(placed).toBeGreaterThan(0);

    const viewer = await call(viewerKey, DISCONNECT, {
      input: { workspaceId: w.workspace, repositoryGhId: gitHubGhId },
    });
    expect(viewer.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect(await onBoard()).toBe(placed);

    const own = await call(ownerKey, DISCONNECT, { input: { workspaceId: w.workspace, repositoryGhId: gantry.ghId } });
    expect(errorOf(own).message).toMatch(/Gantry repository is its own/);
    const unknown = await call(ownerKey, DISCONNECT, { input: { workspaceId: w.workspace, repositoryGhId: 42 } });
    expect(errorOf(unknown).message).toMatch(/not connected to this workspace/);

    const done = await data(ownerKey, DISCONNECT, {
      input: { clientMutationId: "setup-1", workspaceId: w.workspace, repositoryGhId: gitHubGhId },
    });
    expect(done.disconnectWorkspaceRepository).toEqual({
      clientMutationId: "setup-1",
      workspace: { id: w.workspace, repositories: [{ ghId: gantry.ghId }] },
    });
    expect(await onBoard()).toBe(0);
    // The default repository it was goes back to the Gantry repository.
    expect((await setup()).defaultRepository.ghId).toBe(gantry.ghId);
  });
});
