import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { ranksBetween } from "@gantry/domain";
import { decodeGlobalID, encodeGlobalID } from "@pothos/plugin-relay";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/app.js";
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

    // Issues of a connected repository inserted as an import would, spread over the first two pipelines.
    const db = t.database.db;
    const ghId = 100_000_000 + Math.floor(Math.random() * 1e6);
    const [repository] = await db
      .insert(schema.repositories)
      .values({ ghId, ownerLogin: "acme", name: `race-${ghId}`, htmlUrl: `https://github.test/acme/race-${ghId}` })
      .returning();
    if (!repository) throw new Error("no repository");
    await db.insert(schema.workspaceRepositories).values({ workspaceId, repositoryId: repository.id });
    const inserted = await db
      .insert(schema.issues)
      .values(
        Array.from({ length: ISSUES }, (_, index) => ({
          repositoryId: repository.id,
          ghId: ghId * 10 + index,
          number: index + 1,
          title: `Race ${index + 1}`,
          state: "open" as const,
          ghCreatedAt: new Date(),
          ghUpdatedAt: new Date(),
        })),
      )
      .returning({ id: schema.issues.id });
    issueIds = inserted.map((issue) => issue.id);
    const ranks = ranksBetween(null, null, ISSUES);
    await db.insert(schema.issuePositions).values(
      issueIds.map((issueId, index) => ({
        workspaceId,
        issueId,
        pipelineId: pipelineIds[index % 2] as string,
        rank: ranks[index] as string,
      })),
    );
  });
  afterAll(() => t.close());

  /** What is wrong with the board's order: each issue once, no two ranks equal within a pipeline. */
  async function orderProblems() {
    const rows = await t.database.db
      .select()
      .from(schema.issuePositions)
      .where(eq(schema.issuePositions.workspaceId, workspaceId));
    const problems: string[] = [];
    const placed = rows.map((row) => row.issueId).sort();
    if (JSON.stringify(placed) !== JSON.stringify([...issueIds].sort())) problems.push("issues lost or duplicated");
    for (const pipelineId of pipelineIds) {
      const ranks = rows
        .filter((row) => row.pipelineId === pipelineId)
        .map((row) => row.rank)
        .sort(); // Ranks are ASCII, so code-unit order is the board's collate "C" order.
      for (let index = 1; index < ranks.length; index++) {
        if ((ranks[index - 1] as string) >= (ranks[index] as string)) {
          problems.push(`two issues share rank ${ranks[index]}`);
        }
      }
    }
    return problems;
  }

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
    expect(await orderProblems()).toEqual([]);
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
    expect(await orderProblems()).toEqual([]);
  });
});
