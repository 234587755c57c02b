import { testEngines } from "@gantry/db/testing";
import { decodeGlobalID } from "@pothos/plugin-relay";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../testing/app.js";
import { errorOf, field, gql, type TestUser, workspaceBoard } from "../testing/factories.js";
import { issueFieldSeeder } from "../testing/issue-fields.js";
import { createSignUpTestApp, workspaceTeam } from "../testing/team.js";

// Every kind of field a board card reads (the web app's selection, apps/web/src/board/api.ts).
const CARD = `id number title body createdAt state pullRequest htmlUrl type labels { name color } assignees { login }
  user { login } repository { id ghId name ownerName } issueType { ... on BaseIssueType { name } } estimate { value }
  milestone { title } parentIssue { id number title }
  issueCountProgress { open closed total } issueEstimateProgress { open closed total }
  parentEpics { nodes { issue { id number title } } } parentGantryEpics(workspaceId: $workspaceId) { nodes { id title } }
  sprints(workspaceId: $workspaceId) { nodes { id name startAt } } predictedSprint(workspaceId: $workspaceId) { id name }
  releases(workspaceId: $workspaceId) { nodes { id title } }
  blockingIssues(workspaceId: $workspaceId) { totalCount } blockedIssues(workspaceId: $workspaceId) { totalCount }
  pipelineIssue(workspaceId: $workspaceId) { latestTransferTime priority { id name color rank } }`;
const OPEN_PAGE = `query ($pipelineId: ID!, $workspaceId: ID!, $first: Int!) {
  searchIssuesByPipeline(pipelineId: $pipelineId, first: $first) { nodes { ${CARD} } }
}`;
const CREATE = `mutation ($input: CreateIssueInput!) { createIssue(input: $input) { issue { id } } }`;
// A mutation runs on graphql-js's executor; its answer must read exactly as the compiled query's.
const SET_ESTIMATE = `mutation ($issueId: ID!, $value: Float, $workspaceId: ID!) {
  setEstimate(input: { issueId: $issueId, value: $value }) { issue { ${CARD} } }
}`;

type Card = Record<string, unknown> & { id: string; title: string };

describe.each(testEngines())("queries on the compiled executor, on %s", (engine) => {
  let t: TestApp;
  let owner: TestUser;
  let workspace: string;
  let inbox: string;

  beforeAll(async () => {
    t = await createSignUpTestApp(engine);
    ({ owner, workspace } = await workspaceTeam(t, {}));
    const read = await workspaceBoard(t, owner, workspace);
    inbox = read.pipelines[1] ?? "";
    const ids: string[] = [];
    for (const title of ["Epic", "Child", "Blocker"]) {
      const answer = await gql(t, owner.token, CREATE, {
        input: { repositoryId: read.gantryRepository, title, pipelineId: inbox, labels: ["bug"] },
      });
      ids.push(decodeGlobalID(field<{ issue: { id: string } }>(answer, "createIssue").issue.id).id);
    }
    const [epic = "", child = "", blocker = ""] = ids;
    const seed = issueFieldSeeder(t.database.db, decodeGlobalID(workspace).id);
    const [high] = await seed.priorities([{ name: "High", color: "#d1242f" }]);
    await seed.prioritise(high?.id ?? "", [child]);
    await seed.sprint("Sprint 12", [child]);
    await seed.release("v2.0", [child]);
    await seed.gantryEpic("Onboarding", [child]);
    await seed.gitHubEpic(epic, [child]);
    await seed.parent(epic, [child]);
    await seed.estimate([child], 3);
    await seed.issueType([child], "Bug");
    await seed.blocks(blocker, child);
  });
  afterAll(async () => {
    await t.close();
  });

  const page = async () =>
    field<{ nodes: Card[] }>(
      await gql(t, owner.token, OPEN_PAGE, { pipelineId: inbox, workspaceId: workspace, first: 50 }),
      "searchIssuesByPipeline",
    ).nodes;

  it("answers a board page exactly as a mutation's answer shows the same cards", async () => {
    const cards = await page();
    expect(cards.map((card) => card.title).sort()).toEqual(["Blocker", "Child", "Epic"]);
    const child = cards.find((card) => card.title === "Child");
    // The card's every relation is filled, so each kind of field is compared.
    expect(child).toMatchObject({
      labels: [{ name: expect.stringContaining("bug") }],
      estimate: { value: 3 },
      issueType: { name: "Bug" },
      parentIssue: { title: "Epic" },
      parentEpics: { nodes: [{ issue: { title: "Epic" } }] },
      parentGantryEpics: { nodes: [{ title: "Onboarding" }] },
      sprints: { nodes: [{ name: "Sprint 12" }] },
      releases: { nodes: [{ title: "v2.0" }] },
      blockingIssues: { totalCount: 1 },
      pipelineIssue: { priority: { name: "High", color: "#d1242f" } },
    });
    for (const card of cards) {
      const estimate = (card.estimate as { value: number } | null)?.value ?? null;
      const answer = await gql(t, owner.token, SET_ESTIMATE, {
        issueId: card.id,
        value: estimate,
        workspaceId: workspace,
      });
      expect(field<{ issue: Card }>(answer, "setEstimate").issue).toEqual(card);
    }
  });

  it("refuses variables of the wrong type with graphql's own message, and a bad id with Gantry's", async () => {
    const wrongType = await gql(t, owner.token, OPEN_PAGE, { pipelineId: inbox, workspaceId: workspace, first: "ten" });
    expect(wrongType.errors?.[0]?.message).toBe(
      'Variable "$first" got invalid value "ten"; Int cannot represent non-integer value: "ten"',
    );
    expect(wrongType.data ?? null).toBeNull();

    const badId = await gql(t, owner.token, OPEN_PAGE, { pipelineId: "nope", workspaceId: workspace, first: 5 });
    expect(errorOf(badId)).toEqual({ code: "BAD_USER_INPUT", message: '"nope" is not a valid id.' });
  });
});
