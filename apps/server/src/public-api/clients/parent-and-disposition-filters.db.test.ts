import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { decodeGlobalID } from "@pothos/plugin-relay";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/app.js";
import type { GraphQLAnswer } from "../../testing/factories.js";
import { type WorkspaceIssues, workspaceWithIssues } from "../../testing/workspace-issues.js";
import { ZENHUB_GRAPHQL_PATH } from "../route.js";
import { createKey, placeFixtureIssues, publicGql } from "../testing.js";

// Board filters a ZenHub script sends on searchIssuesByPipeline and issueCounts: the parent-issue special
// values and the issue type disposition (decision 0100), typed as the reference types them.

const PIPELINES = `
query Pipelines($workspaceId: ID!) {
  workspace(id: $workspaceId) { pipelinesConnection(first: 1) { nodes { id name } } }
}`;

const PIPELINE_ISSUES = `
query PipelineIssues($pipelineId: ID!, $filters: IssueSearchFiltersInput!, $workspaceId: ID!) {
  byFilters: searchIssuesByPipeline(pipelineId: $pipelineId, filters: $filters, first: 50) {
    totalCount
    nodes { ...IssueFacts }
  }
  workspace(id: $workspaceId) {
    pipelinesConnection(first: 1) { nodes { issueCounts(filters: $filters) { issuesCount } } }
  }
}
fragment IssueFacts on Issue { title issueType { ... on BaseIssueType { name } } parentIssue { title } }`;

const SAVE_VIEW = `
mutation SaveView($input: CreateSavedViewInput!) {
  createSavedView(input: $input) { savedView { name filters } }
}`;

// The tree: Roadmap has Login and Signup below it; Login has Button below it. Two issues stand alone.
const TITLES = ["Roadmap", "Login", "Signup", "Button", "Typed alone", "Untyped alone"] as const;
type Title = (typeof TITLES)[number];
const TYPES: Partial<Record<Title, string>> = { Roadmap: "Feature", Login: "Bug", "Typed alone": "Task" };
const PARENTS: Partial<Record<Title, Title>> = { Login: "Roadmap", Signup: "Roadmap", Button: "Login" };
const LABELS: Partial<Record<Title, string>> = { Signup: "ux", "Typed alone": "ux" };

interface IssueFacts {
  title: string;
  issueType: { name?: string } | null;
  parentIssue: { title: string } | null;
}

describe.each(testEngines())("parent and issue type disposition filters sent by a ZenHub script, on %s", (engine) => {
  let t: TestApp;
  let w: WorkspaceIssues;
  let key: string;
  let pipelineId: string;

  const data = async (query: string, variables: Record<string, unknown>) => {
    const answer: GraphQLAnswer = await publicGql(t, key, query, variables, ZENHUB_GRAPHQL_PATH);
    expect(answer.errors).toBeUndefined();
    return answer.data as Record<string, unknown>;
  };

  /** The pipeline's issues the filters keep; issueCounts must count as many for the same filters. */
  const keptIssues = async (filters: Record<string, unknown>) => {
    const answer = (await data(PIPELINE_ISSUES, { pipelineId, filters, workspaceId: w.workspace })) as {
      byFilters: { totalCount: number; nodes: IssueFacts[] };
      workspace: { pipelinesConnection: { nodes: { issueCounts: { issuesCount: number } }[] } };
    };
    const { totalCount, nodes } = answer.byFilters;
    expect(totalCount).toBe(nodes.length);
    expect(answer.workspace.pipelinesConnection.nodes[0]?.issueCounts.issuesCount).toBe(nodes.length);
    return nodes;
  };
  const kept = async (filters: Record<string, unknown>) => (await keptIssues(filters)).map((node) => node.title).sort();
  const sorted = (...titles: Title[]) => [...titles].sort();

  beforeAll(async () => {
    t = await createTestApp({ REQUIRE_EMAIL_VERIFICATION: "false", AUTH_RATE_LIMIT_PER_MINUTE: "10000" }, { engine });
    w = await workspaceWithIssues(t, { native: 0, gitHub: TITLES.length });
    key = (await createKey(t, w.owner)).secret;
    const db = t.database.db;
    const ids = Object.fromEntries(TITLES.map((title, index) => [title, decodeGlobalID(w.gitHub[index] ?? "").id]));
    for (const title of TITLES) {
      const parent = PARENTS[title];
      const label = LABELS[title];
      await db
        .update(schema.issues)
        .set({
          title,
          issueType: TYPES[title] ?? null,
          parentIssueId: parent ? ids[parent] : null,
          labels: label ? [{ name: label, color: "ededed" }] : [],
        })
        .where(eq(schema.issues.id, ids[title] ?? ""));
    }
    await placeFixtureIssues(t, w.gitHub[0] ?? "");
    const pipelines = (await data(PIPELINES, { workspaceId: w.workspace })) as {
      workspace: { pipelinesConnection: { nodes: { id: string }[] } };
    };
    pipelineId = pipelines.workspace.pipelinesConnection.nodes[0]?.id ?? "";
  });

  afterAll(async () => {
    await t?.close();
  });

  it("keeps every issue without the new filters, so the tree is on the pipeline", async () => {
    expect(await kept({})).toEqual(sorted(...TITLES));
  });

  it("reads each parent-issue special value by whether an issue has a parent and whether it is one", async () => {
    const special = (specialFilters: string) => kept({ parentIssues: { specialFilters } });
    expect(await special("parents_with_children")).toEqual(sorted("Roadmap", "Login", "Signup", "Button"));
    const children = await keptIssues({ parentIssues: { specialFilters: "not_a_parent" } });
    expect(children.map((issue) => [issue.title, issue.parentIssue?.title ?? null])).toEqual(
      expect.arrayContaining([
        ["Signup", "Roadmap"],
        ["Button", "Login"],
        ["Untyped alone", null],
      ]),
    );
    expect(await special("parents_only")).toEqual(sorted("Roadmap", "Login"));
    expect(await special("not_in_parent")).toEqual(sorted("Roadmap", "Typed alone", "Untyped alone"));
    expect(await special("not_a_parent")).toEqual(sorted("Signup", "Button", "Typed alone", "Untyped alone"));
  });

  it("adds a special value to the parents chosen by id: an issue matching either is kept", async () => {
    const login = w.gitHub[TITLES.indexOf("Login")];
    expect(await kept({ parentIssues: { ids: [login], specialFilters: "not_in_parent" } })).toEqual(
      sorted("Button", "Roadmap", "Typed alone", "Untyped alone"),
    );
  });

  it("keeps issues by where their type shows: Gantry's types all show on the board", async () => {
    const disposition = (issueIssueTypeDisposition: string) => kept({ issueIssueTypeDisposition });
    expect(await disposition("ANY")).toEqual(sorted(...TITLES));
    expect(await disposition("BOARD")).toEqual(sorted(...TITLES));
    expect(await disposition("BOARD_ONLY")).toEqual(sorted("Roadmap", "Login", "Typed alone"));
    expect(await disposition("PLANNING_PANEL")).toEqual(sorted("Signup", "Button", "Untyped alone"));
    expect(await disposition("PLANNING_PANEL_ONLY")).toEqual([]);
    // The issues' own types, as the same query reads them, agree.
    const typed = await keptIssues({ issueIssueTypeDisposition: "BOARD_ONLY" });
    expect(typed.map((issue) => issue.issueType?.name).sort()).toEqual(["Bug", "Feature", "Task"]);
  });

  it("applies the disposition whatever matchType is, and combines the parent values by it", async () => {
    const filters = {
      matchType: "any",
      labels: { in: ["ux"] },
      parentIssues: { specialFilters: "parents_only" },
      issueIssueTypeDisposition: "BOARD_ONLY",
    };
    // Any: a label or a parent, then only the typed ones.
    expect(await kept(filters)).toEqual(sorted("Roadmap", "Login", "Typed alone"));
    // All: a label and a parent: none has both.
    expect(await kept({ ...filters, matchType: "all" })).toEqual([]);
    expect(await kept({ ...filters, matchType: "all", labels: null })).toEqual(sorted("Roadmap", "Login"));
  });

  it("refuses a value the reference's enums do not hold", async () => {
    const answer = await publicGql(
      t,
      key,
      PIPELINE_ISSUES,
      { pipelineId, workspaceId: w.workspace, filters: { parentIssues: { specialFilters: "orphans" } } },
      ZENHUB_GRAPHQL_PATH,
    );
    expect(answer.errors?.[0]?.message).toMatch(/ParentIssueSpecialFilter/);
  });

  it("saves a view with both filters as board filters, in the form the board's link carries", async () => {
    const answer = (await data(SAVE_VIEW, {
      input: {
        workspaceId: w.workspace,
        name: "Top-level typed",
        filters: { parentIssues: { specialFilters: "not_in_parent" }, issueIssueTypeDisposition: "BOARD_ONLY" },
      },
    })) as { createSavedView: { savedView: { filters: { filters: Record<string, unknown> } } } };
    expect(answer.createSavedView.savedView.filters.filters).toMatchObject({
      parentIssues: { ids: [], recursiveIds: [], settings: ["not_in_parent"] },
      issueTypeDisposition: "BOARD_ONLY",
    });
  });
});
