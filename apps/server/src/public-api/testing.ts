import { schema } from "@gantry/db";
import { decodeGlobalID } from "@pothos/plugin-relay";
import { eq } from "drizzle-orm";
import { buildClientSchema, type GraphQLSchema, getIntrospectionQuery, type IntrospectionQuery } from "graphql";
import { placeNewIssues } from "../board/placement.js";
import type { TestApp } from "../testing/app.js";
import { field, type GraphQLAnswer, gql, type TestUser } from "../testing/factories.js";
import { PUBLIC_GRAPHQL_PATH } from "./route.js";

const CREATE_KEY = `mutation ($name: String!) { createApiKey(input: { name: $name }) { apiKey { id name hint } secret } }`;

/** Creates a key from the person's session and returns its secret. */
export async function createKey(t: TestApp, user: TestUser, name = "script"): Promise<{ id: string; secret: string }> {
  const payload = field<{ apiKey: { id: string }; secret: string }>(
    await gql(t, user.token, CREATE_KEY, { name }),
    "createApiKey",
  );
  return { id: payload.apiKey.id, secret: payload.secret };
}

/** POST /public/graphql (or the ZenHub-named view) with a key, as a script would. */
export function postPublic(
  t: TestApp,
  secret: string | null,
  query: string,
  variables: Record<string, unknown> = {},
  url: string = PUBLIC_GRAPHQL_PATH,
) {
  return t.app.inject({
    method: "POST",
    url,
    payload: { query, variables },
    headers: secret ? { authorization: `Bearer ${secret}` } : {},
  });
}

export async function publicGql(
  t: TestApp,
  secret: string,
  query: string,
  variables: Record<string, unknown> = {},
  url: string = PUBLIC_GRAPHQL_PATH,
): Promise<GraphQLAnswer> {
  return (await postPublic(t, secret, query, variables, url)).json() as GraphQLAnswer;
}

/** Gives the GitHub issues a fixture inserted their places in the workspace's first pipeline, as an import does. */
export async function placeFixtureIssues(t: TestApp, anIssueGlobalId: string): Promise<void> {
  const [issue] = await t.database.db
    .select({ repositoryId: schema.issues.repositoryId })
    .from(schema.issues)
    .where(eq(schema.issues.id, decodeGlobalID(anIssueGlobalId).id));
  if (!issue) throw new Error("no such fixture issue");
  await placeNewIssues(t.database.db, issue.repositoryId, new Date());
}

/** The schema a public endpoint serves, as a client learns it: by introspection with its key. */
export async function servedSchema(t: TestApp, secret: string, url = PUBLIC_GRAPHQL_PATH): Promise<GraphQLSchema> {
  const introspection = await publicGql(t, secret, getIntrospectionQuery(), {}, url);
  return buildClientSchema(introspection.data as unknown as IntrospectionQuery);
}

/** The input of weekly sprints named "Sprint" from Monday 2026-11-23, in UTC. */
export const weeklySprintConfig = (workspaceId: string) => ({
  workspaceId,
  name: "Sprint",
  tzIdentifier: "UTC",
  startOn: "2026-11-23",
  period: 1,
  settings: { moveUnfinishedIssues: true, issuesFromPipeline: { enabled: false } },
});

/** Those sprints, set up in the web app before a script runs. */
export async function weeklySprints(t: TestApp, user: TestUser, workspaceId: string): Promise<void> {
  field(
    await gql(
      t,
      user.token,
      `mutation ($input: SprintConfigCreateInput!) { createSprintConfig(input: { sprintConfig: $input }) { sprintConfig { id } } }`,
      { input: weeklySprintConfig(workspaceId) },
    ),
    "createSprintConfig",
  );
}
