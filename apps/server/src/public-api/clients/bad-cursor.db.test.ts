import { testEngines } from "@gantry/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/app.js";
import { errorOf, type GraphQLAnswer, gql } from "../../testing/factories.js";
import { type WorkspaceIssues, workspaceWithIssues } from "../../testing/workspace-issues.js";
import { ZENHUB_GRAPHQL_PATH } from "../route.js";
import { createKey, publicGql } from "../testing.js";

// A ZenHub script paging through connections with a cursor it mangled (cut short, from another API, or made up):
// every connection answers one clear error naming the argument, and nothing else of the request is read.

const PIPELINES = `
fragment PageFields on PageInfo { hasNextPage endCursor startCursor }
query Pipelines($workspaceId: ID!, $first: Int, $after: String, $before: String) {
  workspace(id: $workspaceId) {
    pipelinesConnection(first: $first, after: $after, before: $before) {
      pageInfo { ...PageFields }
      nodes { name }
    }
  }
}`;

const PROJECTS = `
query Projects($workspaceId: ID!, $after: String) {
  workspace(id: $workspaceId) { projects(first: 5, after: $after) { totalCount } }
}`;

const MESSAGE = (argument: string) =>
  `\`${argument}\` is not a cursor this API gave out: send a page's pageInfo.endCursor or startCursor, or an edge's cursor, unchanged.`;

const base64 = (text: string) => Buffer.from(text).toString("base64");

describe.each(testEngines())("cursors this API did not give out, on %s", (engine) => {
  let t: TestApp;
  let w: WorkspaceIssues;
  let key: string;
  const ask = (query: string, variables: Record<string, unknown>): Promise<GraphQLAnswer> =>
    publicGql(t, key, query, variables, ZENHUB_GRAPHQL_PATH);

  beforeAll(async () => {
    t = await createTestApp({ REQUIRE_EMAIL_VERIFICATION: "false" }, { engine });
    w = await workspaceWithIssues(t, { native: 0, gitHub: 0 });
    key = (await createKey(t, w.owner, "pager")).secret;
  });
  afterAll(async () => {
    await t.close();
  });

  it("pages on with the cursors it gave out", async () => {
    const first = await ask(PIPELINES, { workspaceId: w.workspace, first: 2 });
    const page = first.data?.workspace as { pipelinesConnection: { pageInfo: { endCursor: string } } };
    const next = await ask(PIPELINES, {
      workspaceId: w.workspace,
      first: 2,
      after: page.pipelinesConnection.pageInfo.endCursor,
    });
    expect(next.errors).toBeUndefined();
    expect(next.data?.workspace).toMatchObject({
      pipelinesConnection: { nodes: [{ name: "Backlog" }, { name: "In Progress" }] },
    });
  });

  it.each([
    ["not base64 at all", "page-2!", "after"],
    ["base64 of something else", base64("page 2"), "after"],
    ["an offset that is not a number", base64("OffsetConnection:two"), "after"],
    ["a negative offset", base64("OffsetConnection:-1"), "after"],
    ["another connection's keyset cursor", Buffer.from('["x"]').toString("base64url"), "after"],
    ["a mangled before", "%%%", "before"],
  ])("refuses %s, naming the argument", async (_case, cursor, argument) => {
    const answer = await ask(PIPELINES, { workspaceId: w.workspace, first: 2, [argument]: cursor });
    expect(errorOf(answer)).toEqual({ code: "BAD_USER_INPUT", message: MESSAGE(argument) });
    expect(answer.errors?.[0]?.extensions).toMatchObject({ field: argument });
  });

  it("refuses it on a connection of a concept Gantry does not have too, which is always empty", async () => {
    const answer = await ask(PROJECTS, { workspaceId: w.workspace, after: "page-2!" });
    expect(errorOf(answer)).toEqual({ code: "BAD_USER_INPUT", message: MESSAGE("after") });
  });

  it("refuses it on the web app's API in the same words", async () => {
    const answer = await gql(
      t,
      w.owner.token,
      `query ($id: ID!, $after: String) {
        workspace(id: $id) { sprints(first: 2, after: $after) { nodes { id } } }
      }`,
      { id: w.workspace, after: "page-2!" },
    );
    expect(errorOf(answer)).toEqual({ code: "BAD_USER_INPUT", message: MESSAGE("after") });
  });
});
