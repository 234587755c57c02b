import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { decodeGlobalID, encodeGlobalID } from "@pothos/plugin-relay";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/app.js";
import { importIssuesOntoBoard, orderProblems } from "../testing/board-order.js";
import { createOrganization, createWorkspace, field, gql, signUpUser, type TestUser } from "../testing/factories.js";

const MOVE = `mutation ($pipeline: ID!, $issue: ID!, $position: Int) {
  moveIssue(input: { pipelineId: $pipeline, issueId: $issue, position: $position }) { pipeline { id } }
}`;
const BULK_MOVE = `mutation ($pipeline: ID!, $ids: [ID!]!, $position: PipelineIssuePosition) {
  movePipelineIssues(input: { pipelineId: $pipeline, issueIds: $ids, position: $position }) { successCount }
}`;
const PIPELINES = `query ($id: ID!) { workspace(id: $id) { pipelines { id name } } }`;
const ISSUES = 30;

/**
 * Issue 14: moves to the same spot at the same time once took the same rank, so two cards tied
 * and the order was no longer a permutation. Many moves are sent at once here; whatever order
 * the server takes them in, every pipeline must end as a strict order holding each issue once.
 */
describe.each(testEngines())("concurrent moves to the same spot, on %s", (engine) => {
  let t: TestApp;
  let owner: TestUser;
  let workspaceId: string;
  let issueIds: string[];
  let pipelineIds: string[];

  beforeAll(async () => {
    t = await createTestApp({ REQUIRE_EMAIL_VERIFICATION: "false", AUTH_RATE_LIMIT_PER_MINUTE: "10000" }, { engine });
    owner = await signUpUser(t, "mover");
    const workspace = await createWorkspace(t, owner, await createOrganization(t, owner));
    workspaceId = decodeGlobalID(workspace).id;
    const { pipelines } = field<{ pipelines: { id: string }[] }>(
      await gql(t, owner.token, PIPELINES, { id: workspace }),
      "workspace",
    );
    pipelineIds = pipelines.map((pipeline) => decodeGlobalID(pipeline.id).id);

    issueIds = await importIssuesOntoBoard(t.database.db, workspaceId, pipelineIds, ISSUES, "race");
  });
  afterAll(() => t.close());

  const globalPipeline = (index: number) => encodeGlobalID("Pipeline", pipelineIds[index] as string);

  it("gives every card moved to the same spot at once its own rank", async () => {
    // Every card of the first pipeline, and some of the second, to index 1 of the third, all at once.
    const moving = issueIds.filter((_, index) => index % 2 === 0 || index % 6 === 1);
    const answers = await Promise.all(
      moving.map((id) =>
        gql(t, owner.token, MOVE, { pipeline: globalPipeline(2), issue: encodeGlobalID("Issue", id), position: 1 }),
      ),
    );
    expect(answers.flatMap((answer) => answer.errors ?? [])).toEqual([]);
    expect(await orderProblems(t.database.db, workspaceId, issueIds)).toEqual([]);
    const inThird = await t.database.db
      .select()
      .from(schema.issuePositions)
      .where(eq(schema.issuePositions.pipelineId, pipelineIds[2] as string));
    expect(inThird).toHaveLength(moving.length);
  });

  it("keeps the order sound when moves and bulk moves race for the top and bottom of one pipeline", async () => {
    const ids = issueIds.map((id) => encodeGlobalID("Issue", id));
    const groups = [ids.slice(0, 5), ids.slice(5, 10), ids.slice(10, 15)];
    const answers = await Promise.all([
      ...groups.map((group, index) =>
        gql(t, owner.token, BULK_MOVE, {
          pipeline: globalPipeline(3),
          ids: group,
          position: index % 2 ? "END" : "START",
        }),
      ),
      ...ids
        .slice(15)
        .map((issue, index) => gql(t, owner.token, MOVE, { pipeline: globalPipeline(3), issue, position: index % 3 })),
    ]);
    expect(answers.flatMap((answer) => answer.errors ?? [])).toEqual([]);
    expect(await orderProblems(t.database.db, workspaceId, issueIds)).toEqual([]);
  });
});
