import { testEngines } from "@gantry/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/app.js";
import { createOrganization, createWorkspace, field, gql, signUpUser, type TestUser } from "../testing/factories.js";

const SEARCH = `query ($pipeline: ID!, $sortType: IssueSortType, $order: IssueOrderInput) {
  searchIssuesByPipeline(pipelineId: $pipeline, sortType: $sortType, order: $order, first: 100) { nodes { title } }
}`;
const CREATE = `mutation ($input: CreateIssueInput!) { createIssue(input: $input) { issue { id } } }`;
const SET_ESTIMATE = `mutation ($issueId: ID!, $value: Float) { setEstimate(input: { issueId: $issueId, value: $value }) { issue { id } } }`;

/** Titles and estimates that order differently by title, estimate and board order. */
const ISSUES = [
  { title: "banana", estimate: 3 },
  { title: "Apple", estimate: 8 },
  { title: "cherry", estimate: null },
  { title: "Date", estimate: 1 },
];

/** Each order API clients may send, and the §9 sort type it means. */
const EQUIVALENTS = [
  [{ field: "title", direction: "ASC" }, "TITLE_AZ"],
  [{ field: "title", direction: "DESC" }, "TITLE_ZA"],
  [{ field: "created_at", direction: "ASC" }, "OLDEST"],
  [{ field: "created_at", direction: "DESC" }, "NEWEST"],
  [{ field: "estimate", direction: "ASC" }, "ESTIMATE_LOW_HIGH"],
  [{ field: "estimate", direction: "DESC" }, "ESTIMATE_HIGH_LOW"],
  [{ field: "time_in_pipeline", direction: "ASC" }, "TIME_IN_PIPELINE_NEW_OLD"],
  [{ field: "time_in_pipeline", direction: "DESC" }, "TIME_IN_PIPELINE_OLD_NEW"],
  [{ field: "assignees", direction: "ASC" }, "ASSIGNEE"],
  [{ field: "sprints", direction: "ASC" }, "SPRINT"],
] as const;

describe.each(testEngines())("searchIssuesByPipeline order (IssueOrderInput) on %s", (engine) => {
  let t: TestApp;
  let owner: TestUser;
  let pipeline: string;

  const titles = async (variables: Record<string, unknown>, user: TestUser | null = owner) => {
    const answer = await gql(t, user?.token ?? null, SEARCH, { pipeline, ...variables });
    return {
      answer,
      titles: answer.data
        ? field<{ nodes: { title: string }[] }>(answer, "searchIssuesByPipeline").nodes.map((node) => node.title)
        : null,
    };
  };

  beforeAll(async () => {
    let clock = Date.UTC(2026, 10, 23, 12);
    // Each issue is created a minute after the last, so created_at and time in pipeline differ.
    t = await createTestApp(
      { REQUIRE_EMAIL_VERIFICATION: "false", AUTH_RATE_LIMIT_PER_MINUTE: "10000" },
      {
        engine,
        now: () => {
          clock += 60_000;
          return new Date(clock);
        },
      },
    );
    owner = await signUpUser(t, "owner");
    const workspace = await createWorkspace(t, owner, await createOrganization(t, owner));
    const board = field<{ gantryRepository: { id: string }; pipelines: { id: string }[] }>(
      await gql(
        t,
        owner.token,
        "query ($id: ID!) { workspace(id: $id) { gantryRepository { id } pipelines { id } } }",
        {
          id: workspace,
        },
      ),
      "workspace",
    );
    pipeline = board.pipelines[0]?.id ?? "";
    for (const { title, estimate } of ISSUES) {
      const created = await gql(t, owner.token, CREATE, {
        input: { repositoryId: board.gantryRepository.id, title, pipelineId: pipeline },
      });
      const { issue } = field<{ issue: { id: string } }>(created, "createIssue");
      if (estimate !== null) await gql(t, owner.token, SET_ESTIMATE, { issueId: issue.id, value: estimate });
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it("orders as the sort type each order means", async () => {
    expect((await titles({ order: { field: "title", direction: "DESC" } })).titles).toEqual([
      "Date",
      "cherry",
      "banana",
      "Apple",
    ]);
    expect((await titles({ order: { field: "estimate", direction: "DESC" } })).titles).toEqual([
      "Apple",
      "banana",
      "Date",
      "cherry",
    ]);
    for (const [order, sortType] of EQUIVALENTS) {
      const byOrder = await titles({ order });
      expect(byOrder.titles, `${order.field} ${order.direction}`).toEqual((await titles({ sortType })).titles);
    }
  });

  it("reads board order when neither is given", async () => {
    expect((await titles({})).titles).toEqual((await titles({ sortType: "SORT_TYPE_MANUAL" })).titles);
  });

  it("refuses orders with no sort type, and both at once, with a clear message", async () => {
    const stale = await titles({ order: { field: "updated_at", direction: "DESC" } });
    expect(stale.answer.errors?.[0]).toMatchObject({
      message:
        "A pipeline's issues cannot be ordered by updated_at DESC. They can be ordered by assignees ASC, created_at ASC, created_at DESC, sprints ASC, title ASC, title DESC, estimate ASC, estimate DESC, time_in_pipeline ASC, time_in_pipeline DESC.",
      extensions: { code: "BAD_USER_INPUT", field: "order" },
    });
    const assigneesDown = await titles({ order: { field: "assignees", direction: "DESC" } });
    expect(assigneesDown.answer.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    const both = await titles({ sortType: "TITLE_AZ", order: { field: "title", direction: "ASC" } });
    expect(both.answer.errors?.[0]).toMatchObject({
      message: "Give either sortType or order, not both.",
      extensions: { code: "BAD_USER_INPUT" },
    });
  });

  it("answers UNAUTHENTICATED when signed out and FORBIDDEN outside the workspace", async () => {
    const order = { field: "title", direction: "ASC" };
    expect((await titles({ order }, null)).answer.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    const stranger = await signUpUser(t, "stranger");
    expect((await titles({ order }, stranger)).answer.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });
});
