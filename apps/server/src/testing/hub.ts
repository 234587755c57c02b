import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { seedDemo } from "@gantry/hub-sandbox/demo";
import { createHubSandbox, type HubSandbox } from "@gantry/hub-sandbox/sandbox";
import type { GitHubConfig } from "../codehost/config.js";
import type { TestApp } from "./app.js";

export const SANDBOX_CLIENT = { clientId: "gantry-test", clientSecret: "gantry-test-secret" };

/** A running hub sandbox with the demo data, and the GitHub settings that point Gantry at it. */
export async function startHub(
  options: { apiPrefix?: string } = {},
): Promise<{ hub: HubSandbox; github: GitHubConfig }> {
  const hub = await createHubSandbox({
    host: "127.0.0.1",
    port: 0,
    seed: seedDemo,
    oauthApps: [SANDBOX_CLIENT],
    ...(options.apiPrefix ? { apiPrefix: options.apiPrefix } : {}),
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
) {
  const start = await t.app.inject({
    method: "POST",
    url: "/gantry_users/auth/github",
    headers: { "content-type": "application/x-www-form-urlencoded" },
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
  const finish = await t.app.inject({ method: "GET", url: callback.pathname + callback.search, headers: { cookie } });
  const fragment = new URLSearchParams(new URL(String(finish.headers.location), "http://gantry.test").hash.slice(1));
  return { start, authorize, finish, token: fragment.get("token") };
}

/** A free loopback port, for an app that must really listen (webhooks come over the network). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
