import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { decodeGlobalID } from "@pothos/plugin-relay";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/app.js";
import { errorOf, field, gql } from "../testing/factories.js";
import { type WorkspaceIssues, workspaceWithIssues } from "../testing/workspace-issues.js";

const ISSUES = `query ($id: ID!, $first: Int, $after: String, $repositoryIds: [ID!], $query: String) {
  workspace(id: $id) {
    issues(first: $first, after: $after, repositoryIds: $repositoryIds, query: $query) {
      totalCount
      pageInfo { hasNextPage endCursor }
      nodes { id title state }
    }
  }
}`;

interface IssuePage {
  totalCount: number;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  nodes: { id: string; title: string; state: string }[];
}

describe.each(testEngines())("Workspace.issues on %s", (engine) => {
  let t: TestApp;
  let w: WorkspaceIssues;

  beforeAll(async () => {
    t = await createTestApp({ REQUIRE_EMAIL_VERIFICATION: "false", AUTH_RATE_LIMIT_PER_MINUTE: "10000" }, { engine });
    // GitHub issues inserted in one go share their update time: the order must still be stable.
    w = await workspaceWithIssues(t, { native: 4, gitHub: 5 });
    await t.database.db
      .update(schema.issues)
      .set({ state: "closed", closedAt: new Date() })
      .where(eq(schema.issues.id, decodeGlobalID(w.gitHub[0] as string).id));
  });
  afterAll(async () => {
    await t.close();
  });

  const page = async (variables: Record<string, unknown>, token = w.owner.token) =>
    field<{ issues: IssuePage }>(await gql(t, token, ISSUES, { id: w.workspace, ...variables }), "workspace").issues;

  it("pages through every issue, open and closed, each exactly once", async () => {
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const current: IssuePage = await page({ first: 2, after });
      expect(current.totalCount).toBe(9);
      seen.push(...current.nodes.map((node) => node.id));
      after = current.pageInfo.hasNextPage ? current.pageInfo.endCursor : null;
    } while (after);
    expect([...seen].sort()).toEqual([...w.native, ...w.gitHub].sort());
    const all = await page({ first: 100 });
    expect(all.nodes.find((node) => node.id === w.gitHub[0])?.state).toBe("CLOSED");
  });

  it("narrows to repositories and to title text or number", async () => {
    const repositories = field<{ repositoriesConnection: { nodes: { repository: { id: string; name: string } }[] } }>(
      await gql(
        t,
        w.owner.token,
        "query ($id: ID!) { workspace(id: $id) { repositoriesConnection { nodes { repository { id name } } } } }",
        {
          id: w.workspace,
        },
      ),
      "workspace",
    ).repositoriesConnection.nodes.map((node) => node.repository);
    const gitHubRepository = repositories.find((repository) => repository.name === w.gitHubRepository.name);
    const inGitHub = await page({ first: 100, repositoryIds: [gitHubRepository?.id] });
    expect(inGitHub.nodes.map((node) => node.id).sort()).toEqual([...w.gitHub].sort());
    expect((await page({ first: 100, query: "native 3" })).nodes.map((node) => node.title)).toEqual(["Native 3"]);
    expect((await page({ first: 100, query: "#102" })).nodes.map((node) => node.title)).toEqual(["GitHub 2"]);
  });

  it("shows a workspace's issues to no one outside it", async () => {
    const answer = await gql(t, w.outsider.token, ISSUES, { id: w.workspace, first: 10 });
    expect(errorOf(answer).code).toMatch(/FORBIDDEN|NOT_FOUND/);
    expect(answer.data?.workspace ?? null).toBeNull();
  });
});
