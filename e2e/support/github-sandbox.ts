import { type APIRequestContext, expect } from "@playwright/test";
import { sandboxURL } from "../playwright.config.js";
import { type Account, createOrganizationWithWorkspaces, gql } from "./gantry-api.js";

const SANDBOX_CLIENT = { client_id: "gantry-sandbox", client_secret: "gantry-sandbox-secret" };

/**
 * "Continue with GitHub" over HTTP: Gantry's form, the sandbox's consent as an existing user
 * (`login`) or a new one (`newLogin`), and the callback's session. With `linkTo`, GitHub is
 * connected to that (password) account instead.
 */
export async function signInWithGitHub(
  request: APIRequestContext,
  who: { login: string } | { newLogin: string },
  linkTo?: Account,
): Promise<Account> {
  const form: Record<string, string> = linkTo ? { link_token: linkTo.token } : {};
  const start = await request.post("/gantry_users/auth/github", { form, maxRedirects: 0 });
  const authorize = new URL(start.headers().location ?? "");
  const user: Record<string, string> = "login" in who ? { login: who.login } : { new_login: who.newLogin };
  const consent = await request.post(new URL("/login/oauth/authorize", authorize).toString(), {
    form: { ...Object.fromEntries(authorize.searchParams), ...user },
    maxRedirects: 0,
  });
  const callback = await request.get(consent.headers().location ?? "", { maxRedirects: 0 });
  const complete = new URL(callback.headers().location ?? "", "http://gantry.test");
  const token = new URLSearchParams(complete.hash.slice(1)).get("token") ?? "";
  expect(token, `no session after GitHub sign-in (${complete})`).toBeTruthy();
  const { viewer } = await gql<{ viewer: { email: string } }>(request, { email: "", token }, "{ viewer { email } }");
  return { email: viewer.email, token };
}

/** The sandbox's REST API as `login`, with a token from the OAuth web flow a GitHub app would use. */
export async function sandboxApi(request: APIRequestContext, login: string) {
  const consent = await request.post(`${sandboxURL}/login/oauth/authorize`, {
    form: { client_id: SANDBOX_CLIENT.client_id, redirect_uri: "http://127.0.0.1/callback", scope: "repo", login },
    maxRedirects: 0,
  });
  const code = new URL(consent.headers().location ?? "").searchParams.get("code");
  const exchange = await request.post(`${sandboxURL}/login/oauth/access_token`, {
    form: { ...SANDBOX_CLIENT, code: code ?? "" },
    headers: { accept: "application/json" },
  });
  const { access_token } = (await exchange.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${access_token}` };
  return {
    get: (path: string) => request.get(`${sandboxURL}${path}`, { headers }),
    post: (path: string, data: unknown) => request.post(`${sandboxURL}${path}`, { headers, data }),
    patch: (path: string, data: unknown) => request.patch(`${sandboxURL}${path}`, { headers, data }),
    put: (path: string, data: unknown) => request.put(`${sandboxURL}${path}`, { headers, data }),
  };
}

/** Connects the account's GitHub repository `name` to the workspace and waits for its open issues to arrive. */
export async function connectRepository(
  request: APIRequestContext,
  account: Account,
  workspaceId: string,
  name: string,
  openIssues: number,
): Promise<void> {
  await addRepository(request, account, workspaceId, { name });
  await expect.poll(() => newIssuesCount(request, account, workspaceId), { timeout: 30_000 }).toBe(openIssues);
}

/** Adds a GitHub repository the account sees (by name, and owner if given) to the workspace's board. */
export async function addRepository(
  request: APIRequestContext,
  account: Account,
  workspaceId: string,
  wanted: { name: string; ownerName?: string },
): Promise<void> {
  const { viewer } = await gql<{ viewer: { githubRepositories: { ghId: number; name: string; ownerName: string }[] } }>(
    request,
    account,
    "query { viewer { githubRepositories { ghId name ownerName } } }",
  );
  const repository = viewer.githubRepositories.find(
    (repo) => repo.name === wanted.name && (wanted.ownerName === undefined || repo.ownerName === wanted.ownerName),
  );
  await gql(
    request,
    account,
    "mutation ($workspaceId: ID!, $ghId: ID!) { addRepositoryToWorkspace(input: { workspaceId: $workspaceId, repositoryGhId: $ghId }) { workspaceRepository { __typename } } }",
    { workspaceId, ghId: String(repository?.ghId) },
  );
}

/** How many issues the workspace's New Issues pipeline holds, as its header counts them. */
export async function newIssuesCount(request: APIRequestContext, account: Account, workspaceId: string) {
  const { workspace } = await gql<{
    workspace: { pipelines: { name: string; issueCounts: { issuesCount: number } }[] };
  }>(request, account, "query ($id: ID!) { workspace(id: $id) { pipelines { name issueCounts { issuesCount } } } }", {
    id: workspaceId,
  });
  return workspace.pipelines.find((pipeline) => pipeline.name === "New Issues")?.issueCounts.issuesCount ?? 0;
}

/**
 * Someone new, signed in with GitHub as `login`, whose repository `launch` has one open issue
 * ("Plan the launch") and shows on the board of the workspace "Launch" in their organisation
 * `organizationName`; answers them, their sandbox API and the workspace.
 */
export async function launchWorkspace(request: APIRequestContext, login: string, organizationName: string) {
  const owner = await signInWithGitHub(request, { newLogin: login });
  const github = await sandboxApi(request, login);
  expect((await github.post("/user/repos", { name: "launch" })).status()).toBe(201);
  expect((await github.post(`/repos/${login}/launch/issues`, { title: "Plan the launch" })).status()).toBe(201);
  const {
    workspaceIds: [workspaceId = ""],
  } = await createOrganizationWithWorkspaces(request, owner, organizationName, [{ name: "Launch" }]);
  await connectRepository(request, owner, workspaceId, "launch", 1);
  return { owner, github, workspaceId };
}
