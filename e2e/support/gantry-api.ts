import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { latestMail, linkPath, uniqueEmail } from "./outbox.js";

/** The password of every account createAccount makes. */
export const PASSWORD = "Correct-horse-9";

export interface Account {
  email: string;
  token: string;
}

/** A verified account with a session, made over HTTP so a spec can start where it means to. */
export async function createAccount(
  request: APIRequestContext,
  label: string,
  email = uniqueEmail(label),
): Promise<Account> {
  expect((await request.post("/api/auth/signup", { data: { email, password: PASSWORD } })).ok()).toBe(true);
  const link = new URL(linkPath(await latestMail(request, email, /Verify your email/)), "http://gantry.test");
  const token = link.searchParams.get("token");
  expect((await request.post("/api/auth/verify-email", { data: { email, token } })).ok()).toBe(true);
  const login = await request.post("/api/auth/login", { data: { email, password: PASSWORD } });
  return { email, token: ((await login.json()) as { token: string }).token };
}

export async function gql<Data>(
  request: APIRequestContext,
  account: Account,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<Data> {
  const response = await request.post("/graphql", {
    headers: { authorization: `Bearer ${account.token}` },
    data: { query, variables },
  });
  const body = (await response.json()) as { data?: Data; errors?: { message: string }[] };
  if (body.errors?.length) throw new Error(body.errors.map((error) => error.message).join("; "));
  return body.data as Data;
}

/** Creates an organisation with workspaces; answers their ids. */
export async function createOrganizationWithWorkspaces(
  request: APIRequestContext,
  owner: Account,
  name: string,
  workspaces: { name: string; description?: string }[],
): Promise<{ organizationId: string; workspaceIds: string[] }> {
  const created = await gql<{ createGantryOrganization: { gantryOrganization: { id: string } } }>(
    request,
    owner,
    "mutation ($name: String!) { createGantryOrganization(input: { name: $name }) { gantryOrganization { id } } }",
    { name },
  );
  const organizationId = created.createGantryOrganization.gantryOrganization.id;
  const workspaceIds: string[] = [];
  for (const workspace of workspaces) {
    const answer = await gql<{ createWorkspace: { workspace: { id: string } } }>(
      request,
      owner,
      "mutation ($org: ID!, $name: String!, $description: String) { createWorkspace(input: { gantryOrganizationId: $org, name: $name, description: $description }) { workspace { id } } }",
      { org: organizationId, name: workspace.name, description: workspace.description ?? null },
    );
    workspaceIds.push(answer.createWorkspace.workspace.id);
  }
  return { organizationId, workspaceIds };
}

/** Invites `email` to the organisation as its admin `account`; answers the invitation's token. */
export async function inviteToOrganization(
  request: APIRequestContext,
  account: Account,
  organizationId: string,
  email: string,
): Promise<string> {
  const { createGantryOrganizationInvite } = await gql<{ createGantryOrganizationInvite: { token: string } }>(
    request,
    account,
    "mutation ($org: ID!, $email: String!) { createGantryOrganizationInvite(input: { gantryOrganizationId: $org, email: $email }) { token } }",
    { org: organizationId, email },
  );
  return createGantryOrganizationInvite.token;
}

export async function requestAccess(request: APIRequestContext, account: Account, organizationId: string) {
  await gql(
    request,
    account,
    "mutation ($org: ID!) { requestGantryOrganizationAccess(input: { gantryOrganizationId: $org }) { accessRequest { id } } }",
    { org: organizationId },
  );
}

/** Opens the app signed in as `account`. */
export async function signInAs(page: Page, account: Account): Promise<void> {
  await page.addInitScript((token) => localStorage.setItem("authV2_token", token), account.token);
}

/** Opens a native issue in the workspace's Gantry repository; answers its id. */
export async function createNativeIssue(
  request: APIRequestContext,
  account: Account,
  workspaceId: string,
  title: string,
): Promise<string> {
  const [id = ""] = await createNativeIssues(request, account, workspaceId, [{ title }]);
  return id;
}

/**
 * Opens native issues in the workspace's Gantry repository, one after another (each `issues` entry
 * as CreateIssueInput, its repository left out); answers their ids in the same order.
 */
export async function createNativeIssues(
  request: APIRequestContext,
  account: Account,
  workspaceId: string,
  issues: ({ title: string } & Record<string, unknown>)[],
): Promise<string[]> {
  const { workspace } = await gql<{ workspace: { gantryRepository: { id: string } } }>(
    request,
    account,
    "query ($id: ID!) { workspace(id: $id) { gantryRepository { id } } }",
    { id: workspaceId },
  );
  const ids: string[] = [];
  for (const issue of issues) {
    const { createIssue } = await gql<{ createIssue: { issue: { id: string } } }>(
      request,
      account,
      "mutation ($input: CreateIssueInput!) { createIssue(input: $input) { issue { id } } }",
      { input: { repositoryId: workspace.gantryRepository.id, ...issue } },
    );
    ids.push(createIssue.issue.id);
  }
  return ids;
}

/**
 * A new organisation `organizationName` with one workspace, `workspaceName`, whose board holds the
 * native `issues` (made in order, as createNativeIssues makes them); answers the workspace's id and theirs.
 */
export async function workspaceWithNativeIssues(
  request: APIRequestContext,
  account: Account,
  names: { organization: string; workspace: string },
  issues: ({ title: string } & Record<string, unknown>)[],
): Promise<{ workspaceId: string; issueIds: string[] }> {
  const {
    workspaceIds: [workspaceId = ""],
  } = await createOrganizationWithWorkspaces(request, account, names.organization, [{ name: names.workspace }]);
  return { workspaceId, issueIds: await createNativeIssues(request, account, workspaceId, issues) };
}

/** Moves an issue to the top of a pipeline of the workspace over the API, as another client would. */
export async function moveIssue(
  request: APIRequestContext,
  account: Account,
  workspaceId: string,
  issueId: string,
  pipelineId: string,
): Promise<void> {
  await gql(
    request,
    account,
    "mutation ($p: ID!, $i: ID!, $w: ID) { moveIssue(input: { pipelineId: $p, issueId: $i, workspaceId: $w }) { issue { id } } }",
    { p: pipelineId, i: issueId, w: workspaceId },
  );
}
