import { testEngines } from "@gantry/db/testing";
import type { HubSandbox } from "@gantry/hub-sandbox/sandbox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadGitHubConfig } from "../codehost/config.js";
import { createTestApp, type TestApp } from "../testing/app.js";
import { gql } from "../testing/factories.js";
import { continueWithGitHub, SANDBOX_CLIENT, startHub } from "../testing/hub.js";

/**
 * GitHub Enterprise Server serves its REST API under {GITHUB_URL}/api/v3 and its OAuth pages at
 * the root. The hub sandbox run with that prefix answers nothing at the root API paths, so a
 * sign-in and a REST read that work prove both bases are the configured ones.
 */
describe.each(testEngines())("GitHub Enterprise Server on %s", (engine) => {
  let hub: HubSandbox;
  let t: TestApp;

  beforeAll(async () => {
    ({ hub } = await startHub({ apiPrefix: "/api/v3" }));
    const github = loadGitHubConfig({
      GITHUB_URL: hub.url,
      GITHUB_CLIENT_ID: SANDBOX_CLIENT.clientId,
      GITHUB_CLIENT_SECRET: SANDBOX_CLIENT.clientSecret,
      GITHUB_RECONCILE_MINUTES: "0",
    });
    if (!github) throw new Error("GitHub settings missing");
    t = await createTestApp(
      { PUBLIC_URL: "http://gantry.test", AUTH_RATE_LIMIT_PER_MINUTE: "10000", GANTRY_EDITION: "enterprise" },
      { engine, github },
    );
  });
  afterAll(async () => {
    await t?.close();
    await hub?.close();
  });

  it("takes the API base {GITHUB_URL}/api/v3 from GITHUB_URL alone", () => {
    expect(loadGitHubConfig({ GITHUB_URL: hub.url, GITHUB_CLIENT_ID: "id", GITHUB_CLIENT_SECRET: "s" })?.apiUrl).toBe(
      `${hub.url}/api/v3`,
    );
  });

  it("signs in through the server's OAuth pages and reads GitHub through its /api/v3 REST API", async () => {
    expect((await fetch(`${hub.url}/user`)).status).toBe(404);
    const { authorize, token } = await continueWithGitHub(t, hub, "demo");
    expect(authorize.origin + authorize.pathname).toBe(`${hub.url}/login/oauth/authorize`);
    expect(token).toBeTruthy();
    const viewer = await gql(t, token, "{ viewer { githubUser { login } githubOrganizations { login } } }");
    expect(viewer.errors).toBeUndefined();
    expect(viewer.data?.viewer).toEqual({
      githubUser: { login: "demo" },
      githubOrganizations: expect.arrayContaining([{ login: "acme" }, { login: "octo-labs" }]),
    });
  });
});
