import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { DEFAULT_ESTIMATE_SET } from "@gantry/domain";
import { referenceSchema } from "@gantry/zenhub-stand-in/stand-in";
import { decodeGlobalID, encodeGlobalID } from "@pothos/plugin-relay";
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { type GraphQLSchema, parse, validate } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/app.js";
import {
  addMember,
  field,
  type GraphQLAnswer,
  gantryRepositoryOf,
  grantWorkspace,
  signUpUser,
} from "../../testing/factories.js";
import { type GantryWithHub, gantryWithHub } from "../../testing/hub.js";
import { type WorkspaceIssues, workspaceWithIssues } from "../../testing/workspace-issues.js";
import { ZENHUB_GRAPHQL_PATH } from "../route.js";
import { createKey, placeFixtureIssues, publicGql, servedSchema, weeklySprints } from "../testing.js";
import { gantryNamed, ZENHUB_OPERATIONS, type ZenhubOperationName } from "./zenhub-operations.js";

/**
 * The operations Gantry does not validate yet, with what is missing (docs/api/compatibility.md).
 * The test below fails when one of them starts validating, so the list is always the true gap.
 */
const NOT_YET_VALID: Partial<Record<ZenhubOperationName, string>> = {};

const operationNames = Object.keys(ZENHUB_OPERATIONS) as ZenhubOperationName[];

/** The two endpoints: Gantry's names at /public/graphql, the reference's at /public/zenhub/graphql. */
const VIEWS = ["gantry", "zenhub"] as const;
type View = (typeof VIEWS)[number];

describe("operations shaped like public ZenHub clients", () => {
  it("are valid against the reference schema itself", () => {
    const reference = referenceSchema();
    for (const name of operationNames) {
      expect([name, validate(reference, parse(ZENHUB_OPERATIONS[name])).map((e) => e.message)]).toEqual([name, []]);
    }
  });
});

describe.each(testEngines())("a ZenHub client renamed for Gantry, on %s", (engine) => {
  let t: TestApp;
  let w: WorkspaceIssues;
  let secret: string;
  let served: GraphQLSchema;
  let servedZenhubView: GraphQLSchema;
  let repositoryGhId: number;
  const run = async <T = Record<string, unknown>>(
    operation: ZenhubOperationName,
    variables: Record<string, unknown> = {},
    view: View = "gantry",
  ): Promise<T> => {
    const answer: GraphQLAnswer =
      view === "gantry"
        ? await publicGql(t, secret, gantryNamed(ZENHUB_OPERATIONS[operation]), variables)
        : await publicGql(t, secret, ZENHUB_OPERATIONS[operation], variables, ZENHUB_GRAPHQL_PATH);
    expect(answer.errors).toBeUndefined();
    return answer.data as T;
  };

  beforeAll(async () => {
    t = await createTestApp({ REQUIRE_EMAIL_VERIFICATION: "false", AUTH_RATE_LIMIT_PER_MINUTE: "10000" }, { engine });
    w = await workspaceWithIssues(t, { native: 3, gitHub: 2 });
    await placeFixtureIssues(t, w.gitHub[0] as string);
    // As an import stores them: GitHub's page for each issue.
    await t.database.db
      .update(schema.issues)
      .set({ htmlUrl: sql`'https://github.test/acme/issues/' || ${schema.issues.number}` })
      .where(and(isNotNull(schema.issues.ghId), isNull(schema.issues.htmlUrl)));
    await weeklySprints(t, w.owner, w.workspace);
    secret = (await createKey(t, w.owner, "zenhub client")).secret;
    served = await servedSchema(t, secret);
    servedZenhubView = await servedSchema(t, secret, ZENHUB_GRAPHQL_PATH);
    const issue = await publicGql(
      t,
      secret,
      "query ($id: ID!) { node(id: $id) { ... on Issue { repository { ghId } } } }",
      {
        id: w.gitHub[0],
      },
    );
    repositoryGhId = field<{ repository: { ghId: number } }>(issue, "node").repository.ghId;
    // Two introspections of the whole reference surface and a migrated database: slow on a loaded machine.
  }, 240_000);
  afterAll(() => t.close());
  // Someone in no organisation, with one key for every test below that needs it (a person has at most five).
  let outsiderKey: string | undefined;
  const outsiderSecret = async () => {
    outsiderKey ??= (await createKey(t, w.outsider)).secret;
    return outsiderKey;
  };
  let viewerKey: string | undefined;
  const viewerSecret = async () => {
    viewerKey ??= (await createKey(t, w.viewer)).secret;
    return viewerKey;
  };

  it("validates every operation but the ones listed as not yet offered", () => {
    const invalid = Object.fromEntries(
      operationNames
        .map(
          (name) =>
            [name, validate(served, parse(gantryNamed(ZENHUB_OPERATIONS[name]))).map((e) => e.message)] as const,
        )
        .filter(([, errors]) => errors.length > 0),
    );
    expect(Object.keys(invalid).sort()).toEqual(Object.keys(NOT_YET_VALID).sort());
  });

  it("validates every operation unchanged, in ZenHub's own names, against /public/zenhub/graphql", () => {
    const invalid = operationNames
      .map((name) => [name, validate(servedZenhubView, parse(ZENHUB_OPERATIONS[name])).map((e) => e.message)] as const)
      .filter(([, errors]) => errors.length > 0);
    expect(invalid).toEqual(
      operationNames.filter((name) => name in NOT_YET_VALID).map((name) => [name, expect.anything()]),
    );
  });

  it.each(VIEWS)(
    "lists pipelines, pages issues by pipeline, moves and estimates an issue, and reads it back by node (%s names)",
    async (view) => {
      const board = await run<{ workspace: { pipelinesConnection: { totalCount: number; nodes: { id: string }[] } } }>(
        "workspacePipelines",
        { workspaceId: w.workspace },
        view,
      );
      const [first, second] = board.workspace.pipelinesConnection.nodes;
      expect(board.workspace.pipelinesConnection.totalCount).toBeGreaterThan(1);

      // A client's paging loop: two issues a page until hasNextPage is false.
      const numbers: number[] = [];
      let after: string | null = null;
      for (let page = 0; page < 10; page++) {
        const data: {
          searchIssuesByPipeline: {
            pageInfo: { hasNextPage: boolean; endCursor: string };
            nodes: { number: number }[];
          };
        } = await run("issuesByPipeline", { workspaceId: w.workspace, pipelineId: first?.id, first: 2, after }, view);
        numbers.push(...data.searchIssuesByPipeline.nodes.map((issue) => issue.number));
        if (!data.searchIssuesByPipeline.pageInfo.hasNextPage) break;
        after = data.searchIssuesByPipeline.pageInfo.endCursor;
      }
      expect(numbers.sort((a, b) => a - b)).toEqual([1, 2, 3, 101, 102]);

      const moved = await run<{ moveIssue: { clientMutationId: string; issue: { number: number } } }>(
        "moveIssue",
        {
          issueId: w.gitHub[0],
          pipelineId: second?.id,
          position: 0,
        },
        view,
      );
      expect(moved.moveIssue).toEqual({ clientMutationId: "move-1", issue: { id: w.gitHub[0], number: 101 } });
      await run("setEstimate", { issueId: w.gitHub[0], value: 3 }, view);

      const read = await run<{ node: Record<string, unknown> }>(
        "issueNode",
        {
          workspaceId: w.workspace,
          id: w.gitHub[0],
        },
        view,
      );
      expect(read.node).toMatchObject({
        __typename: "Issue",
        number: 101,
        ghId: expect.any(Number),
        repository: { ghId: repositoryGhId, ownerName: "acme" },
        estimate: { value: 3 },
        pipelineIssue: { pipeline: { id: second?.id } },
      });
      // Back where it was, for the same script on the other endpoint.
      await run("moveIssue", { issueId: w.gitHub[0], pipelineId: first?.id, position: 0 }, view);
    },
  );

  it.each(VIEWS)("reads an issue's labels and assignees as connections, paged (%s names)", async (view) => {
    await t.database.db
      .update(schema.issues)
      .set({
        labels: [
          { name: "bug", color: "d73a4a" },
          { name: "p1", color: "b60205" },
          { name: "ui", color: "0e8a16" },
        ],
        assignees: [{ login: "octocat", avatarUrl: "https://avatars.example/octocat" }],
      })
      .where(eq(schema.issues.id, decodeGlobalID(w.gitHub[1] as string).id));
    const byInfo = await run<{
      issueByInfo: { number: number; labels: { nodes: unknown[] }; assignees: { nodes: unknown[] } };
    }>("issueByInfo", { workspaceId: w.workspace, repositoryGhId, issueNumber: 102 }, view);
    expect(byInfo.issueByInfo).toMatchObject({
      number: 102,
      labels: { nodes: [{ name: "bug", color: "d73a4a" }, { name: "p1" }, { name: "ui" }] },
      assignees: { nodes: [{ id: expect.any(String), login: "octocat" }] },
    });
    const page = await publicGql(
      t,
      secret,
      `query ($id: ID!) { node(id: $id) { ... on Issue { labels(first: 2) { totalCount pageInfo { hasNextPage endCursor } edges { node { name } } } } } }`,
      { id: w.gitHub[1] },
      view === "gantry" ? undefined : ZENHUB_GRAPHQL_PATH,
    );
    const labels = field<{ labels: { totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string } } }>(
      page,
      "node",
    ).labels;
    expect(labels).toMatchObject({
      totalCount: 3,
      pageInfo: { hasNextPage: true },
      edges: [{ node: { name: "bug" } }, { node: { name: "p1" } }],
    });
    const rest = await publicGql(
      t,
      secret,
      `query ($id: ID!, $after: String) { node(id: $id) { ... on Issue { labels(first: 2, after: $after) { pageInfo { hasNextPage } nodes { name } } } } }`,
      { id: w.gitHub[1], after: labels.pageInfo.endCursor },
      view === "gantry" ? undefined : ZENHUB_GRAPHQL_PATH,
    );
    expect(field(rest, "node")).toEqual({ labels: { pageInfo: { hasNextPage: false }, nodes: [{ name: "ui" }] } });
  });

  it("answers ZenHub's type names on the ZenHub view: __typename, epics and users", async () => {
    const answer = await publicGql(
      t,
      secret,
      `query ($workspaceId: ID!) { viewer { __typename id } workspace(id: $workspaceId) { zenhubEpics(first: 5) { nodes { __typename id } } } }`,
      { workspaceId: w.workspace },
      ZENHUB_GRAPHQL_PATH,
    );
    expect(answer.errors).toBeUndefined();
    expect(field<{ __typename: string }>(answer, "viewer").__typename).toBe("ZenhubUser");
  });

  it.each(VIEWS)("says where an issue is and who is in the workspace (%s names)", async (view) => {
    const data = await run<{ node: { zenhubUrl?: string; gantryUrl?: string; pipelineIssues: unknown } }>(
      "issueWhereabouts",
      { id: w.gitHub[1], workspaceId: w.workspace },
      view,
    );
    const url = view === "gantry" ? data.node.gantryUrl : data.node.zenhubUrl;
    expect(url).toBe(
      `http://localhost:3000/workspaces/${encodeURIComponent(w.workspace)}/issues/acme/${w.gitHubRepository.name}/102`,
    );
    expect(data.node).toMatchObject({
      ghCreatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      pipelineIssues: { nodes: [{ pipeline: { id: expect.any(String), name: expect.any(String) } }] },
    });
    const usersField = view === "gantry" ? "gantryUsers" : "zenhubUsers";
    const everyone = await run<{ workspace: Record<string, { totalCount: number }> }>(
      "workspaceUsers",
      { workspaceId: w.workspace },
      view,
    );
    expect(everyone.workspace[usersField]?.totalCount).toBeGreaterThan(0);
    const nobody = await run<{ workspace: Record<string, { totalCount: number }> }>(
      "workspaceUsers",
      { workspaceId: w.workspace, query: "no such person" },
      view,
    );
    expect(nobody.workspace[usersField]).toEqual({ totalCount: 0, nodes: [] });
  });

  it.each(VIEWS)("reads a pipeline's issues, neighbour and board, as a report script does (%s names)", async (view) => {
    const board = await run<{ workspace: { pipelinesConnection: { nodes: { id: string }[] } } }>(
      "workspacePipelines",
      { workspaceId: w.workspace },
      view,
    );
    const [first, second] = board.workspace.pipelinesConnection.nodes;
    await run("setEstimate", { issueId: w.native[0], value: 2 }, view);
    const read = async (id: string | undefined, variables: Record<string, unknown> = {}) =>
      (await run<{ node: Record<string, unknown> }>("pipelineWithIssues", { id, first: 10, ...variables }, view)).node;
    const firstPipeline = await read(first?.id);
    expect(firstPipeline).toMatchObject({
      id: first?.id,
      hasEstimatedIssues: true,
      isDefaultPRPipeline: true,
      itemBefore: null,
      workspace: { id: w.workspace, hasEstimatedIssues: true },
    });
    const issues = firstPipeline.issues as { totalCount: number; nodes: { number: number }[] };
    expect(issues.totalCount).toBe(issues.nodes.length);
    expect(issues.nodes.map((issue) => issue.number).sort((a, b) => a - b)).toEqual([1, 2, 3, 101, 102]);
    expect(await read(second?.id)).toMatchObject({
      hasEstimatedIssues: false,
      isDefaultPRPipeline: false,
      itemBefore: { id: first?.id },
      issues: { totalCount: 0, nodes: [] },
    });
    expect((await read(first?.id, { state: "CLOSED" })).issues).toEqual({ totalCount: 0, nodes: [] });
  });

  it("finds pipelines and sprints by node id, as a script does with the ids it kept", async () => {
    const board = await run<{ workspace: { pipelinesConnection: { nodes: { id: string; name: string }[] } } }>(
      "workspacePipelines",
      { workspaceId: w.workspace },
    );
    const pipeline = board.workspace.pipelinesConnection.nodes[0];
    expect((await run("pipelineNode", { id: pipeline?.id })).node).toEqual({ id: pipeline?.id, name: pipeline?.name });

    const { workspace } = await run<{ workspace: { sprints: { nodes: { id: string; name: string }[] } } }>("sprints", {
      workspaceId: w.workspace,
    });
    const sprint = workspace.sprints.nodes[0];
    expect((await run("sprintNode", { id: sprint?.id })).node).toMatchObject({ id: sprint?.id, state: "OPEN" });

    const outsider = (await createKey(t, w.outsider)).secret;
    const hidden = await publicGql(t, outsider, gantryNamed(ZENHUB_OPERATIONS.sprintNode), { id: sprint?.id });
    expect(hidden).toEqual({ data: { node: null } });
  });

  it("files an issue, groups it in an epic read back by node, adds it to a sprint, closes and reopens it", async () => {
    const repositoryId = await gantryRepositoryId();
    const created = await run<{ createIssue: { issue: { id: string; number: number } } }>("createIssue", {
      repositoryId,
      title: "Filed by a ZenHub script",
      body: "From CI",
    });
    const issue = created.createIssue.issue;
    expect(issue.number).toBe(4);

    const epic = field<{ gantryEpic: { id: string } }>(
      await publicGql(
        t,
        secret,
        `mutation ($workspaceId: ID!) { createGantryEpic(input: { workspaceId: $workspaceId, gantryEpic: { title: "Launch" } }) { gantryEpic { id } } }`,
        { workspaceId: w.workspace },
      ),
      "createGantryEpic",
    ).gantryEpic;
    await run("addIssuesToEpics", { issueIds: [issue.id], gantryEpicIds: [epic.id] });
    const epics = await run<{ workspace: { gantryEpics: { nodes: { id: string; state: string }[] } } }>(
      "workspaceEpics",
      { workspaceId: w.workspace, first: 10 },
    );
    expect(epics.workspace.gantryEpics.nodes).toMatchObject([{ id: epic.id, state: "OPEN" }]);
    for (const state of ["TODO", "IN_PROGRESS"]) {
      const updated = await run("updateEpicState", { zenhubEpicId: epic.id, state }, "zenhub");
      expect(updated).toEqual({ updateZenhubEpicState: { zenhubEpic: { id: epic.id, state } } });
    }
    const bad = await publicGql(
      t,
      secret,
      ZENHUB_OPERATIONS.updateEpicState,
      { zenhubEpicId: epic.id, state: "DONE" },
      ZENHUB_GRAPHQL_PATH,
    );
    expect(bad.errors?.[0]?.message).toMatch(/Value "DONE" does not exist in "ZenhubEpicState" enum/);
    const epicNode = await run<{ node: unknown }>("epicNode", { id: epic.id, workspaceId: w.workspace });
    expect(epicNode.node).toMatchObject({
      id: epic.id,
      title: "Launch",
      childIssues: { totalCount: 1, nodes: [{ id: issue.id, number: 4 }] },
    });

    const sprints = await run<{
      workspace: { activeSprint: { id: string } | null; sprints: { nodes: { id: string }[] } };
    }>("sprints", { workspaceId: w.workspace });
    const sprintId = sprints.workspace.sprints.nodes[0]?.id;
    const added = await run<{ addIssuesToSprints: { sprintIssues: unknown[] } }>("addIssuesToSprints", {
      issueIds: [issue.id],
      sprintIds: [sprintId],
    });
    expect(added.addIssuesToSprints.sprintIssues).toMatchObject([
      { issue: { id: issue.id, number: 4 }, sprint: { id: sprintId } },
    ]);

    expect((await run("closeIssues", { issueIds: [issue.id] })).closeIssues).toEqual({ successCount: 1 });
    const board = await run<{ workspace: { pipelinesConnection: { nodes: { id: string }[] } } }>("workspacePipelines", {
      workspaceId: w.workspace,
    });
    const last = board.workspace.pipelinesConnection.nodes.at(-1);
    expect((await run("reopenIssues", { issueIds: [issue.id], pipelineId: last?.id })).reopenIssues).toEqual({
      successCount: 1,
    });
    const reopened = await run<{ node: unknown }>("issueNode", { workspaceId: w.workspace, id: issue.id });
    expect(reopened.node).toMatchObject({ state: "OPEN", pipelineIssue: { pipeline: { id: last?.id } } });
  });

  it("finds workspaces by name and repositories by GitHub id, leaving out what the key's owner cannot read", async () => {
    const search = async (query: string) =>
      (
        await run<{ viewer: { searchWorkspaces: { totalCount: number; nodes: { id: string }[] } } }>("listWorkspaces", {
          query,
          first: 10,
        })
      ).viewer.searchWorkspaces;
    expect(await search("")).toMatchObject({ totalCount: 1, nodes: [{ id: w.workspace }] });
    const { workspace } = await run<{ workspace: { name: string } }>("workspacePipelines", {
      workspaceId: w.workspace,
    });
    expect((await search(workspace.name.slice(1, 4).toUpperCase())).nodes).toEqual([
      expect.objectContaining({ id: w.workspace }),
    ]);
    expect(await search("no such workspace")).toMatchObject({ totalCount: 0, nodes: [] });

    const found = await run<{ repositoriesByGhId: unknown[] }>("repositoriesByGhId", { ghIds: [repositoryGhId, 7] });
    expect(found.repositoriesByGhId).toEqual([
      { id: expect.any(String), ghId: repositoryGhId, name: w.gitHubRepository.name, ownerName: "acme" },
    ]);
    const outsider = (await createKey(t, w.outsider)).secret;
    const hidden = await publicGql(t, outsider, gantryNamed(ZENHUB_OPERATIONS.repositoriesByGhId), {
      ghIds: [repositoryGhId],
    });
    expect(hidden).toEqual({ data: { repositoriesByGhId: [] } });
    const tooBig = await publicGql(t, secret, gantryNamed(ZENHUB_OPERATIONS.repositoriesByGhId), {
      ghIds: [2 ** 31],
    });
    expect(tooBig.errors?.[0]?.message).toMatch(/Int cannot represent non 32-bit signed integer value/);
  });

  it("echoes each mutation's clientMutationId, by alias and from variables, and refuses reopening into Closed", async () => {
    const answer = await publicGql(
      t,
      secret,
      `mutation Estimates($a: SetEstimateInput!, $b: SetEstimateInput!) {
        first: setEstimate(input: $a) { ...Echo }
        second: setEstimate(input: $b) { ...Echo }
      }
      fragment Echo on SetEstimatePayload { clientMutationId issue { estimate { value } } }`,
      {
        a: { issueId: w.native[1], value: 1, clientMutationId: "a-1" },
        b: { issueId: w.native[2], value: 2 },
      },
    );
    expect(answer).toEqual({
      data: {
        first: { clientMutationId: "a-1", issue: { estimate: { value: 1 } } },
        second: { clientMutationId: null, issue: { estimate: { value: 2 } } },
      },
    });

    // closeIssues' own input has no clientMutationId: the field is added for every mutation and answered back.
    const closed = await publicGql(
      t,
      secret,
      `mutation ($ids: [ID!]!) { closeIssues(input: { issueIds: $ids, clientMutationId: "close-1" }) { clientMutationId successCount } }`,
      { ids: [w.native[1]] },
    );
    expect(closed).toEqual({ data: { closeIssues: { clientMutationId: "close-1", successCount: 1 } } });

    const refused = await publicGql(t, secret, gantryNamed(ZENHUB_OPERATIONS.reopenIssues), {
      issueIds: [w.native[0]],
      pipelineId: "closed--pipeline",
    });
    expect(refused.errors?.[0]).toMatchObject({
      message: "Issues are reopened into an open pipeline, not Closed.",
      extensions: { code: "BAD_USER_INPUT" },
    });
  });

  it("records a blockage between a GitHub issue and a native one", async () => {
    const blocked = await run<{ createBlockage: unknown }>("createBlockage", {
      blocking: w.native[0],
      blocked: w.gitHub[1],
    });
    expect(blocked.createBlockage).toMatchObject({ blockage: { blocking: { number: 1 }, blocked: { number: 102 } } });
  });

  it("reads what blocks an issue and what it blocks as the reference's dependency items, on both endpoints", async () => {
    await run("createBlockage", { blocking: w.native[1], blocked: w.native[2] });
    await run("createBlockage", { blocking: w.gitHub[1], blocked: w.native[2] });
    for (const view of VIEWS) {
      const blocked = await run<{ node: Record<string, unknown> }>(
        "dependencyItems",
        { id: w.native[2], state: "OPEN" },
        view,
      );
      expect(blocked.node).toMatchObject({
        number: 3,
        htmlBody: null,
        ghNodeId: null,
        blockingItems: {
          totalCount: 2,
          nodes: [
            { __typename: "Issue", number: 2 },
            { __typename: "Issue", number: 102 },
          ],
        },
        blockedItems: { totalCount: 0 },
      });
      const blocking = async (state: string) =>
        (await run<{ node: { blockedItems: unknown } }>("dependencyItems", { id: w.native[1], state }, view)).node
          .blockedItems;
      expect(await blocking("OPEN")).toEqual({
        totalCount: 1,
        edges: [{ cursor: expect.any(String), node: { number: 3, state: "OPEN" } }],
      });
      expect(await blocking("CLOSED")).toEqual({ totalCount: 0, edges: [] });
    }
  });

  async function gantryRepositoryId(): Promise<string> {
    const answer = await publicGql(t, secret, "query ($id: ID!) { workspace(id: $id) { gantryRepository { id } } }", {
      id: w.workspace,
    });
    return field<{ gantryRepository: { id: string } }>(answer, "workspace").gantryRepository.id;
  }

  it.each(VIEWS)(
    "filters a pipeline's issues by label and assignee, by login or by id, and their not variants (%s names)",
    async (view) => {
      await t.database.db
        .update(schema.issues)
        .set({
          labels: [{ name: "bug", color: "d73a4a" }],
          assignees: [{ login: "octocat", avatarUrl: "https://avatars.example/octocat" }],
        })
        .where(eq(schema.issues.id, decodeGlobalID(w.gitHub[1] as string).id));
      const board = await run<{ workspace: { pipelinesConnection: { nodes: { id: string }[] } } }>(
        "workspacePipelines",
        { workspaceId: w.workspace },
        view,
      );
      const pipelineId = board.workspace.pipelinesConnection.nodes[0]?.id;
      const numbers = async (filters: Record<string, unknown>) => {
        const data = await run<{ searchIssuesByPipeline: { totalCount: number; nodes: { number: number }[] } }>(
          "issuesByPipelineFiltered",
          { pipelineId, filters },
          view,
        );
        expect(data.searchIssuesByPipeline.totalCount).toBe(data.searchIssuesByPipeline.nodes.length);
        return data.searchIssuesByPipeline.nodes.map((issue) => issue.number).sort((a, b) => a - b);
      };
      // Whatever earlier scripts left in the first pipeline: 102 and others.
      const all = await numbers({});
      const others = all.filter((number) => number !== 102);
      expect(all).toContain(102);
      expect(others.length).toBeGreaterThan(1);
      expect(await numbers({ labels: { in: ["bug"] } })).toEqual([102]);
      expect(await numbers({ labels: { nin: ["bug"] } })).toEqual(others);
      expect(await numbers({ assignees: { in: ["octocat"] } })).toEqual([102]);
      // The id a client read off Issue.assignees filters as its login does.
      const octocat = Buffer.from("User:octocat").toString("base64");
      expect(await numbers({ assigneeIds: { in: [octocat] } })).toEqual([102]);
      expect(await numbers({ assigneeIds: { nin: [octocat] } })).toEqual(others);
      expect(await numbers({ assigneeIds: { notInAny: true } })).toEqual(others);
      expect(await numbers({ matchType: "any", labels: { in: ["bug"] }, displayType: "issues" })).toEqual([102]);

      const bad = await publicGql(t, secret, gantryNamed(ZENHUB_OPERATIONS.issuesByPipelineFiltered), {
        pipelineId,
        filters: { assigneeIds: { in: [w.workspace] } },
      });
      expect(bad.errors?.[0]?.message).toBe("Expected the id of a User.");
    },
  );

  it.each(VIEWS)("searches a workspace's issues within pipelines and repositories (%s names)", async (view) => {
    const board = await run<{ workspace: { pipelinesConnection: { nodes: { id: string }[] } } }>(
      "workspacePipelines",
      { workspaceId: w.workspace },
      view,
    );
    const [first, second] = board.workspace.pipelinesConnection.nodes;
    await run("moveIssue", { issueId: w.gitHub[0], pipelineId: second?.id, position: 0 }, view);
    const search = async (filters: Record<string, unknown>) =>
      (
        await run<{ searchIssues: { totalCount: number; nodes: { number: number }[] } }>(
          "searchIssuesInPipelines",
          { workspaceId: w.workspace, filters },
          view,
        )
      ).searchIssues.nodes
        .map((issue) => issue.number)
        .sort((a, b) => a - b);
    const inPipeline = async (pipelineId: string | undefined) =>
      (
        await run<{ searchIssuesByPipeline: { nodes: { number: number }[] } }>(
          "issuesByPipelineFiltered",
          { pipelineId, filters: {} },
          view,
        )
      ).searchIssuesByPipeline.nodes.map((issue) => issue.number);
    try {
      const inSecond = (await inPipeline(second?.id)).sort((a, b) => a - b);
      expect(inSecond).toContain(101);
      expect(await search({ repositoryIds: [], pipelineIds: [second?.id] })).toEqual(inSecond);
      const inFirst = await inPipeline(first?.id);
      expect(await search({ repositoryIds: [], pipelineIds: [first?.id, second?.id] })).toEqual(
        [...inFirst, ...inSecond].sort((a, b) => a - b),
      );
      // The Gantry repository's issues (numbered below 100) in the first pipeline: not GitHub's 102.
      const repositoryId = await gantryRepositoryId();
      expect(await search({ repositoryIds: [repositoryId], pipelineIds: [first?.id] })).toEqual(
        inFirst.filter((number) => number < 100).sort((a, b) => a - b),
      );
    } finally {
      await run("moveIssue", { issueId: w.gitHub[0], pipelineId: first?.id, position: 0 }, view);
    }
  });

  it("keeps an epic's issues to the workspaces asked for", async () => {
    const epic = field<{ gantryEpic: { id: string } }>(
      await publicGql(
        t,
        secret,
        `mutation ($workspaceId: ID!) { createGantryEpic(input: { workspaceId: $workspaceId, gantryEpic: { title: "Filters" } }) { gantryEpic { id } } }`,
        { workspaceId: w.workspace },
      ),
      "createGantryEpic",
    ).gantryEpic;
    await run("addIssuesToEpics", { issueIds: [w.native[0]], gantryEpicIds: [epic.id] });
    const inWorkspace = await run<{ searchIssuesByZenhubEpics: { nodes: { number: number }[] } }>(
      "issuesOfEpicsInWorkspaces",
      { zenhubEpicIds: [epic.id], filters: { workspaces: { in: [w.workspace] } } },
      "zenhub",
    );
    expect(inWorkspace.searchIssuesByZenhubEpics.nodes).toEqual([{ number: 1 }]);
    const elsewhere = await run<{ searchIssuesByGantryEpics: { nodes: unknown[] } }>("issuesOfEpicsInWorkspaces", {
      gantryEpicIds: [epic.id],
      filters: { workspaces: { nin: [w.workspace] } },
    });
    expect(elsewhere.searchIssuesByGantryEpics.nodes).toEqual([]);
  });

  it.each(VIEWS)("reads ZenHub-only concepts as the reference's empty values (%s names)", async (view) => {
    const data = await run<{ workspace: Record<string, unknown> }>(
      "workspaceProjectsAndKeyDates",
      { workspaceId: w.workspace },
      view,
    );
    expect(data.workspace).toEqual({
      id: w.workspace,
      projects: { totalCount: 0, pageInfo: { hasNextPage: false }, nodes: [] },
      timelineKeyDates: null,
      pipelineToPipelineAutomations: { totalCount: 0, nodes: [] },
    });
  });

  it.each(VIEWS)("refuses a ZenHub-only mutation with the concept named, writing nothing (%s names)", async (view) => {
    const eventsBefore = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(schema.issueEvents);
    const updatedBefore = await t.database.db
      .select({ at: schema.issues.updatedAt })
      .from(schema.issues)
      .where(eq(schema.issues.id, decodeGlobalID(w.native[0] as string).id));
    const answer = await publicGql(
      t,
      secret,
      view === "gantry" ? gantryNamed(ZENHUB_OPERATIONS.createIssueKeyDate) : ZENHUB_OPERATIONS.createIssueKeyDate,
      { issueId: w.native[0], date: "2026-12-01", description: "Launch" },
      view === "gantry" ? undefined : ZENHUB_GRAPHQL_PATH,
    );
    expect(answer.data).toEqual({ createIssueKeyDate: null });
    expect(answer.errors?.[0]?.message).toBe(
      "Key dates are a ZenHub concept Gantry does not have. Nothing was changed.",
    );
    expect(answer.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT" });
    const eventsAfter = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(schema.issueEvents);
    expect(eventsAfter).toEqual(eventsBefore);
    const updatedAfter = await t.database.db
      .select({ at: schema.issues.updatedAt })
      .from(schema.issues)
      .where(eq(schema.issues.id, decodeGlobalID(w.native[0] as string).id));
    expect(updatedAfter).toEqual(updatedBefore);

    // A ZenHub-only input field of a mutation Gantry has is refused when given, before anything is written.
    const updateWithZorg = `mutation ($issueId: ID!, $organizationId: ID!) {
      updateIssue(input: { issueId: $issueId, title: "Renamed", zorgMetadata: { zenhubOrganizationId: $organizationId } }) { issue { title } }
    }`;
    const withZorg = await publicGql(
      t,
      secret,
      view === "gantry" ? gantryNamed(updateWithZorg) : updateWithZorg,
      { issueId: w.native[0], organizationId: w.workspace },
      view === "gantry" ? undefined : ZENHUB_GRAPHQL_PATH,
    );
    expect(withZorg.errors?.[0]?.message).toMatch(
      /^ZenHub's organization issue metadata \(zorg\) is a concept Gantry does not have/,
    );
    const title = await t.database.db
      .select({ title: schema.issues.title })
      .from(schema.issues)
      .where(eq(schema.issues.id, decodeGlobalID(w.native[0] as string).id));
    expect(title[0]?.title).not.toBe("Renamed");
  });

  it("reads GitHub ids as the reference's Int, and says so clearly for one that does not fit", async () => {
    const id = decodeGlobalID(w.gitHub[1] as string).id;
    const [before] = await t.database.db
      .select({ ghId: schema.issues.ghId })
      .from(schema.issues)
      .where(eq(schema.issues.id, id));
    const read = () =>
      publicGql(t, secret, "query ($id: ID!) { node(id: $id) { ... on Issue { number ghId } } }", { id: w.gitHub[1] });
    expect(field<{ ghId: number }>(await read(), "node").ghId).toBe(before?.ghId);
    await t.database.db
      .update(schema.issues)
      .set({ ghId: 2 ** 31 })
      .where(eq(schema.issues.id, id));
    try {
      const tooBig = await read();
      expect(tooBig.errors?.[0]?.message).toMatch(/Int cannot represent non 32-bit signed integer value: 2147483648/);
    } finally {
      await t.database.db.update(schema.issues).set({ ghId: before?.ghId }).where(eq(schema.issues.id, id));
    }
  });

  it.each(VIEWS)(
    "reads a repository's dates, a sprint config's workspace and a release's issue count (%s names)",
    async (view) => {
      if (view === "gantry") {
        const release = field<{ release: { id: string } }>(
          await publicGql(
            t,
            secret,
            `mutation ($workspaceId: ID!) { createRelease(input: { workspaceId: $workspaceId, release: { title: "Counted" } }) { release { id } } }`,
            { workspaceId: w.workspace },
          ),
          "createRelease",
        ).release;
        field(
          await publicGql(
            t,
            secret,
            `mutation ($issueIds: [ID!]!, $releaseIds: [ID!]!) { addIssuesToReleases(input: { issueIds: $issueIds, releaseIds: $releaseIds }) { clientMutationId } }`,
            { issueIds: [w.native[1], w.gitHub[0]], releaseIds: [release.id] },
          ),
          "addIssuesToReleases",
        );
      }
      const data = await run<{
        node: { repository: Record<string, unknown> };
        workspace: { sprintConfig: { workspace: { id: string } }; releases: { nodes: unknown[] } };
      }>("repositoryAndSprintConfig", { workspaceId: w.workspace, issueId: w.gitHub[0] }, view);
      expect(data.node.repository).toMatchObject({
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        isArchived: false,
      });
      expect(data.workspace.sprintConfig.workspace).toEqual({ id: w.workspace });
      expect(data.workspace.releases.nodes).toContainEqual(
        expect.objectContaining({ title: "Counted", issuesCount: 2 }),
      );
    },
  );

  it.each(VIEWS)(
    "names who made a workspace and a native issue, and nobody for a GitHub one (%s names)",
    async (view) => {
      const native = await run<{
        viewer: { id: string };
        workspace: { creator: { id: string } | null };
        node: { creator: { id: string } | null };
      }>("creators", { workspaceId: w.workspace, issueId: w.native[0] }, view);
      expect(native.workspace.creator?.id).toBe(native.viewer.id);
      expect(native.node.creator).toEqual({ id: native.viewer.id });
      const gitHub = await run<{ node: { creator: unknown } }>(
        "creators",
        { workspaceId: w.workspace, issueId: w.gitHub[0] },
        view,
      );
      expect(gitHub.node.creator).toBeNull();
    },
  );

  it.each(VIEWS)(
    "reads issues by the ids it kept, leaving out another's, and a milestone by repository and number (%s names)",
    async (view) => {
      const ids = [w.gitHub[1], w.native[2], w.gitHub[1]];
      const read = await run<{ issues: { number: number }[] }>("issuesByIds", { workspaceId: w.workspace, ids }, view);
      expect(read.issues).toMatchObject([
        { id: w.gitHub[1], number: 102, repository: { ghId: repositoryGhId } },
        { id: w.native[2], number: 3 },
      ]);
      const outsider = await outsiderSecret();
      const url = view === "gantry" ? undefined : ZENHUB_GRAPHQL_PATH;
      const operation = view === "gantry" ? gantryNamed(ZENHUB_OPERATIONS.issuesByIds) : ZENHUB_OPERATIONS.issuesByIds;
      expect(await publicGql(t, outsider, operation, { workspaceId: w.workspace, ids }, url)).toEqual({
        data: { issues: [] },
      });
      const tooMany = await publicGql(
        t,
        secret,
        operation,
        { workspaceId: w.workspace, ids: Array(101).fill(ids[1]) },
        url,
      );
      expect(tooMany.errors?.[0]?.message).toBe("Give at most 100 issue ids.");

      await t.database.db
        .update(schema.issues)
        .set({ milestone: { number: 4, title: "Beta" } })
        .where(eq(schema.issues.id, decodeGlobalID(w.gitHub[0] as string).id));
      const milestone = await run("milestoneByNumber", { repositoryGhId, milestoneNumber: 4 }, view);
      expect(milestone).toEqual({ milestoneByRepoGhIdAndNumber: { number: 4, title: "Beta" } });
      const missing = await publicGql(
        t,
        secret,
        view === "gantry" ? gantryNamed(ZENHUB_OPERATIONS.milestoneByNumber) : ZENHUB_OPERATIONS.milestoneByNumber,
        { repositoryGhId, milestoneNumber: 5 },
        url,
      );
      expect(missing.errors?.[0]).toMatchObject({
        message: "This milestone does not exist.",
        extensions: { code: "NOT_FOUND" },
      });
      const hidden = await publicGql(
        t,
        outsider,
        view === "gantry" ? gantryNamed(ZENHUB_OPERATIONS.milestoneByNumber) : ZENHUB_OPERATIONS.milestoneByNumber,
        { repositoryGhId, milestoneNumber: 4 },
        url,
      );
      expect(hidden.errors?.[0]).toMatchObject({ message: "This repository does not exist." });
    },
  );

  it.each(VIEWS)(
    "pages the pull requests connected to issues, and the issues of a pull request (%s names)",
    async (view) => {
      // As the ZenHub import keeps them: a pull request of the GitHub repository connected to two issues.
      const [pullRequestRow] = await t.database.db
        .insert(schema.issues)
        .values({
          repositoryId: (
            await t.database.db
              .select({ repositoryId: schema.issues.repositoryId })
              .from(schema.issues)
              .where(eq(schema.issues.id, decodeGlobalID(w.gitHub[0] as string).id))
          )[0]?.repositoryId as string,
          ghId: repositoryGhId + (view === "gantry" ? 500 : 501),
          number: view === "gantry" ? 150 : 151,
          title: `Fix (${view})`,
          state: "open",
          isPullRequest: true,
          ghCreatedAt: new Date(),
          ghUpdatedAt: new Date(),
        })
        .returning({ id: schema.issues.id });
      const pullRequest = pullRequestRow?.id as string;
      const workspaceId = decodeGlobalID(w.workspace).id;
      await t.database.db.insert(schema.issuePullRequestConnections).values(
        [w.gitHub[0], w.native[0]].map((issue) => ({
          workspaceId,
          issueId: decodeGlobalID(issue as string).id,
          pullRequestId: pullRequest,
        })),
      );
      type Page = {
        issueConnections: {
          totalCount: number;
          pageInfo: { hasNextPage: boolean; endCursor: string };
          edges: { node: { number: number; pullRequest: boolean } }[];
        };
      };
      const prs = await run<Page>(
        "issueConnections",
        { workspaceId: w.workspace, issueIds: [w.native[0], w.gitHub[0]], first: 10 },
        view,
      );
      const prNumber = view === "gantry" ? 150 : 151;
      // Both issues have the gantry view's pull request by the time the zenhub view runs: each is listed once.
      expect(prs.issueConnections.edges.map((edge) => edge.node)).toContainEqual(
        expect.objectContaining({ number: prNumber, pullRequest: true }),
      );
      expect(new Set(prs.issueConnections.edges.map((edge) => edge.node.number)).size).toBe(
        prs.issueConnections.totalCount,
      );

      // From the pull request's side, paged one at a time as a script's loop does.
      const numbers: number[] = [];
      let after: string | null = null;
      for (let page = 0; page < 5; page++) {
        const data: Page = await run<Page>(
          "issueConnections",
          { workspaceId: w.workspace, issueIds: [encodeGlobalID("Issue", pullRequest)], first: 1, after },
          view,
        );
        numbers.push(...data.issueConnections.edges.map((edge) => edge.node.number));
        if (!data.issueConnections.pageInfo.hasNextPage) break;
        after = data.issueConnections.pageInfo.endCursor;
      }
      expect(numbers).toEqual([1, 101]);

      const outsider = await outsiderSecret();
      const refused = await publicGql(
        t,
        outsider,
        view === "gantry" ? gantryNamed(ZENHUB_OPERATIONS.issueConnections) : ZENHUB_OPERATIONS.issueConnections,
        { workspaceId: w.workspace, issueIds: [w.gitHub[0]] },
        view === "gantry" ? undefined : ZENHUB_GRAPHQL_PATH,
      );
      expect(refused.errors?.[0]?.extensions?.code).toMatch(/NOT_FOUND|FORBIDDEN/);
    },
  );

  it.each(VIEWS)("checks a new workspace's name in the organisation (%s names)", async (view) => {
    const { workspace } = await run<{ workspace: { name: string } }>("workspacePipelines", {
      workspaceId: w.workspace,
    });
    const check = async (name: string, key = secret) => {
      const answer = await publicGql(
        t,
        key,
        view === "gantry"
          ? gantryNamed(ZENHUB_OPERATIONS.validateWorkspaceName)
          : ZENHUB_OPERATIONS.validateWorkspaceName,
        { [view === "gantry" ? "gantryOrganizationId" : "zenhubOrganizationId"]: w.organization, name },
        view === "gantry" ? undefined : ZENHUB_GRAPHQL_PATH,
      );
      return answer;
    };
    expect((await check(`  ${workspace.name.toUpperCase()} `)).data).toEqual({ validateWorkspaceName: false });
    expect((await check("A brand new board")).data).toEqual({ validateWorkspaceName: true });
    expect((await check("   ")).data).toEqual({ validateWorkspaceName: false });
    expect((await check("x".repeat(101))).data).toEqual({ validateWorkspaceName: false });
    const outsider = await outsiderSecret();
    expect((await check("A brand new board", outsider)).errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
  });

  it.each(VIEWS)(
    "reads what Gantry has no meaning for as empty, and sprint kind, repository type and permissions for real (%s names)",
    async (view) => {
      const read = async (issueId: string | undefined) =>
        run<{ workspace: Record<string, unknown>; node: Record<string, unknown> }>(
          "boardDetails",
          { workspaceId: w.workspace, issueId },
          view,
        );
      const data = await read(w.gitHub[0]);
      const epicsField = view === "gantry" ? "gantryEpics" : "zenhubEpics";
      const sharedField = view === "gantry" ? "sharedGantryRepositories" : "sharedZenhubRepositories";
      expect(data.workspace).toMatchObject({
        areUploadedFilesPrivate: false,
        [sharedField]: { totalCount: 0, nodes: [] },
        pipelinesConnection: { nodes: [{ isEpicPipeline: false }] },
        sprintConfig: { kind: "weekly", monthlyAttributes: null },
        sprints: { nodes: [{ persisted: true }] },
      });
      const releases = (data.workspace.releases as { nodes: { viewerPermission: string }[] }).nodes;
      const epics = (data.workspace[epicsField] as { nodes: Record<string, unknown>[] }).nodes;
      expect(releases.length).toBeGreaterThan(0);
      expect(epics.length).toBeGreaterThan(0);
      for (const release of releases) expect(release.viewerPermission).toBe("ADMIN");
      for (const epic of epics) {
        expect(epic).toEqual({
          viewerPermission: "ADMIN",
          htmlBody: null,
          [view === "gantry" ? "gantryOrganization" : "zenhubOrganization"]: { id: w.organization },
          blockingItems: { totalCount: 0, nodes: [] },
          relatedItems: { totalCount: 0 },
        });
      }
      expect(data.node).toEqual({ metadata: null, repository: { type: "GithubRepository", checkIssueCounts: null } });
      const native = await read(w.native[0]);
      expect(native.node.repository).toEqual({
        type: view === "gantry" ? "GantryRepository" : "ZenhubRepository",
        checkIssueCounts: null,
      });

      // A member with read-only access to the workspace reads READ.
      const viewerKey = await viewerSecret();
      const asViewer = await publicGql(
        t,
        viewerKey,
        view === "gantry" ? gantryNamed(ZENHUB_OPERATIONS.boardDetails) : ZENHUB_OPERATIONS.boardDetails,
        { workspaceId: w.workspace, issueId: w.native[0] },
        view === "gantry" ? undefined : ZENHUB_GRAPHQL_PATH,
      );
      const viewerWorkspace = field<Record<string, { nodes: { viewerPermission: string }[] }>>(asViewer, "workspace");
      expect(viewerWorkspace.releases?.nodes[0]?.viewerPermission).toBe("READ");
      expect(viewerWorkspace[epicsField]?.nodes[0]?.viewerPermission).toBe("READ");
    },
  );

  it.each(VIEWS)(
    "labels issues by name, making the label in the issue's workspace, and takes it off by name (%s names)",
    async (view) => {
      const labels = view === "gantry" ? "gantryLabels" : "zenhubLabels";
      const name = `Found by name (${view})`;
      const issueIds = [w.native[1], w.gitHub[1]];
      const added = await run<Record<string, { issues: { id: string }[] }>>(
        "labelIssueByName",
        { issueIds, labelInfos: [{ name: `  ${name} `, color: "0e8a16" }] },
        view,
      );
      expect(added[view === "gantry" ? "addGantryLabelsToIssues" : "addZenhubLabelsToIssues"]?.issues).toHaveLength(2);
      const inUse = async (issueId: string | undefined) =>
        run<{
          workspace: Record<string, { nodes: { id: string; name: string }[] }>;
          node: Record<string, { nodes: { name: string }[] }>;
        }>("labelsInUse", { workspaceId: w.workspace, issueId }, view);
      const afterAdd = await inUse(w.gitHub[1]);
      expect(afterAdd.workspace[labels]?.nodes.filter((label) => label.name === name)).toHaveLength(1);
      expect(afterAdd.node[labels]?.nodes).toContainEqual({ name });
      expect((await inUse(w.native[1])).node[labels]?.nodes).toContainEqual({ name });

      // A read-only member may not label by name; nothing changes.
      const refused = await publicGql(
        t,
        await viewerSecret(),
        view === "gantry" ? gantryNamed(ZENHUB_OPERATIONS.unlabelIssueByName) : ZENHUB_OPERATIONS.unlabelIssueByName,
        { issueIds, labelInfos: [{ name }] },
        view === "gantry" ? undefined : ZENHUB_GRAPHQL_PATH,
      );
      expect(refused.errors?.[0]).toMatchObject({
        message: "You need editor access to a workspace showing each of these issues.",
        extensions: { code: "FORBIDDEN" },
      });
      expect((await inUse(w.native[1])).node[labels]?.nodes).toContainEqual({ name });

      await run("unlabelIssueByName", { issueIds, labelInfos: [{ name: name.toUpperCase() }] }, view);
      expect((await inUse(w.gitHub[1])).node[labels]?.nodes).not.toContainEqual({ name });
      expect((await inUse(w.native[1])).node[labels]?.nodes).not.toContainEqual({ name });
      // Taking a label off by name leaves the workspace's label itself.
      expect((await inUse(w.native[1])).workspace[labels]?.nodes.map((label) => label.name)).toContain(name);
    },
  );

  it.each(VIEWS)(
    "creates an organisation's label, uses it on an issue and deletes it, as an owner only (%s names)",
    async (view) => {
      const org = view === "gantry" ? "gantryOrganizationId" : "zenhubOrganizationId";
      const labelIds = view === "gantry" ? "gantryLabelIds" : "zenhubLabelIds";
      const labels = view === "gantry" ? "gantryLabels" : "zenhubLabels";
      const labelField = view === "gantry" ? "gantryLabel" : "zenhubLabel";
      const name = `Needs design (${view})`;
      const created = await run<Record<string, Record<string, { id: string }>>>(
        "createZenhubLabel",
        { [org]: w.organization, name: `  ${name} `, color: "C5DEF5", description: "Before any code" },
        view,
      );
      const label = created[view === "gantry" ? "createGantryLabel" : "createZenhubLabel"]?.[labelField];
      expect(label).toEqual({ id: expect.any(String), name, color: "#c5def5", description: "Before any code" });

      const again = await publicGql(
        t,
        secret,
        view === "gantry" ? gantryNamed(ZENHUB_OPERATIONS.createZenhubLabel) : ZENHUB_OPERATIONS.createZenhubLabel,
        { [org]: w.organization, name: name.toUpperCase(), color: "000000" },
        view === "gantry" ? undefined : ZENHUB_GRAPHQL_PATH,
      );
      expect(again.errors?.[0]?.message).toBe(
        `Every workspace of this organization already has a label named "${name.toUpperCase()}".`,
      );

      const withoutIds = await publicGql(
        t,
        secret,
        view === "gantry" ? gantryNamed(ZENHUB_OPERATIONS.labelIssue) : ZENHUB_OPERATIONS.labelIssue,
        { issueIds: [w.native[0]] },
        view === "gantry" ? undefined : ZENHUB_GRAPHQL_PATH,
      );
      expect(withoutIds.errors?.[0]?.message).toBe(`Give ${labelIds} or labelInfos.`);
      await run("labelIssue", { issueIds: [w.native[0]], [labelIds]: [label?.id] }, view);
      const inUse = async () =>
        run<{
          workspace: Record<string, { nodes: { name: string }[] }>;
          node: Record<string, { nodes: { name: string }[] }>;
        }>("labelsInUse", { workspaceId: w.workspace, issueId: w.native[0] }, view);
      const before = await inUse();
      expect(before.workspace[labels]?.nodes).toContainEqual({ id: label?.id, name });
      expect(before.node[labels]?.nodes).toContainEqual({ name });

      // A read-only member of the organisation may not change its labels; nothing is deleted.
      const refused = await publicGql(
        t,
        await viewerSecret(),
        view === "gantry" ? gantryNamed(ZENHUB_OPERATIONS.deleteZenhubLabels) : ZENHUB_OPERATIONS.deleteZenhubLabels,
        { [org]: w.organization, names: [name] },
        view === "gantry" ? undefined : ZENHUB_GRAPHQL_PATH,
      );
      expect(refused.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
      expect((await inUse()).node[labels]?.nodes).toContainEqual({ name });

      const deleted = await run<Record<string, { clientMutationId: null; [key: string]: unknown }>>(
        "deleteZenhubLabels",
        { [org]: w.organization, names: [name.toLowerCase(), "no such label"] },
        view,
      );
      expect(deleted[view === "gantry" ? "deleteGantryLabels" : "deleteZenhubLabels"]).toEqual({
        clientMutationId: null,
        [labels]: [{ id: label?.id, name }],
      });
      const after = await inUse();
      expect(after.workspace[labels]?.nodes).not.toContainEqual({ id: label?.id, name });
      expect(after.node[labels]?.nodes).not.toContainEqual({ name });
    },
  );

  it("says which workspaces show a repository and which share one, leaving out those the key cannot open", async () => {
    const made = field<{ workspace: { id: string } }>(
      await publicGql(
        t,
        secret,
        `mutation ($o: ID!) { createWorkspace(input: { gantryOrganizationId: $o, name: "Platform", private: true }) { workspace { id } } }`,
        { o: w.organization },
      ),
      "createWorkspace",
    ).workspace;
    const [repository] = await t.database.db
      .select({ id: schema.issues.repositoryId })
      .from(schema.issues)
      .where(eq(schema.issues.id, decodeGlobalID(w.gitHub[0] as string).id));
    await t.database.db
      .insert(schema.workspaceRepositories)
      .values({ workspaceId: decodeGlobalID(made.id).id, repositoryId: repository?.id as string });

    for (const view of VIEWS) {
      type Answer = { workspace: { relatedWorkspaces: unknown }; node: { repository: Record<string, unknown> } };
      const gitHub = await run<Answer>(
        "repositoryWorkspaces",
        { workspaceId: w.workspace, issueId: w.gitHub[0] },
        view,
      );
      expect(gitHub.workspace.relatedWorkspaces).toEqual({ totalCount: 1, nodes: [{ id: made.id, name: "Platform" }] });
      const both = [w.workspace, made.id];
      expect(gitHub.node.repository).toEqual({
        workspace: null,
        workspaces: expect.arrayContaining(both.map((id) => ({ id }))),
        workspacesConnection: {
          totalCount: 2,
          pageInfo: { hasNextPage: false },
          nodes: expect.arrayContaining(both.map((id) => ({ id }))),
        },
      });
      const native = await run<Answer>(
        "repositoryWorkspaces",
        { workspaceId: w.workspace, issueId: w.native[0] },
        view,
      );
      expect(native.node.repository).toMatchObject({
        workspace: { id: w.workspace },
        workspacesConnection: { totalCount: 1, nodes: [{ id: w.workspace }] },
      });
    }

    // The read-only member cannot open the private workspace: it is left out everywhere.
    const asViewer = await publicGql(t, await viewerSecret(), gantryNamed(ZENHUB_OPERATIONS.repositoryWorkspaces), {
      workspaceId: w.workspace,
      issueId: w.gitHub[0],
    });
    expect(asViewer.data).toEqual({
      workspace: { relatedWorkspaces: { totalCount: 0, nodes: [] } },
      node: {
        repository: {
          workspace: null,
          workspaces: [{ id: w.workspace }],
          workspacesConnection: { totalCount: 1, pageInfo: { hasNextPage: false }, nodes: [{ id: w.workspace }] },
        },
      },
    });
  });

  it.each(VIEWS)("lists a workspace's repository connections with their dates (%s names)", async (view) => {
    type Connected = {
      createdAt: string;
      updatedAt: string;
      readModeEnabled: boolean;
      workspace: { id: string };
      repository: { ghId: number; estimateSet: { values: number[] } };
    };
    const { workspace } = await run<{
      workspace: { workspaceRepositories: { totalCount: number; nodes: Connected[] } };
    }>("workspaceRepositories", { workspaceId: w.workspace }, view);
    const connections = workspace.workspaceRepositories;
    expect(connections.totalCount).toBe(2);
    const ghIds = connections.nodes.map((node) => node.repository.ghId);
    // The GitHub repository answers GitHub's id; the workspace's Gantry repository a negative number (decision 0094).
    expect(ghIds.filter((ghId) => ghId > 0)).toEqual([repositoryGhId]);
    expect(ghIds.filter((ghId) => ghId < 0)).toHaveLength(1);
    for (const node of connections.nodes) {
      expect(node).toMatchObject({ readModeEnabled: false, workspace: { id: w.workspace } });
      expect(node.updatedAt).toBe(node.createdAt);
      // The workspace keeps the default scale: the one board showing each repository offers it.
      expect(node.repository.estimateSet.values).toEqual([...DEFAULT_ESTIMATE_SET]);
    }
  });

  it.each(VIEWS)("dates a sprint's, a release's and a priority's last change (%s names)", async (view) => {
    type Dated = { id: string; createdAt: string; updatedAt: string };
    type Lists = { workspace: Record<string, { nodes: Dated[] }> };
    await publicGql(
      t,
      secret,
      `mutation ($workspaceId: ID!) { createRelease(input: { workspaceId: $workspaceId, release: { title: "Dated" } }) { release { id } } }`,
      { workspaceId: w.workspace },
      view === "gantry" ? undefined : ZENHUB_GRAPHQL_PATH,
    );
    await publicGql(
      t,
      secret,
      `mutation ($input: CreatePriorityInput!) { createPriority(input: $input) { priority { id } } }`,
      { input: { workspaceId: w.workspace, name: `Dated (${view})`, color: "#00ff00" } },
      view === "gantry" ? undefined : ZENHUB_GRAPHQL_PATH,
    );
    const before = (await run<Lists>("recordDates", { workspaceId: w.workspace }, view)).workspace;
    const [sprint, release, priority] = [before.sprints, before.releases, before.prioritiesConnection].map(
      (list) => list?.nodes[0] as Dated,
    );
    for (const record of [sprint, release, priority]) {
      expect(Date.parse(record?.updatedAt ?? "")).toBeGreaterThanOrEqual(Date.parse(record?.createdAt ?? ""));
    }
    const renamed = await run<Record<string, Record<string, { id: string; updatedAt: string }>>>(
      "renameRecords",
      { sprintId: sprint?.id, releaseId: release?.id, name: `Renamed ${view}` },
      view,
    );
    // The reference has no priority update; Gantry's own `updatePriority` changes one.
    const renamedPriority = field<{ priority: { id: string; updatedAt: string } }>(
      await publicGql(
        t,
        secret,
        `mutation ($input: UpdatePriorityInput!) { updatePriority(input: $input) { priority { id updatedAt } } }`,
        { input: { priorityId: priority?.id, name: `Renamed ${view}` } },
        view === "gantry" ? undefined : ZENHUB_GRAPHQL_PATH,
      ),
      "updatePriority",
    ).priority;
    const changed = [renamed.updateSprint?.sprint, renamed.updateRelease?.release, renamedPriority];
    [sprint, release, priority].forEach((record, index) => {
      expect(changed[index]?.id).toBe(record?.id);
      expect(Date.parse(changed[index]?.updatedAt ?? "")).toBeGreaterThan(Date.parse(record?.updatedAt ?? ""));
    });
    const after = (await run<Lists>("recordDates", { workspaceId: w.workspace }, view)).workspace;
    expect(after.sprints?.nodes[0]?.updatedAt).toBe(renamed.updateSprint?.sprint?.updatedAt);
    expect(after.sprints?.nodes[0]?.createdAt).toBe(sprint?.createdAt);
  });

  it.each(VIEWS)(
    "reads a workspace's priorities and repositories as lists, and its own issue by number (%s names)",
    async (view) => {
      const byNumber = view === "gantry" ? "gantryIssueByNumber" : "zenhubIssueByNumber";
      const read = async (number: number) =>
        (
          await run<{ workspace: Record<string, unknown> }>(
            "workspaceLists",
            { workspaceId: w.workspace, number },
            view,
          )
        ).workspace;
      field(
        await publicGql(
          t,
          secret,
          `mutation ($input: CreatePriorityInput!) { createPriority(input: $input) { priority { id } } }`,
          { input: { workspaceId: w.workspace, name: `Urgent (${view})`, color: "#ff0000" } },
        ),
        "createPriority",
      );
      const first = await read(1);
      expect(first.priorities).toContainEqual({ id: expect.any(String), name: `Urgent (${view})` });
      expect(first.priorities).toEqual((first.prioritiesConnection as { nodes: unknown[] }).nodes);
      expect(first.repositories).toContainEqual({
        id: expect.any(String),
        name: w.gitHubRepository.name,
        ghId: repositoryGhId,
      });
      expect(first[byNumber]).toEqual({ id: w.native[0], number: 1 });
      // 101 is a GitHub issue of a connected repository, not one of the workspace's own.
      expect((await read(101))[byNumber]).toBeNull();
      expect((await read(999))[byNumber]).toBeNull();
      expect((await read(0))[byNumber]).toBeNull();
    },
  );
});

describe.each(testEngines())("a ZenHub client looking up GitHub owners, on %s", (engine) => {
  let g: GantryWithHub;
  let secret: string;
  let assignedIssue: string;
  let repositoryId: string;

  const ask = (view: View, operation: ZenhubOperationName, variables: Record<string, unknown>, key = secret) =>
    view === "gantry"
      ? publicGql(g.t, key, gantryNamed(ZENHUB_OPERATIONS[operation]), variables)
      : publicGql(g.t, key, ZENHUB_OPERATIONS[operation], variables, ZENHUB_GRAPHQL_PATH);

  beforeAll(async () => {
    g = await gantryWithHub(engine, { REQUIRE_EMAIL_VERIFICATION: "false" });
    secret = (await createKey(g.t, g.demo, "owner lookups")).secret;
    // A GitHub repository of acme shown by the demo person's workspace, with an issue assigned to mona.
    const db = g.t.database.db;
    const onGitHub = g.hub.store.repository("acme", "web-app");
    if (!onGitHub) throw new Error("the demo seed has no acme/web-app");
    const [repository] = await db
      .insert(schema.repositories)
      .values({ ghId: onGitHub.id, ownerLogin: "acme", name: "web-app", htmlUrl: "https://github.test/acme/web-app" })
      .returning();
    if (!repository) throw new Error("no repository");
    repositoryId = encodeGlobalID("Repository", repository.id);
    await db
      .insert(schema.workspaceRepositories)
      .values({ workspaceId: decodeGlobalID(g.workspace).id, repositoryId: repository.id });
    const [issue] = await db
      .insert(schema.issues)
      .values({
        repositoryId: repository.id,
        ghId: 8_800_002,
        number: 1,
        title: "Assigned",
        state: "open",
        assignees: [{ login: "mona", avatarUrl: null }],
        ghCreatedAt: new Date(),
        ghUpdatedAt: new Date(),
      })
      .returning();
    if (!issue) throw new Error("no issue");
    assignedIssue = encodeGlobalID("Issue", issue.id);
  }, 240_000);
  afterAll(async () => {
    await g.t.close();
    await g.hub.close();
  });

  it.each(VIEWS)("answers an organisation and a person as GitHub describes them (%s names)", async (view) => {
    const acme = g.hub.store.accountByLogin("acme");
    const mona = g.hub.store.accountByLogin("mona");
    if (!acme || !mona) throw new Error("the demo seed has no acme or mona");
    const organization = await ask(view, "ownerByLogin", { login: "acme" });
    expect(organization).toEqual({
      data: {
        ownerByLogin: {
          __typename: "Organization",
          id: encodeGlobalID("Organization", "acme"),
          ghId: acme.id,
          ghNodeId: expect.any(String),
          login: "acme",
          avatarUrl: expect.stringContaining("/avatars/acme"),
          hasWorkspace: true,
          createdAt: new Date(acme.createdAt).toISOString(),
          type: "Organization",
          updatedAt: new Date(acme.updatedAt).toISOString(),
        },
      },
    });
    const person = await ask(view, "ownerByLogin", { login: "mona" });
    expect(person.data?.ownerByLogin).toMatchObject({
      __typename: "User",
      id: encodeGlobalID("User", "mona"),
      ghId: mona.id,
      login: "mona",
      name: "Mona Lisa",
      type: "User",
      hasWorkspace: false,
    });
    expect(await ask(view, "ownerByGhId", { ghId: acme.id })).toEqual({
      data: {
        ownerByGhId: {
          __typename: "Organization",
          login: "acme",
          ghId: acme.id,
          createdAt: new Date(acme.createdAt).toISOString(),
          updatedAt: new Date(acme.updatedAt).toISOString(),
        },
      },
    });
  });

  it.each(VIEWS)("answers null for an account GitHub does not have (%s names)", async (view) => {
    expect(await ask(view, "ownerByLogin", { login: "nobody-at-all" })).toEqual({ data: { ownerByLogin: null } });
    expect(await ask(view, "ownerByGhId", { ghId: 987_654_321 })).toEqual({ data: { ownerByGhId: null } });
    expect(await ask(view, "ownerByLogin", { login: "not/a/login" })).toEqual({ data: { ownerByLogin: null } });
  });

  it.each(VIEWS)("gives an issue's assignee GitHub's dates and type (%s names)", async (view) => {
    const mona = g.hub.store.accountByLogin("mona");
    const answer = await ask(view, "assigneeDates", { issueId: assignedIssue });
    expect(answer).toEqual({
      data: {
        node: {
          assignees: {
            nodes: [
              {
                login: "mona",
                type: "User",
                createdAt: new Date(mona?.createdAt ?? 0).toISOString(),
                hasWorkspace: false,
              },
            ],
          },
        },
      },
    });
  });

  it.each(VIEWS)("tells a caller with no GitHub account to connect one (%s names)", async (view) => {
    const stranger = await signUpUser(g.t, "no-github");
    const key = (await createKey(g.t, stranger, "no github")).secret;
    const answer = await ask(view, "ownerByLogin", { login: "acme" }, key);
    expect(answer.data).toEqual({ ownerByLogin: null });
    expect(answer.errors?.[0]).toMatchObject({
      message: "Connect your GitHub account first.",
      extensions: { code: "FORBIDDEN", reason: "GITHUB_NOT_CONNECTED" },
    });
  });

  it.each(VIEWS)(
    "creates a label on GitHub for an editor of a workspace showing the repository (%s names)",
    async (view) => {
      const name = `needs-triage-${view}`;
      const input = {
        repositoryId,
        name,
        color: "#D73A4A",
        description: "Waiting for a first look",
        clientMutationId: "c1",
      };
      const made = await ask(view, "createGithubLabel", { input });
      expect(made).toEqual({
        data: {
          createGithubLabel: {
            clientMutationId: "c1",
            label: {
              id: encodeGlobalID("Label", `${decodeGlobalID(repositoryId).id}:${name}`),
              name,
              color: "d73a4a",
              description: "Waiting for a first look",
            },
          },
        },
      });
      const labels = [...(g.hub.store.repository("acme", "web-app")?.labels.values() ?? [])];
      expect(labels.find((label) => label.name === name)).toMatchObject({ color: "d73a4a" });

      const again = await ask(view, "createGithubLabel", { input });
      expect(again.errors?.[0]).toMatchObject({
        message: `The repository already has a label named ${name}.`,
        extensions: { code: "BAD_USER_INPUT" },
      });
      const badColour = await ask(view, "createGithubLabel", { input: { ...input, name: "other", color: "red" } });
      expect(badColour.errors?.[0]?.message).toBe("A label's color is six hex digits, such as d73a4a.");
      const gantryRepository = await gantryRepositoryOf(g.t, g.demo.token, g.workspace);
      const native = await ask(view, "createGithubLabel", { input: { ...input, repositoryId: gantryRepository } });
      expect(native.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT" });
    },
  );

  it.each(VIEWS)(
    "refuses a label to a workspace viewer and hides the repository from others (%s names)",
    async (view) => {
      const [workspace] = await g.t.database.db
        .select({ organizationId: schema.workspaces.organizationId })
        .from(schema.workspaces)
        .where(eq(schema.workspaces.id, decodeGlobalID(g.workspace).id));
      const reader = await signUpUser(g.t, `reader-${view}`);
      await addMember(g.t, encodeGlobalID("GantryOrganization", workspace?.organizationId ?? ""), reader, "member");
      await grantWorkspace(g.t, g.workspace, reader, "viewer");
      const input = { repositoryId, name: `from-a-viewer-${view}`, color: "ededed" };
      const refused = await ask(view, "createGithubLabel", { input }, (await createKey(g.t, reader)).secret);
      expect(refused.errors?.[0]).toMatchObject({
        message: "You need editor access to a workspace showing this repository.",
        extensions: { code: "FORBIDDEN" },
      });
      const stranger = await signUpUser(g.t, `stranger-${view}`);
      const hidden = await ask(view, "createGithubLabel", { input }, (await createKey(g.t, stranger)).secret);
      expect(hidden.errors?.[0]).toMatchObject({
        message: "This repository does not exist.",
        extensions: { code: "NOT_FOUND" },
      });
      const labels = [...(g.hub.store.repository("acme", "web-app")?.labels.values() ?? [])];
      expect(labels.map((label) => label.name)).not.toContain(input.name);
    },
  );
});
