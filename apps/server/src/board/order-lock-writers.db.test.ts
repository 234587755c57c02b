import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { rankBetween } from "@gantry/domain";
import { decodeGlobalID, encodeGlobalID } from "@pothos/plugin-relay";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../testing/app.js";
import { importIssuesOntoBoard, orderProblems } from "../testing/board-order.js";
import { field, type GraphQLAnswer, gql, type TestUser } from "../testing/factories.js";
import { createSignUpTestApp, workspaceTeam } from "../testing/team.js";
import { placeIssues } from "./moves.js";
import { lockPipelineOrder, neighbourRanks } from "./pipeline-order.js";

const MOVE = `mutation ($pipeline: ID!, $issue: ID!, $position: Int) {
  moveIssue(input: { pipelineId: $pipeline, issueId: $issue, position: $position }) { pipeline { id } }
}`;
const CREATE = `mutation ($input: CreateIssueInput!) { createIssue(input: $input) { issue { id } } }`;
const DELETE = `mutation ($pipeline: ID!, $destination: ID!) {
  deletePipeline(input: { pipelineId: $pipeline, destinationPipelineId: $destination }) { destinationPipeline { id } }
}`;
const BOARD = `query ($id: ID!) { workspace(id: $id) { gantryRepository { id } pipelines { id } } }`;
const ISSUES = 48;
const GONE = "This pipeline is not on this workspace's board.";

/**
 * Issue 14: creating an issue and deleting a pipeline gave ranks without the pipeline order lock
 * moves take, so a move at the same time read the same neighbours (two cards tied) or landed in
 * the pipeline being deleted after its issues had been read (the card vanished with it). Each
 * test sends them at once with moves, or while a move holds the order lock; whatever order the
 * server takes them in, every issue must end on the board once, in a strict order.
 */
describe.each(testEngines())("rank writers racing moves, on %s", (engine) => {
  let t: TestApp;
  let owner: TestUser;
  let workspaceId: string;
  let gantryRepository: string;
  let issueIds: string[];
  let pipelineIds: string[];

  beforeAll(async () => {
    t = await createSignUpTestApp(engine);
    const team = await workspaceTeam(t, {}, { owner: "writer" });
    owner = team.owner;
    const workspace = team.workspace;
    workspaceId = decodeGlobalID(workspace).id;
    const board = field<{ gantryRepository: { id: string }; pipelines: { id: string }[] }>(
      await gql(t, owner.token, BOARD, { id: workspace }),
      "workspace",
    );
    gantryRepository = board.gantryRepository.id;
    pipelineIds = board.pipelines.map((pipeline) => decodeGlobalID(pipeline.id).id);

    issueIds = await importIssuesOntoBoard(t.database.db, workspaceId, pipelineIds, ISSUES, "writer");
  });
  afterAll(() => t.close());

  const globalPipeline = (index: number) => encodeGlobalID("Pipeline", pipelineIds[index] as string);
  const globalIssue = (id: string) => encodeGlobalID("Issue", id);
  const positionsIn = (pipelineIndex: number) =>
    t.database.db
      .select()
      .from(schema.issuePositions)
      .where(eq(schema.issuePositions.pipelineId, pipelineIds[pipelineIndex] as string));

  /** The issues the workspace's board places now. */
  const placedIssueIds = async () =>
    (
      await t.database.db
        .select({ issueId: schema.issuePositions.issueId })
        .from(schema.issuePositions)
        .where(eq(schema.issuePositions.workspaceId, workspaceId))
    ).map((row) => row.issueId);

  it("gives issues created at the top of a pipeline and cards moved there at once their own ranks", async () => {
    const moving = issueIds.slice(0, 16);
    const answers = await Promise.all(
      moving.flatMap((id, index) => [
        gql(t, owner.token, CREATE, {
          input: { repositoryId: gantryRepository, title: `New ${index}`, pipelineId: globalPipeline(2) },
        }),
        gql(t, owner.token, MOVE, { pipeline: globalPipeline(2), issue: globalIssue(id), position: 0 }),
      ]),
    );
    expect(answers.flatMap((answer) => answer.errors ?? [])).toEqual([]);
    const created = answers
      .filter((answer) => answer.data && "createIssue" in answer.data)
      .map((answer) => decodeGlobalID(field<{ issue: { id: string } }>(answer, "createIssue").issue.id).id);
    expect(created).toHaveLength(moving.length);
    expect(await orderProblems(t.database.db, workspaceId, [...issueIds, ...created])).toEqual([]);
    expect(await positionsIn(2)).toHaveLength(moving.length * 2);
  });

  it("keeps every card when a pipeline is deleted while cards move into it and its destination", async () => {
    const before = await placedIssueIds();
    // Cards of the first two pipelines into the fourth (deleted) and the fifth (its destination).
    const moving = issueIds.slice(16, 40);
    const moves = moving.map((id, index) =>
      index % 2
        ? gql(t, owner.token, MOVE, { pipeline: globalPipeline(4), issue: globalIssue(id), position: -1 })
        : gql(t, owner.token, MOVE, { pipeline: globalPipeline(3), issue: globalIssue(id), position: index % 3 }),
    );
    const half = moves.length / 2;
    const answers = await Promise.all([
      ...moves.slice(0, half),
      gql(t, owner.token, DELETE, { pipeline: globalPipeline(3), destination: globalPipeline(4) }),
      ...moves.slice(half),
    ]);
    // A move that reaches the pipeline after it is gone is refused, and its card stays where it was.
    const errors = answers.flatMap((answer) => answer.errors ?? []).map((error) => error.message);
    expect(errors.filter((message) => message !== GONE)).toEqual([]);
    expect(await orderProblems(t.database.db, workspaceId, before)).toEqual([]);
    expect(await positionsIn(3)).toEqual([]);
  });

  /**
   * Runs `request` while a transaction does what a move does inside its own (the order lock, the
   * neighbours, the new place) and has not committed, then commits it: on PostgreSQL once the
   * request waits on a lock or has answered. PGlite is one connection, so there the request
   * runs after the commit whatever it locks.
   */
  async function duringMoves(
    moves: { pipelineId: string; issueId: string; position: number }[],
    request: () => Promise<GraphQLAnswer>,
  ): Promise<GraphQLAnswer> {
    let answer: Promise<GraphQLAnswer> | undefined;
    await t.database.db.transaction(async (tx) => {
      for (const { pipelineId, issueId, position } of moves) {
        await lockPipelineOrder(tx, pipelineId, [issueId]);
        const [above, below] = await neighbourRanks(tx, pipelineId, [issueId], position);
        await placeIssues(tx, workspaceId, pipelineId, [{ issueId, rank: rankBetween(above, below) }], new Date());
      }
      const pending = request();
      answer = pending;
      if (engine === "pglite") return;
      let settled = false;
      pending.then(
        () => {
          settled = true;
        },
        () => {
          settled = true;
        },
      );
      for (let tries = 0; tries < 500 && !settled; tries++) {
        const { rows } = await t.database.executeSql(
          "select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
        );
        if ((rows[0] as { waiting: number }).waiting > 0) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    });
    if (!answer) throw new Error("the request was not sent");
    return answer;
  }

  it("puts an issue created while a card moves to the top of its pipeline above that card", async () => {
    const [card] = issueIds.slice(40);
    if (!card) throw new Error("issues were inserted");
    const answer = await duringMoves([{ pipelineId: pipelineIds[5] as string, issueId: card, position: 0 }], () =>
      gql(t, owner.token, CREATE, {
        input: { repositoryId: gantryRepository, title: "Created during a move", pipelineId: globalPipeline(5) },
      }),
    );
    const created = decodeGlobalID(field<{ issue: { id: string } }>(answer, "createIssue").issue.id).id;
    const ranks = (await positionsIn(5)).sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0));
    expect(ranks.map((row) => row.issueId)).toEqual([created, card]);
    expect(ranks[0]?.rank).not.toEqual(ranks[1]?.rank);
  });

  it("moves a card that lands in a pipeline while it is deleted to the destination, in its own place", async () => {
    // Pipeline 1 goes to pipeline 0 while one card moves into 1 and another to the bottom of 0.
    const [intoDeleted, intoDestination] = issueIds.slice(44).filter((_, index) => index % 2 === 0);
    if (!intoDeleted || !intoDestination) throw new Error("issues were inserted");
    const before = await placedIssueIds();
    const answer = await duringMoves(
      [
        { pipelineId: pipelineIds[1] as string, issueId: intoDeleted, position: 0 },
        { pipelineId: pipelineIds[0] as string, issueId: intoDestination, position: -1 },
      ],
      () => gql(t, owner.token, DELETE, { pipeline: globalPipeline(1), destination: globalPipeline(0) }),
    );
    expect(answer.errors ?? []).toEqual([]);
    expect(await orderProblems(t.database.db, workspaceId, before)).toEqual([]);
    expect((await positionsIn(0)).map((row) => row.issueId)).toContain(intoDeleted);
  });
});
