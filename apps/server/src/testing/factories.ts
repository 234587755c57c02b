import { type OrganizationRole, schema, type WorkspacePermission } from "@gantry/db";
import { decodeGlobalID } from "@pothos/plugin-relay";
import { eq } from "drizzle-orm";
import type { TestApp } from "./app.js";

export interface TestUser {
  /** Global id, as GraphQL clients see it. */
  id: string;
  /** Database id. */
  userId: string;
  email: string;
  token: string;
}

let sequence = 0;
export const uniqueName = (label: string) => `${label} ${Date.now().toString(36)}${(++sequence).toString(36)}`;

export interface GraphQLAnswer {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: { code?: string } & Record<string, unknown> }[];
}

/** The first error's code and message: what a client shows, and what tests compare. */
export const errorOf = (answer: GraphQLAnswer) => ({
  code: answer.errors?.[0]?.extensions?.code,
  message: answer.errors?.[0]?.message,
});

export async function gql(
  t: TestApp,
  token: string | null,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<GraphQLAnswer> {
  const response = await t.app.inject({
    method: "POST",
    url: "/graphql",
    payload: { query, variables },
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return response.json() as GraphQLAnswer;
}

/** Signs a person up over HTTP; the app must run with REQUIRE_EMAIL_VERIFICATION=false. */
export async function signUpUser(t: TestApp, label: string): Promise<TestUser> {
  const email = `${label}-${Date.now().toString(36)}${(++sequence).toString(36)}@acme.test`;
  const response = await t.app.inject({
    method: "POST",
    url: "/api/auth/signup",
    payload: { email, password: "Correct-horse-9" },
  });
  const { token } = response.json() as { token: string };
  const viewer = await gql(t, token, "{ viewer { id } }");
  const { id } = field<{ id: string }>(viewer, "viewer");
  return { id, userId: decodeGlobalID(id).id, email, token };
}

/** Direct inserts for arranging a test; the code under test goes through the API. */
export async function addMember(t: TestApp, organizationGlobalId: string, user: TestUser, role: OrganizationRole) {
  await t.database.db
    .insert(schema.organizationMembers)
    .values({ organizationId: decodeGlobalID(organizationGlobalId).id, userId: user.userId, role });
}

export async function grantWorkspace(
  t: TestApp,
  workspaceGlobalId: string,
  user: TestUser,
  permission: WorkspacePermission,
) {
  await t.database.db
    .insert(schema.workspaceMembers)
    .values({ workspaceId: decodeGlobalID(workspaceGlobalId).id, userId: user.userId, permission });
}

/** Makes `user` a member of the organisation, with `permission` in its workspace. */
export async function joinWorkspace(
  t: TestApp,
  { organization, workspace }: { organization: string; workspace: string },
  user: TestUser,
  permission: WorkspacePermission,
) {
  await addMember(t, organization, user, "member");
  await grantWorkspace(t, workspace, user, permission);
}

export async function createOrganization(t: TestApp, owner: TestUser, name = uniqueName("Org")): Promise<string> {
  const answer = await gql(
    t,
    owner.token,
    "mutation ($name: String!) { createGantryOrganization(input: { name: $name }) { gantryOrganization { id } } }",
    { name },
  );
  return field<{ gantryOrganization: { id: string } }>(answer, "createGantryOrganization").gantryOrganization.id;
}

export async function createWorkspace(
  t: TestApp,
  user: TestUser,
  organizationId: string,
  isPrivate = false,
): Promise<string> {
  const answer = await gql(
    t,
    user.token,
    `mutation ($org: ID!, $name: String!, $private: Boolean) {
      createWorkspace(input: { gantryOrganizationId: $org, name: $name, private: $private }) { workspace { id } }
    }`,
    { org: organizationId, name: uniqueName("Workspace"), private: isPrivate },
  );
  return field<{ workspace: { id: string } }>(answer, "createWorkspace").workspace.id;
}

/** Where native issues go on a workspace's board: its Gantry repository and its pipelines (global ids, board order). */
export async function workspaceBoard(
  t: TestApp,
  user: TestUser,
  workspace: string,
): Promise<{ gantryRepository: string; pipelines: string[] }> {
  const answer = await gql(
    t,
    user.token,
    "query ($id: ID!) { workspace(id: $id) { gantryRepository { id } pipelines { id } } }",
    { id: workspace },
  );
  const read = field<{ gantryRepository: { id: string }; pipelines: { id: string }[] }>(answer, "workspace");
  return { gantryRepository: read.gantryRepository.id, pipelines: read.pipelines.map((pipeline) => pipeline.id) };
}

/** The named field of an answer's data; fails the test with the errors when it is missing. */
export function field<T>(answer: GraphQLAnswer, name: string): T {
  const value = answer.data?.[name];
  if (value === undefined || value === null) throw new Error(`no ${name} in answer: ${JSON.stringify(answer.errors)}`);
  return value as T;
}

/** Makes a signed-up person an instance admin: gives them the verified address GANTRY_INSTANCE_ADMINS names. */
export async function makeInstanceAdmin(t: TestApp, user: TestUser, adminEmail: string): Promise<TestUser> {
  await t.database.db
    .update(schema.users)
    .set({ email: adminEmail, emailVerifiedAt: new Date() })
    .where(eq(schema.users.id, user.userId));
  return { ...user, email: adminEmail };
}

/** The id of the workspace's own repository, where native issues live. */
export async function gantryRepositoryOf(t: TestApp, token: string, workspaceGlobalId: string): Promise<string> {
  const answer = await gql(t, token, "query ($id: ID!) { workspace(id: $id) { gantryRepository { id } } }", {
    id: workspaceGlobalId,
  });
  return field<{ gantryRepository: { id: string } }>(answer, "workspace").gantryRepository.id;
}

/** Creates an issue through the API (`input` as CreateIssueInput: repositoryId, title, …); its global id. */
export async function createIssue(t: TestApp, user: TestUser, input: Record<string, unknown>): Promise<string> {
  const answer = await gql(
    t,
    user.token,
    "mutation ($input: CreateIssueInput!) { createIssue(input: $input) { issue { id } } }",
    { input },
  );
  return field<{ issue: { id: string } }>(answer, "createIssue").issue.id;
}
