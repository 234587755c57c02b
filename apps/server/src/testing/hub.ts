import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Engine } from "@gantry/db";
import { seedDemo } from "@gantry/hub-sandbox/demo";
import { createHubSandbox, type HubSandbox, type HubSandboxOptions } from "@gantry/hub-sandbox/sandbox";
import { Octokit } from "@octokit/rest";
import type { GitHubConfig } from "../codehost/config.js";
import { OutboxMailer } from "../mail/mailer.js";
import { createTestApp, type TestApp } from "./app.js";
import { createOrganization, createWorkspace, field, gql, type TestUser } from "./factories.js";

export const SANDBOX_CLIENT = { clientId: "gantry-test", clientSecret: "gantry-test-secret" };

/**
 * A running hub sandbox with the demo data (or what `seed` puts there), and the GitHub settings
 * that point Gantry at it.
 */
export async function startHub(
  options: Pick<HubSandboxOptions, "apiPrefix" | "seed" | "onRequest"> = {},
): Promise<{ hub: HubSandbox; github: GitHubConfig }> {
  const hub = await createHubSandbox({
    host: "127.0.0.1",
    port: 0,
    seed: seedDemo,
    oauthApps: [SANDBOX_CLIENT],
    ...options,
  });
  return { hub, github: { webUrl: hub.url, apiUrl: hub.apiUrl, ...SANDBOX_CLIENT, reconcileIntervalMs: 0 } };
}

/**
 * The browser's part of "Continue with GitHub": post the form, consent on the sandbox as
 * `login`, follow the redirect back to Gantry. Returns Gantry's final answer.
 */
export async function continueWithGitHub(
  t: TestApp,
  hub: HubSandbox,
  login: string,
  form: Record<string, string> = {},
  /** The address the browser opened Gantry at; PUBLIC_URL's host unless a test says otherwise. */
  host = new URL(t.config.publicUrl).host,
) {
  const start = await t.app.inject({
    method: "POST",
    url: "/gantry_users/auth/github",
    headers: { "content-type": "application/x-www-form-urlencoded", host },
    payload: new URLSearchParams(form).toString(),
  });
  const authorize = new URL(String(start.headers.location));
  const cookie = String(start.headers["set-cookie"]).split(";")[0] ?? "";
  const consent = await fetch(`${hub.url}/login/oauth/authorize`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...Object.fromEntries(authorize.searchParams), login }).toString(),
  });
  const callback = new URL(String(consent.headers.get("location")));
  const finish = await t.app.inject({
    method: "GET",
    url: callback.pathname + callback.search,
    headers: { cookie, host: callback.host },
  });
  const fragment = new URLSearchParams(new URL(String(finish.headers.location), "http://gantry.test").hash.slice(1));
  return { start, authorize, finish, token: fragment.get("token") };
}

/** The sandbox's demo person signed in through "Continue with GitHub", with a workspace of their own. */
export async function demoWithWorkspace(t: TestApp, hub: HubSandbox): Promise<{ demo: TestUser; workspace: string }> {
  const { token } = await continueWithGitHub(t, hub, "demo");
  if (!token) throw new Error("GitHub sign-in gave no session");
  const viewer = field<{ id: string; email: string }>(await gql(t, token, "{ viewer { id email } }"), "viewer");
  const demo: TestUser = { ...viewer, userId: "", token };
  const workspace = await createWorkspace(t, demo, await createOrganization(t, demo));
  return { demo, workspace };
}

/** A free loopback port, for an app that must really listen (webhooks come over the network). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Gantry listening on a loopback port (so the sandbox's webhooks reach it), the demo person signed
 * in through "Continue with GitHub", a workspace of theirs, and an Octokit acting as them on the
 * sandbox: what a test of GitHub sync starts from.
 */
export interface GantryWithHub {
  t: TestApp;
  hub: HubSandbox;
  github: GitHubConfig;
  demo: TestUser;
  workspace: string;
  demoOctokit: Octokit;
  /** The mail Gantry sent (invitations and the like), newest first. */
  mailer: OutboxMailer;
}

export async function gantryWithHub(
  engine: Engine,
  env: NodeJS.ProcessEnv = {},
  /** Background jobs (pg-boss) polling this often; none start when left out, as in most tests. */
  jobsPollingIntervalSeconds?: number,
): Promise<GantryWithHub> {
  const { hub, github } = await startHub();
  const port = await freePort();
  const mailer = new OutboxMailer();
  const t = await createTestApp(
    { PUBLIC_URL: `http://127.0.0.1:${port}`, AUTH_RATE_LIMIT_PER_MINUTE: "10000", ...env },
    {
      engine,
      mailer,
      github,
      ...(jobsPollingIntervalSeconds ? { jobsPollingIntervalSeconds } : {}),
    },
  );
  await t.app.listen({ port, host: "127.0.0.1" });
  const { demo, workspace } = await demoWithWorkspace(t, hub);
  const demoAccount = hub.store.accountByLogin("demo");
  if (!demoAccount) throw new Error("the demo seed has no demo user");
  const demoOctokit = new Octokit({ baseUrl: hub.apiUrl, auth: hub.store.issueToken(demoAccount) });
  return { t, hub, github, demo, workspace, demoOctokit, mailer };
}
