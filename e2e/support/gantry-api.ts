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
  const { workspace } = await gql<{ workspace: { gantryRepository: { id: string } } }>(
    request,
    account,
    "query ($id: ID!) { workspace(id: $id) { gantryRepository { id } } }",
    { id: workspaceId },
  );
  const { createIssue } = await gql<{ createIssue: { issue: { id: string } } }>(
    request,
    account,
    "mutation ($input: CreateIssueInput!) { createIssue(input: $input) { issue { id } } }",
    { input: { repositoryId: workspace.gantryRepository.id, title } },
  );
  return createIssue.issue.id;
}
