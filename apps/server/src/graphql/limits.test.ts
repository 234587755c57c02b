import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/app.js";
import { DEFAULT_OPERATION_LIMITS } from "./limits.js";

/** `workspace → gantryOrganization → workspaces → nodes → gantryOrganization …`, `depth` fields deep. */
function nestedQuery(depth: number): string {
  const levels = ["gantryOrganization", "workspaces", "nodes"];
  // The innermost field: a connection's count under `workspaces`, else an id.
  let body = levels[(depth - 3) % 3] === "workspaces" ? "totalCount" : "id";
  for (let level = depth - 1; level >= 2; level -= 1) body = `${levels[(level - 2) % 3]} { ${body} }`;
  const id = Buffer.from("Workspace:00000000-0000-4000-8000-000000000000").toString("base64");
  return `{ workspace(id: "${id}") { ${body} } }`;
}

describe("limits of /graphql", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (payload: unknown, url = "/graphql") =>
    t.app.inject({ method: "POST", url, payload: payload as object });
  const firstError = async (query: string) => (await post({ query })).json().errors[0];

  it("refuses an operation nested deeper than the limit before running it, naming the depth", async () => {
    const error = await firstError(nestedQuery(DEFAULT_OPERATION_LIMITS.maxDepth + 1));
    expect(error.extensions).toMatchObject({ code: "BAD_USER_INPUT", limit: "DEPTH", depth: 16, maxDepth: 15 });
    expect(error.message).toBe("This operation nests fields 16 deep, above the limit of 15.");
  });

  it("runs an operation at the depth limit (and then asks who is calling)", async () => {
    const error = await firstError(nestedQuery(DEFAULT_OPERATION_LIMITS.maxDepth));
    expect(error.extensions.code).toBe("UNAUTHENTICATED");
  });

  it("refuses more aliases than the limit, and accepts as many as it", async () => {
    const aliases = (count: number) =>
      `{ ${Array.from({ length: count }, (_, index) => `v${index}: version`).join(" ")} }`;
    const refused = await firstError(aliases(DEFAULT_OPERATION_LIMITS.maxAliases + 1));
    expect(refused.extensions).toMatchObject({ code: "BAD_USER_INPUT", limit: "ALIASES", aliases: 31 });
    const accepted = (await post({ query: aliases(DEFAULT_OPERATION_LIMITS.maxAliases) })).json();
    expect(accepted.errors).toBeUndefined();
    expect(Object.keys(accepted.data)).toHaveLength(30);
  });

  it("refuses a page above 100 items, also when the size comes in a variable", async () => {
    const query = "query ($n: Int) { viewer { gantryOrganizations(first: $n) { nodes { id } } } }";
    const error = (await post({ query, variables: { n: 101 } })).json().errors[0];
    expect(error.extensions).toMatchObject({ code: "BAD_USER_INPUT", limit: "PAGE_SIZE", maxPageSize: 100 });
    expect(error.message).toBe(
      "gantryOrganizations asks for 101 items; a page holds at most 100. Page through with after/before.",
    );
    const atLimit = (await post({ query, variables: { n: 100 } })).json().errors[0];
    expect(atLimit.extensions.code).toBe("UNAUTHENTICATED");
  });

  it("judges each request of a repeated operation alike: refused every time above a limit, accepted every time within", async () => {
    const aliases = (count: number) =>
      `{ ${Array.from({ length: count }, (_, index) => `v${index}: version`).join(" ")} }`;
    for (let round = 0; round < 3; round++) {
      const refused = await firstError(aliases(DEFAULT_OPERATION_LIMITS.maxAliases + 1));
      expect(refused.extensions, `round ${round}`).toMatchObject({ limit: "ALIASES", aliases: 31 });
      const accepted = (await post({ query: aliases(DEFAULT_OPERATION_LIMITS.maxAliases) })).json();
      expect(accepted.errors, `round ${round}`).toBeUndefined();
    }
    // A page size from a variable is judged on each request's own value, after one within the limit.
    const query = "query ($n: Int) { viewer { gantryOrganizations(first: $n) { nodes { id } } } }";
    for (const [n, code] of [
      [100, "UNAUTHENTICATED"],
      [101, "BAD_USER_INPUT"],
      [100, "UNAUTHENTICATED"],
    ] as const) {
      const error = (await post({ query, variables: { n } })).json().errors[0];
      expect(error.extensions.code, `first: ${n}`).toBe(code);
    }
  });

  it("refuses an operation whose worst case is above the complexity limit", async () => {
    const query = `{ viewer { gantryOrganizations(first: 100) { nodes { workspaces(first: 100) { nodes {
      repositoriesConnection(first: 100) { nodes { repository { issues(first: 100) { nodes { id title } } } } } } } } } } }`;
    const error = await firstError(query);
    expect(error.extensions).toMatchObject({ code: "BAD_USER_INPUT", limit: "COMPLEXITY", maxComplexity: 5_000_000 });
    expect(error.extensions.complexity).toBeGreaterThan(5_000_000);
  });

  it("answers one operation per request: a batch (JSON array) is refused", async () => {
    const response = await post([{ query: "{ version }" }, { query: "{ version }" }]);
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).not.toContain("4.5.51");
  });

  it("refuses a request body above 1 MiB with 413", async () => {
    const response = await post({ query: "{ version }", variables: { padding: "x".repeat(1_100_000) } });
    expect(response.statusCode).toBe(413);
  });
});
