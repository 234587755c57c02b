import { testEngines } from "@gantry/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/app.js";
import { errorOf, field, gql, signUpUser } from "../testing/factories.js";
import { type WorkspaceIssues, workspaceWithIssues } from "../testing/workspace-issues.js";
import { MAX_API_KEYS_PER_USER } from "./keys.js";
import { createKey, placeFixtureIssues, postPublic, publicGql } from "./testing.js";

const KEYS = "{ viewer { apiKeys { id name hint lastUsedAt } } }";
const CREATE = `mutation ($name: String!) { createApiKey(input: { name: $name }) { apiKey { id name } secret } }`;
const REVOKE = `mutation ($id: ID!) { revokeApiKey(input: { apiKeyId: $id }) { apiKey { id } } }`;
const PIPELINES = `query ($id: ID!) { workspace(id: $id) { pipelinesConnection(first: 10) { nodes { id name } } } }`;
const PAGE = `query ($pipelineId: ID!, $after: String) {
  searchIssuesByPipeline(pipelineId: $pipelineId, first: 100, after: $after) {
    totalCount
    pageInfo { hasNextPage endCursor }
    nodes { id number title }
  }
}`;

interface Page {
  totalCount: number;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  nodes: { id: string; number: number }[];
}

const env = { REQUIRE_EMAIL_VERIFICATION: "false", AUTH_RATE_LIMIT_PER_MINUTE: "10000" };

describe.each(testEngines())("the public GraphQL API on %s", (engine) => {
  let t: TestApp;
  let w: WorkspaceIssues;

  beforeAll(async () => {
    t = await createTestApp(env, { engine });
    w = await workspaceWithIssues(t, { native: 0, gitHub: 250 });
    await placeFixtureIssues(t, w.gitHub[0] ?? "");
  });
  afterAll(() => t.close());

  describe("personal API keys", () => {
    it("refuses a signed-out caller", async () => {
      expect(errorOf(await gql(t, null, CREATE, { name: "ci" })).code).toBe("UNAUTHENTICATED");
    });

    it("needs a name of at most 100 characters", async () => {
      const ada = await signUpUser(t, "ada");
      expect(errorOf(await gql(t, ada.token, CREATE, { name: "  " }))).toEqual({
        code: "BAD_USER_INPUT",
        message: "Give the key a name.",
      });
      expect(errorOf(await gql(t, ada.token, CREATE, { name: "x".repeat(101) })).message).toBe(
        "A key name is at most 100 characters.",
      );
      expect(field<{ apiKeys: unknown[] }>(await gql(t, ada.token, KEYS), "viewer").apiKeys).toEqual([]);
    });

    it("lists at most five working keys by name and hint, never their secret; revoking frees a place", async () => {
      const ada = await signUpUser(t, "ada");
      const created = [];
      for (let index = 1; index <= MAX_API_KEYS_PER_USER; index++)
        created.push(await createKey(t, ada, `key ${index}`));
      expect(created[0]?.secret).toMatch(/^gantry_pat_[A-Za-z0-9_-]{43}$/);
      expect(errorOf(await gql(t, ada.token, CREATE, { name: "sixth" }))).toEqual({
        code: "BAD_USER_INPUT",
        message: "You can have at most 5 API keys. Revoke one to create another.",
      });
      const listed = await gql(t, ada.token, KEYS);
      const keys = field<{ apiKeys: { id: string; name: string; hint: string }[] }>(listed, "viewer").apiKeys;
      expect(keys.map((key) => key.name)).toEqual(["key 1", "key 2", "key 3", "key 4", "key 5"]);
      expect(keys[0]?.hint).toBe(created[0]?.secret.slice(-4));
      expect(JSON.stringify(listed)).not.toContain(created[0]?.secret);

      expect(field(await gql(t, ada.token, REVOKE, { id: created[1]?.id }), "revokeApiKey")).toBeTruthy();
      expect((await postPublic(t, created[1]?.secret ?? "", "{ viewer { id } }")).statusCode).toBe(401);
      await createKey(t, ada, "replacement");
      expect(errorOf(await gql(t, ada.token, REVOKE, { id: created[1]?.id })).code).toBe("NOT_FOUND");
    });

    it("keeps one person's keys from another, and keys from managing keys", async () => {
      const ada = await signUpUser(t, "ada");
      const bob = await signUpUser(t, "bob");
      const adaKey = await createKey(t, ada);
      expect(errorOf(await gql(t, bob.token, REVOKE, { id: adaKey.id }))).toEqual({
        code: "NOT_FOUND",
        message: "This API key does not exist or was already revoked.",
      });
      const withKey = await publicGql(t, adaKey.secret, CREATE, { name: "minted by a script" });
      expect(errorOf(withKey)).toEqual({
        code: "FORBIDDEN",
        message: "API keys can only be managed from a signed-in session, not with an API key.",
      });
      expect(field<{ apiKeys: unknown[] }>(await publicGql(t, adaKey.secret, KEYS), "viewer").apiKeys).toEqual([]);
      const listed = field<{ apiKeys: { lastUsedAt: string | null }[] }>(await gql(t, ada.token, KEYS), "viewer");
      expect(listed.apiKeys).toHaveLength(1);
      expect(listed.apiKeys[0]?.lastUsedAt).not.toBeNull();
    });
  });

  describe("POST /public/graphql", () => {
    it("answers 401 without a key, with a wrong key, and with a session token instead of a key", async () => {
      const ada = await signUpUser(t, "ada");
      for (const secret of [null, "gantry_pat_not-a-real-key", ada.token]) {
        const response = await postPublic(t, secret, "{ viewer { id } }");
        expect(response.statusCode).toBe(401);
        expect(response.headers["www-authenticate"]).toBe('Bearer realm="Gantry API"');
        expect(response.json().errors[0].extensions.code).toBe("UNAUTHENTICATED");
      }
    });

    it("takes POST only", async () => {
      const response = await t.app.inject({ method: "GET", url: "/public/graphql?query=%7Bversion%7D" });
      expect(response.statusCode).toBe(405);
      expect(response.headers.allow).toBe("POST");
    });

    it("runs the web app's schema as the key's owner, with the rate-limit headers on every answer", async () => {
      const key = await createKey(t, w.owner);
      const response = await postPublic(t, key.secret, "{ viewer { email } }");
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ data: { viewer: { email: w.owner.email } } });
      const limit = Number(response.headers["x-ratelimit-limit"]);
      const used = Number(response.headers["x-ratelimit-used"]);
      const remaining = Number(response.headers["x-ratelimit-remaining"]);
      expect(limit).toBe(90_000);
      expect(used).toBeGreaterThanOrEqual(0);
      expect(used + remaining).toBe(limit);
    });

    it("walks 250 issues of a pipeline in pages of 100 with first/after, each once, in board order", async () => {
      const key = await createKey(t, w.viewer);
      const pipelines = field<{ pipelinesConnection: { nodes: { id: string }[] } }>(
        await publicGql(t, key.secret, PIPELINES, { id: w.workspace }),
        "workspace",
      ).pipelinesConnection.nodes;
      const seen: number[] = [];
      let after: string | null = null;
      let pages = 0;
      for (;;) {
        const page: Page = field<Page>(
          await publicGql(t, key.secret, PAGE, { pipelineId: pipelines[0]?.id, after }),
          "searchIssuesByPipeline",
        );
        pages++;
        expect(page.totalCount).toBe(250);
        seen.push(...page.nodes.map((issue) => issue.number));
        if (!page.pageInfo.hasNextPage) break;
        after = page.pageInfo.endCursor;
      }
      expect(pages).toBe(3);
      expect(seen).toHaveLength(250);
      // The fixture places the newest on top, as an import does.
      expect(seen).toEqual(Array.from({ length: 250 }, (_, index) => 350 - index));
    });

    it("answers FORBIDDEN for another tenant's workspace, NOT_FOUND for none, BAD_USER_INPUT for a bad id", async () => {
      const key = await createKey(t, w.outsider);
      const read = (id: string) => publicGql(t, key.secret, "query ($id: ID!) { workspace(id: $id) { name } }", { id });
      expect(errorOf(await read(w.workspace)).code).toBe("FORBIDDEN");
      const missing = Buffer.from("Workspace:00000000-0000-4000-8000-000000000000").toString("base64");
      expect(errorOf(await read(missing)).code).toBe("NOT_FOUND");
      expect(errorOf(await read("nonsense"))).toEqual({
        code: "BAD_USER_INPUT",
        message: '"nonsense" is not a valid id.',
      });
      const move = await publicGql(
        t,
        key.secret,
        "mutation ($issue: ID!, $pipeline: ID!) { moveIssue(input: { issueId: $issue, pipelineId: $pipeline }) { issue { id } } }",
        { issue: w.gitHub[0], pipeline: "closed--pipeline" },
      );
      expect(["FORBIDDEN", "NOT_FOUND", "BAD_USER_INPUT"]).toContain(errorOf(move).code);
    });
  });
});

describe.each(testEngines())("the public API's limits on %s", (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(
      { ...env, PUBLIC_API_BUDGET_MS_PER_MINUTE: "1", PUBLIC_API_MAX_COMPLEXITY: "30" },
      { engine },
    );
  });
  afterAll(() => t.close());

  it("refuses an operation above the complexity limit, saying by how much", async () => {
    const ada = await signUpUser(t, "ada");
    const key = await createKey(t, ada);
    const response = await postPublic(
      t,
      key.secret,
      "{ viewer { gantryOrganizations(first: 10) { nodes { id name workspaces(first: 10) { nodes { id name } } } } } }",
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toEqual({
      message:
        "This operation's complexity is 122, above the limit of 30. Ask for smaller pages (first/last) or fewer nested lists.",
      extensions: { code: "BAD_USER_INPUT", complexity: 122, maxComplexity: 30 },
    });
    expect(response.headers["x-ratelimit-limit"]).toBe("1");
  });

  it("answers 429 with Retry-After once the key's processing-time budget is spent", async () => {
    const ada = await signUpUser(t, "ada");
    const key = await createKey(t, ada);
    const first = await postPublic(t, key.secret, "{ viewer { id } }");
    expect(first.statusCode).toBe(200);
    // The first request is admitted with the whole budget (1 ms) and charged at least 1 ms; a minute must pass
    // before 1 ms is back.
    const refused = await postPublic(t, key.secret, "{ viewer { id } }");
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(refused.headers["x-ratelimit-remaining"]).toBe("0");
    expect(refused.json().errors[0].extensions.code).toBe("RATE_LIMITED");
    // Another key of the same person has its own budget.
    const other = await createKey(t, ada, "other");
    expect((await postPublic(t, other.secret, "{ viewer { id } }")).statusCode).toBe(200);
  });
});
