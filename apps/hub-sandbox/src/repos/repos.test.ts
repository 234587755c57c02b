import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { failureOf, startTestSandbox, type TestSandbox } from "../testing/harness.js";

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

describe("accounts and repositories", () => {
  it("answers an account by login and by id, as GitHub's users/get-by-username and users/get-by-id do", async () => {
    const octokit = sandbox.octokit(sandbox.tokenFor("demo"));
    const { data: acme } = await octokit.rest.users.getByUsername({ username: "ACME" });
    expect(acme).toMatchObject({ login: "acme", type: "Organization" });
    const { data: byId } = await octokit.rest.users.getById({ account_id: acme.id });
    expect(byId).toMatchObject({ login: "acme", id: acme.id, type: "Organization", created_at: acme.created_at });
    const { data: mona } = await octokit.rest.users.getByUsername({ username: "mona" });
    expect((await octokit.rest.users.getById({ account_id: mona.id })).data).toMatchObject({
      login: "mona",
      type: "User",
    });
    expect((await failureOf(octokit.rest.users.getById({ account_id: 987_654_321 }))).status).toBe(404);
    expect((await failureOf(octokit.rest.users.getByUsername({ username: "nobody-here" }))).status).toBe(404);
  });

  it("lists the viewer's organisations", async () => {
    const { data } = await sandbox.octokit(sandbox.tokenFor("demo")).rest.orgs.listForAuthenticatedUser();
    expect(data.map((organization) => organization.login).sort()).toEqual(["acme", "octo-labs"]);
  });

  it("lists the repositories the viewer can push to, by full name", async () => {
    const { data } = await sandbox.octokit(sandbox.tokenFor("demo")).rest.repos.listForAuthenticatedUser();
    expect(data.map((repository) => repository.full_name)).toEqual([
      "acme/api",
      "acme/web-app",
      "demo/notes",
      "octo-labs/design-system",
    ]);
    expect(data.find((repository) => repository.name === "api")?.private).toBe(true);
  });

  it("hides an organisation's private repositories from outsiders", async () => {
    const outsider = sandbox.octokit(sandbox.tokenFor("hubot"));
    const { data } = await outsider.rest.repos.listForOrg({ org: "acme" });
    expect(data.map((repository) => repository.name)).toEqual(["web-app"]);
    const failure = await failureOf(outsider.rest.repos.get({ owner: "acme", repo: "api" }));
    expect(failure.status).toBe(404);
    expect(failure.data).toEqual({ message: "Not Found", documentation_url: expect.any(String), status: "404" });
  });

  it("creates a repository for the viewer and refuses the same name again", async () => {
    const octokit = sandbox.octokit(sandbox.tokenFor("demo"));
    const { status, data } = await octokit.rest.repos.createForAuthenticatedUser({
      name: "playground",
      description: "Trying things out",
      private: true,
    });
    expect(status).toBe(201);
    expect(data).toMatchObject({ full_name: "demo/playground", private: true, owner: { login: "demo" } });

    const failure = await failureOf(octokit.rest.repos.createForAuthenticatedUser({ name: "Playground" }));
    expect(failure.status).toBe(422);
    expect(failure.data).toMatchObject({
      message: "Repository creation failed.",
      errors: [
        { resource: "Repository", code: "custom", field: "name", message: "name already exists on this account" },
      ],
    });
  });

  it("creates a repository in an organisation the viewer belongs to, and only there", async () => {
    const { data } = await sandbox
      .octokit(sandbox.tokenFor("mona"))
      .rest.repos.createInOrg({ org: "acme", name: "billing" });
    expect(data.full_name).toBe("acme/billing");
    expect(data.organization?.login).toBe("acme");

    const failure = await failureOf(
      sandbox.octokit(sandbox.tokenFor("hubot")).rest.repos.createInOrg({ org: "acme", name: "x" }),
    );
    expect(failure.status).toBe(403);
    const taken = await failureOf(
      sandbox.octokit(sandbox.tokenFor("demo")).rest.repos.createInOrg({ org: "acme", name: "web-app" }),
    );
    expect(taken.status).toBe(422);
  });

  it("shows public profiles and public repositories of any account", async () => {
    const octokit = sandbox.octokit();
    const { data: user } = await octokit.rest.users.getByUsername({ username: "mona" });
    expect(user).toMatchObject({ login: "mona", name: "Mona Lisa", type: "User" });
    const { data: repositories } = await octokit.rest.repos.listForUser({ username: "demo" });
    expect(repositories.map((repository) => repository.full_name)).toContain("demo/notes");
    expect(repositories.every((repository) => !repository.private)).toBe(true);
  });

  it("asks for a token where GitHub does", async () => {
    const failure = await failureOf(sandbox.octokit().rest.repos.createForAuthenticatedUser({ name: "anonymous" }));
    expect(failure.status).toBe(401);
    expect(failure.data).toMatchObject({ message: "Requires authentication" });
  });
});

describe("API under a path prefix, as on GitHub Enterprise Server", () => {
  let enterprise: TestSandbox;
  beforeAll(async () => {
    enterprise = await startTestSandbox({ apiPrefix: "/api/v3" });
  });
  afterAll(() => enterprise.close());

  it("serves the REST API below the prefix and the OAuth pages at the root", async () => {
    expect(enterprise.apiUrl).toBe(`${enterprise.url}/api/v3`);
    const { data } = await enterprise.octokit(enterprise.tokenFor("demo")).rest.users.getAuthenticated();
    expect(data.login).toBe("demo");
    expect(data.repos_url).toBe(`${enterprise.apiUrl}/users/demo/repos`);
    expect((await fetch(`${enterprise.url}/user`)).status).toBe(404);
    const authorize = `${enterprise.url}/login/oauth/authorize?client_id=test-client&redirect_uri=http://127.0.0.1:9/cb`;
    expect((await fetch(authorize)).status).toBe(200);
  });
});
