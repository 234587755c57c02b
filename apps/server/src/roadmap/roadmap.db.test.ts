import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { decodeGlobalID } from "@pothos/plugin-relay";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/app.js";
import { field, type GraphQLAnswer, gql } from "../testing/factories.js";
import { type WorkspaceIssues, workspaceWithIssues } from "../testing/workspace-issues.js";

const ITEM = `__typename
  ... on GantryEpic { id title epicState: state startOn endOn
    progress: gantryIssueCountProgress { closed total } points: gantryIssueEstimateProgress { closed total } }
  ... on Release { id title releaseState: state startOn endOn
    progress: issueCountProgress { closed total } points: issueEstimateProgress { closed total } }`;
const ROADMAP = `query ($id: ID!, $types: [RoadmapItemType!], $gantryEpicIds: [ID!], $releaseIds: [ID!]) {
  workspace(id: $id) {
    roadmapItems(types: $types, gantryEpicIds: $gantryEpicIds, releaseIds: $releaseIds) { totalCount nodes { ${ITEM} } }
  }
}`;
const CREATE_EPIC = `mutation ($workspaceId: ID!, $title: String!) {
  createGantryEpic(input: { workspaceId: $workspaceId, gantryEpic: { title: $title } }) { gantryEpic { id } }
}`;
const EPIC_DATES = `mutation ($id: ID!, $startOn: ISO8601Date, $endOn: ISO8601Date) {
  updateGantryEpicDates(input: { gantryEpicId: $id, startOn: $startOn, endOn: $endOn }) { gantryEpic { startOn endOn } }
}`;
const CREATE_RELEASE = `mutation ($workspaceId: ID!, $title: String!, $startOn: ISO8601Date, $endOn: ISO8601Date) {
  createRelease(input: { workspaceId: $workspaceId, release: { title: $title, startOn: $startOn, endOn: $endOn } }) { release { id } }
}`;
const RELEASE_DATES = `mutation ($id: ID!, $startOn: ISO8601Date, $endOn: ISO8601Date) {
  updateRelease(input: { releaseId: $id, release: { startOn: $startOn, endOn: $endOn } }) { release { startOn endOn } }
}`;
const ADD_TO_GANTRY_EPICS = `mutation ($issueIds: [ID!]!, $ids: [ID!]!) {
  addIssuesToGantryEpics(input: { issueIds: $issueIds, gantryEpicIds: $ids }) { successCount }
}`;
const ADD_TO_RELEASES = `mutation ($issueIds: [ID!]!, $ids: [ID!]!) {
  addIssuesToReleases(input: { issueIds: $issueIds, releaseIds: $ids }) { successCount }
}`;

interface Item {
  __typename: "GantryEpic" | "Release";
  id: string;
  title: string;
  epicState?: string;
  releaseState?: string;
  startOn: string | null;
  endOn: string | null;
  progress: { closed: number; total: number };
  points: { closed: number; total: number };
}

const errorOf = (answer: GraphQLAnswer) => answer.errors?.[0]?.extensions?.code;

describe.each(testEngines())("the roadmap on %s", (engine) => {
  let t: TestApp;
  let w: WorkspaceIssues;
  let epic: string;
  let undatedEpic: string;
  let release: string;

  beforeAll(async () => {
    t = await createTestApp({ REQUIRE_EMAIL_VERIFICATION: "false", AUTH_RATE_LIMIT_PER_MINUTE: "10000" }, { engine });
    w = await workspaceWithIssues(t, { native: 2, gitHub: 2 });
    const createEpic = async (title: string) =>
      field<{ gantryEpic: { id: string } }>(
        await gql(t, w.owner.token, CREATE_EPIC, { workspaceId: w.workspace, title }),
        "createGantryEpic",
      ).gantryEpic.id;
    epic = await createEpic("Checkout");
    undatedEpic = await createEpic("Accessibility");
    await gql(t, w.owner.token, EPIC_DATES, { id: epic, startOn: "2026-11-21", endOn: "2026-12-04" });
    release = field<{ release: { id: string } }>(
      await gql(t, w.owner.token, CREATE_RELEASE, {
        workspaceId: w.workspace,
        title: "v2",
        startOn: "2026-11-01",
        endOn: "2026-12-20",
      }),
      "createRelease",
    ).release.id;
    const [first, second] = w.native;
    const [third] = w.gitHub;
    if (!first || !second || !third) throw new Error("issues missing");
    await gql(t, w.owner.token, ADD_TO_GANTRY_EPICS, { issueIds: [first, second, third], ids: [epic] });
    await gql(t, w.owner.token, ADD_TO_RELEASES, { issueIds: [first, third], ids: [release] });
    await t.database.db
      .update(schema.issues)
      .set({ estimate: 3, state: "closed" })
      .where(inArray(schema.issues.id, [decodeGlobalID(first).id]));
    await t.database.db
      .update(schema.issues)
      .set({ estimate: 5 })
      .where(inArray(schema.issues.id, [decodeGlobalID(third).id]));
  });
  afterAll(async () => {
    await t.close();
  });

  const read = async (token: string, variables: Record<string, unknown> = {}) =>
    field<{ roadmapItems: { totalCount: number; nodes: Item[] } }>(
      await gql(t, token, ROADMAP, { id: w.workspace, ...variables }),
      "workspace",
    ).roadmapItems;

  it("lists epics and releases with dates and progress, dated by start and then undated by title", async () => {
    const roadmap = await read(w.viewer.token);
    expect(roadmap.totalCount).toBe(3);
    expect(roadmap.nodes.map((item) => [item.__typename, item.title, item.startOn, item.endOn])).toEqual([
      ["Release", "v2", "2026-11-01", "2026-12-20"],
      ["GantryEpic", "Checkout", "2026-11-21", "2026-12-04"],
      ["GantryEpic", "Accessibility", null, null],
    ]);
    const [v2, checkout, undated] = roadmap.nodes;
    expect(v2).toMatchObject({
      releaseState: "OPEN",
      progress: { closed: 1, total: 2 },
      points: { closed: 3, total: 8 },
    });
    expect(checkout).toMatchObject({
      epicState: "OPEN",
      progress: { closed: 1, total: 3 },
      points: { closed: 3, total: 8 },
    });
    expect(undated).toMatchObject({ id: undatedEpic, progress: { closed: 0, total: 0 } });
  });

  it("filters by kind, by epic and by release", async () => {
    const titles = async (variables: Record<string, unknown>) =>
      (await read(w.owner.token, variables)).nodes.map((item) => item.title);
    expect(await titles({ types: ["RELEASE"] })).toEqual(["v2"]);
    expect(await titles({ types: ["GANTRY_EPIC"] })).toEqual(["Checkout", "Accessibility"]);
    expect(await titles({ gantryEpicIds: [undatedEpic] })).toEqual(["Accessibility"]);
    expect(await titles({ releaseIds: [release] })).toEqual(["v2"]);
    expect(await titles({ gantryEpicIds: [epic], releaseIds: [release] })).toEqual(["v2", "Checkout"]);
    expect(await titles({ types: ["RELEASE"], gantryEpicIds: [epic] })).toEqual([]);
  });

  it("keeps dates changed through the epic and release mutations", async () => {
    field(
      await gql(t, w.owner.token, EPIC_DATES, { id: epic, startOn: "2026-11-23", endOn: "2026-12-06" }),
      "updateGantryEpicDates",
    );
    field(await gql(t, w.owner.token, RELEASE_DATES, { id: release, endOn: "2026-12-27" }), "updateRelease");
    const roadmap = await read(w.owner.token, { gantryEpicIds: [epic], releaseIds: [release] });
    expect(roadmap.nodes.map((item) => [item.title, item.startOn, item.endOn])).toEqual([
      ["v2", "2026-11-01", "2026-12-27"],
      ["Checkout", "2026-11-23", "2026-12-06"],
    ]);
  });

  it("refuses date changes from viewers and outsiders, and refuses an end before the start, changing nothing", async () => {
    expect(errorOf(await gql(t, w.viewer.token, EPIC_DATES, { id: epic, startOn: "2027-01-01" }))).toBe("FORBIDDEN");
    expect(errorOf(await gql(t, w.viewer.token, RELEASE_DATES, { id: release, startOn: "2027-01-01" }))).toBe(
      "FORBIDDEN",
    );
    expect(errorOf(await gql(t, w.outsider.token, EPIC_DATES, { id: epic, startOn: "2027-01-01" }))).toBe("NOT_FOUND");
    expect(errorOf(await gql(t, w.owner.token, EPIC_DATES, { id: epic, endOn: "2026-01-01" }))).toBe("BAD_USER_INPUT");
    expect(errorOf(await gql(t, w.owner.token, RELEASE_DATES, { id: release, startOn: "2027-06-01" }))).toBe(
      "BAD_USER_INPUT",
    );
    const roadmap = await read(w.owner.token, { gantryEpicIds: [epic], releaseIds: [release] });
    expect(roadmap.nodes.map((item) => [item.title, item.startOn, item.endOn])).toEqual([
      ["v2", "2026-11-01", "2026-12-27"],
      ["Checkout", "2026-11-23", "2026-12-06"],
    ]);
  });

  it("shows nothing to people outside the workspace", async () => {
    expect(errorOf(await gql(t, w.outsider.token, ROADMAP, { id: w.workspace }))).toBeDefined();
  });
});
