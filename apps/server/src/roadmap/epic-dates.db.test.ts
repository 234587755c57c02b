import { testEngines } from "@gantry/db/testing";
import { decodeGlobalID, encodeGlobalID } from "@pothos/plugin-relay";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/app.js";
import { errorOf, field, gql } from "../testing/factories.js";
import { type WorkspaceIssues, workspaceWithIssues } from "../testing/workspace-issues.js";

const CREATE_EPIC = `mutation ($issueId: ID!, $children: [ID!]) {
  createEpicFromIssue(input: { issueId: $issueId, epicChildIds: $children }) { epic { id } }
}`;
const DATES = `mutation ($id: ID!, $startOn: ISO8601Date, $endOn: ISO8601Date) {
  updateEpicDates(input: { epicId: $id, startOn: $startOn, endOn: $endOn }) { epic { id startOn endOn } }
}`;
const ITEM = `__typename
  ... on Epic { id startOn endOn issue { title } issueCountProgress { closed total } workspace { id } }
  ... on GantryEpic { id title }
  ... on Release { id title }`;
const WORKSPACE_ROADMAP = `query ($id: ID!, $types: [RoadmapItemType!], $epicIds: [ID!]) {
  workspace(id: $id) { roadmapItems(types: $types, epicIds: $epicIds) { nodes { ${ITEM} } } }
}`;
const ORGANIZATION_ROADMAP = `query ($id: ID!) {
  node(id: $id) { ... on GantryOrganization { roadmapItems(types: [EPIC]) { nodes { ${ITEM} } } } }
}`;

interface Node {
  __typename: string;
  id: string;
  startOn?: string | null;
  endOn?: string | null;
  issue?: { title: string };
  issueCountProgress?: { closed: number; total: number };
  workspace?: { id: string } | null;
}

describe.each(testEngines())("GitHub epics on the roadmap on %s", (engine) => {
  let t: TestApp;
  let w: WorkspaceIssues;
  let epic: string;

  beforeAll(async () => {
    t = await createTestApp({ REQUIRE_EMAIL_VERIFICATION: "false", AUTH_RATE_LIMIT_PER_MINUTE: "10000" }, { engine });
    w = await workspaceWithIssues(t, { native: 1, gitHub: 3 });
    const [gitHubEpic = "", child = ""] = w.gitHub;
    epic = field<{ epic: { id: string } }>(
      await gql(t, w.owner.token, CREATE_EPIC, { issueId: gitHubEpic, children: [child] }),
      "createEpicFromIssue",
    ).epic.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const roadmap = async (variables: Record<string, unknown> = {}) =>
    field<{ roadmapItems: { nodes: Node[] } }>(
      await gql(t, w.owner.token, WORKSPACE_ROADMAP, { id: w.workspace, ...variables }),
      "workspace",
    ).roadmapItems.nodes;

  it("refuses the signed out, bad dates, an issue that is not an epic, and viewers, changing nothing", async () => {
    const dates = { id: epic, startOn: "2026-12-01", endOn: "2026-12-20" };
    expect(errorOf(await gql(t, null, DATES, dates)).code).toBe("UNAUTHENTICATED");
    expect(errorOf(await gql(t, w.owner.token, DATES, { ...dates, endOn: "2026-11-30" }))).toEqual({
      code: "BAD_USER_INPUT",
      message: "An epic cannot end before it starts.",
    });
    // Another GitHub issue, addressed as an epic: the mutation checks it is one.
    const notAnEpic = encodeGlobalID("Epic", decodeGlobalID(w.gitHub[2] ?? "").id);
    expect(errorOf(await gql(t, w.owner.token, DATES, { ...dates, id: notAnEpic }))).toEqual({
      code: "BAD_USER_INPUT",
      message: "This issue is not an epic.",
    });
    expect(errorOf(await gql(t, w.viewer.token, DATES, dates))).toEqual({
      code: "FORBIDDEN",
      message: "You do not have permission to do this in this workspace.",
    });
    expect(errorOf(await gql(t, w.outsider.token, DATES, dates)).code).toBe("NOT_FOUND");
    const [listed] = await roadmap({ types: ["EPIC"] });
    expect(listed).toMatchObject({ id: epic, startOn: null, endOn: null });
  });

  it("stores an editor's dates, keeps a left-out day, and lists the epic on the workspace's and organisation's roadmaps", async () => {
    const saved = await gql(t, w.owner.token, DATES, { id: epic, startOn: "2026-12-01", endOn: "2026-12-20" });
    expect(field<{ epic: Node }>(saved, "updateEpicDates").epic).toEqual({
      id: epic,
      startOn: "2026-12-01",
      endOn: "2026-12-20",
    });
    const later = await gql(
      t,
      w.owner.token,
      'mutation ($id: ID!) { updateEpicDates(input: { epicId: $id, endOn: "2027-01-08" }) { epic { startOn endOn } } }',
      { id: epic },
    );
    expect(field<{ epic: Node }>(later, "updateEpicDates").epic).toEqual({
      startOn: "2026-12-01",
      endOn: "2027-01-08",
    });

    const epics = await roadmap({ types: ["EPIC"] });
    expect(epics).toEqual([
      {
        __typename: "Epic",
        id: epic,
        startOn: "2026-12-01",
        endOn: "2027-01-08",
        issue: { title: expect.any(String) },
        issueCountProgress: { closed: 0, total: 1 },
        workspace: { id: w.workspace },
      },
    ]);
    expect((await roadmap({ epicIds: [epic] })).map((node) => node.id)).toEqual([epic]);
    const everything = await roadmap();
    expect(everything.filter((node) => node.__typename === "Epic").map((node) => node.id)).toEqual([epic]);

    const organization = field<{ roadmapItems: { nodes: Node[] } }>(
      await gql(t, w.owner.token, ORGANIZATION_ROADMAP, { id: w.organization }),
      "node",
    ).roadmapItems.nodes;
    expect(organization.map((node) => [node.id, node.workspace?.id])).toEqual([[epic, w.workspace]]);
  });
});
