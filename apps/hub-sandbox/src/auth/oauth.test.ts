import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { failureOf, startTestSandbox, type TestSandbox, testApp } from "../testing/harness.js";

const redirectUri = "http://127.0.0.1:9/callback";

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

async function authorize(fields: Record<string, string>): Promise<Response> {
  return fetch(`${sandbox.url}/login/oauth/authorize`, {
    method: "POST",
    body: new URLSearchParams({ client_id: testApp.clientId, redirect_uri: redirectUri, state: "s-42", ...fields }),
    redirect: "manual",
  });
}

async function exchange(fields: Record<string, string>, accept = "application/json"): Promise<Response> {
  return fetch(`${sandbox.url}/login/oauth/access_token`, {
    method: "POST",
    headers: { accept, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ client_id: testApp.clientId, client_secret: testApp.clientSecret, ...fields }),
  });
}

function codeFrom(response: Response): string {
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get("location") ?? "");
  expect(`${location.origin}${location.pathname}`).toBe(redirectUri);
  expect(location.searchParams.get("state")).toBe("s-42");
  return location.searchParams.get("code") ?? "";
}

describe("OAuth web flow", () => {
  it("shows a consent page listing the seeded users", async () => {
    const query = new URLSearchParams({ client_id: testApp.clientId, redirect_uri: redirectUri, state: "s-42" });
    const response = await fetch(`${sandbox.url}/login/oauth/authorize?${query}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    const html = await response.text();
    expect(html).toContain("Continue as demo");
    expect(html).toContain("Continue as mona");
  });

  it("refuses an unknown client_id", async () => {
    const response = await fetch(`${sandbox.url}/login/oauth/authorize?client_id=nobody&redirect_uri=${redirectUri}`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("No OAuth application is registered");
  });

  it("signs in a seeded user end to end and the token works with Octokit", async () => {
    const code = codeFrom(await authorize({ login: "demo", scope: "repo read:org" }));
    const response = await exchange({ code, redirect_uri: redirectUri });
    const body = (await response.json()) as { access_token: string; token_type: string; scope: string };
    expect(body).toMatchObject({ token_type: "bearer", scope: "repo,read:org" });

    const { data: user, headers } = await sandbox.octokit(body.access_token).rest.users.getAuthenticated();
    expect(user.login).toBe("demo");
    expect(user.name).toBe("Dana Demo");
    expect(headers["x-oauth-scopes"]).toBe("repo, read:org");
  });

  it("creates a new user from the consent page", async () => {
    const code = codeFrom(await authorize({ new_login: "new-teammate", new_name: "New Teammate" }));
    const body = (await (await exchange({ code })).json()) as { access_token: string };
    const { data: user } = await sandbox.octokit(body.access_token).rest.users.getAuthenticated();
    expect(user.login).toBe("new-teammate");
  });

  it("answers form-encoded unless JSON is asked for, as GitHub does", async () => {
    const code = codeFrom(await authorize({ login: "mona" }));
    const response = await exchange({ code }, "*/*");
    expect(response.headers.get("content-type")).toContain("application/x-www-form-urlencoded");
    const token = new URLSearchParams(await response.text()).get("access_token");
    expect(token).toMatch(/^gho_/);
  });

  it("accepts a code once, and only with the right client secret", async () => {
    const code = codeFrom(await authorize({ login: "demo" }));
    const wrongSecret = await (await exchange({ code, client_secret: "wrong" })).json();
    expect(wrongSecret).toMatchObject({ error: "incorrect_client_credentials" });

    expect(await (await exchange({ code })).json()).toHaveProperty("access_token");
    expect(await (await exchange({ code })).json()).toMatchObject({ error: "bad_verification_code" });
  });

  it("rejects a wrong token with 401 Bad credentials", async () => {
    const failure = await failureOf(sandbox.octokit("gho_not-a-real-token").rest.users.getAuthenticated());
    expect(failure.status).toBe(401);
    expect(failure.data).toMatchObject({ message: "Bad credentials", documentation_url: expect.any(String) });
  });
});
