import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { decodeGlobalID, encodeGlobalID } from "@pothos/plugin-relay";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../testing/app.js";
import { field, gql, type TestUser, workspaceBoard } from "../testing/factories.js";
import { createSignUpTestApp, workspaceTeam } from "../testing/team.js";
import { repairPipelineTotals, unfilteredPipelineTotals } from "./pipeline-totals.js";
import { placeNewIssues } from "./placement.js";

const { issuePositions, issues, pipelineTotals } = schema;
const CREATE = `mutation ($input: CreateIssueInput!) { createIssue(input: $input) { issue { id } } }`;
const MOVE = `mutation ($input: MoveIssueInput!) { moveIssue(input: $input) { pipeline { id } } }`;

/** The truth the totals stand for: open positions joined with their issues, counted now. */
async function countedTotals(t: TestApp, pipelineIds: string[]) {
  const rows = await t.database.db
    .select({
      pipelineId: issuePositions.pipelineId,
      isPullRequest: issues.isPullRequest,
      value: count(),
      points: sql<number | null>`sum(${issues.estimate}::numeric)`.mapWith(Number),
    })
    .from(issuePositions)
    .innerJoin(issues, eq(issues.id, issuePositions.issueId))
    .where(and(inArray(issuePositions.pipelineId, pipelineIds), eq(issues.state, "open")))
    .groupBy(issuePositions.pipelineId, issues.isPullRequest);
  return comparable(rows);
}

/** Sorted, with empty kinds left out (the kept totals hold zeros for kinds a pipeline once had). */
const comparable = (rows: { pipelineId: string; isPullRequest: boolean; value: number; points: number | null }[]) =>
  rows
    .filter((row) => row.value !== 0)
    .map((row) => ({ ...row, points: row.points ?? 0 }))
    .sort((a, b) => `${a.pipelineId}${a.isPullRequest}`.localeCompare(`${b.pipelineId}${b.isPullRequest}`));

type Change =
  | { kind: "move"; issue: number; pipeline: number; position: number }
  | { kind: "state"; issue: number; open: boolean }
  | { kind: "estimate"; issue: number; estimate: number | null }
  | { kind: "pullRequest"; issue: number; isPullRequest: boolean }
  | { kind: "import"; issues: { open: boolean; estimate: number | null; isPullRequest: boolean }[] }
  | { kind: "leave"; issue: number };

const estimate = fc.option(fc.constantFrom(0.1, 0.5, 1, 3, 8), { nil: null });
const anyIssue = fc.nat(1_000);
const change: fc.Arbitrary<Change> = fc.oneof(
  fc.record({ kind: fc.constant("move" as const), issue: anyIssue, pipeline: fc.nat(3), position: fc.nat(3) }),
  fc.record({ kind: fc.constant("state" as const), issue: anyIssue, open: fc.boolean() }),
  fc.record({ kind: fc.constant("estimate" as const), issue: anyIssue, estimate }),
  fc.record({ kind: fc.constant("pullRequest" as const), issue: anyIssue, isPullRequest: fc.boolean() }),
  fc.record({
    kind: fc.constant("import" as const),
    issues: fc.array(fc.record({ open: fc.boolean(), estimate, isPullRequest: fc.boolean() }), {
      minLength: 1,
      maxLength: 4,
    }),
  }),
  fc.record({ kind: fc.constant("leave" as const), issue: anyIssue }),
);

describe.each(testEngines())("pipeline totals kept as data, on %s", (engine) => {
  let t: TestApp;
  let owner: TestUser;
  let workspace: string;
  let pipelineIds: string[];
  let repositoryId: string;
  let issueIds: string[];
  let imported = 0;

  beforeAll(async () => {
    t = await createSignUpTestApp(engine);
    ({ owner, workspace } = await workspaceTeam(t, {}));
    const read = await workspaceBoard(t, owner, workspace);
    pipelineIds = read.pipelines.slice(0, 4).map((pipeline) => decodeGlobalID(pipeline).id);
    repositoryId = decodeGlobalID(read.gantryRepository).id;
    issueIds = [];
    for (let index = 0; index < 4; index++) {
      const answer = await gql(t, owner.token, CREATE, {
        input: { repositoryId: read.gantryRepository, title: `Issue ${index}`, pipelineId: read.pipelines[0] },
      });
      issueIds.push(decodeGlobalID(field<{ issue: { id: string } }>(answer, "createIssue").issue.id).id);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  /** Each change as the product makes it: moves through `moveIssue`, imports through the placement of new issues. */
  async function apply(step: Change) {
    const db = t.database.db;
    if (step.kind === "import") {
      const rows = step.issues.map((issue) => {
        imported += 1;
        return {
          repositoryId,
          number: 10_000 + imported,
          title: `Imported ${imported}`,
          state: issue.open ? ("open" as const) : ("closed" as const),
          isPullRequest: issue.isPullRequest,
          estimate: issue.estimate,
          ghCreatedAt: new Date(),
          ghUpdatedAt: new Date(),
        };
      });
      const added = await db.insert(issues).values(rows).returning({ id: issues.id });
      await placeNewIssues(db, repositoryId, new Date());
      issueIds.push(...added.map((row) => row.id));
      return;
    }
    const issueId = issueIds[step.issue % issueIds.length] ?? "";
    if (step.kind === "move") {
      const moved = await gql(t, owner.token, MOVE, {
        input: {
          workspaceId: workspace,
          issueId: encodeGlobalID("Issue", issueId),
          pipelineId: encodeGlobalID("Pipeline", pipelineIds[step.pipeline] ?? ""),
          position: step.position,
        },
      });
      expect(moved.errors).toBeUndefined();
    } else if (step.kind === "state") {
      await db
        .update(issues)
        .set({ state: step.open ? "open" : "closed" })
        .where(eq(issues.id, issueId));
    } else if (step.kind === "estimate") {
      await db.update(issues).set({ estimate: step.estimate }).where(eq(issues.id, issueId));
    } else if (step.kind === "pullRequest") {
      await db.update(issues).set({ isPullRequest: step.isPullRequest }).where(eq(issues.id, issueId));
    } else {
      await db.delete(issuePositions).where(eq(issuePositions.issueId, issueId));
    }
  }

  const stored = async () => comparable(await unfilteredPipelineTotals(t.database.db, pipelineIds));

  it("holds what a fresh count of the open issues gives, after any moves, closes, estimates, imports and removals", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 10 }), async (changes) => {
        for (const step of changes) await apply(step);
        expect(await stored()).toEqual(await countedTotals(t, pipelineIds));
      }),
      { numRuns: 20 },
    );
  });

  it("is mended by reconciliation's repair when something wrote it wrong", async () => {
    const expected = await countedTotals(t, pipelineIds);
    expect(expected.length).toBeGreaterThan(0);
    await t.database.db.update(pipelineTotals).set({ issueCount: 999, points: "42" });
    await t.database.db.delete(pipelineTotals).where(eq(pipelineTotals.pipelineId, pipelineIds[0] ?? ""));
    expect(await stored()).not.toEqual(expected);
    await repairPipelineTotals(t.database.db, [decodeGlobalID(workspace).id]);
    expect(await stored()).toEqual(expected);
  });

  it("stays exact under concurrent moves in opposite directions, none failing", async () => {
    // Each move takes two pipelines' totals; taken in key order, opposite moves never deadlock.
    const moves = issueIds.slice(0, 12).map((issueId, index) =>
      gql(t, owner.token, MOVE, {
        input: {
          workspaceId: workspace,
          issueId: encodeGlobalID("Issue", issueId),
          pipelineId: encodeGlobalID("Pipeline", pipelineIds[index % 2] ?? ""),
          position: 0,
        },
      }),
    );
    const answers = await Promise.all(moves);
    expect(answers.map((answer) => answer.errors)).toEqual(answers.map(() => undefined));
    expect(await stored()).toEqual(await countedTotals(t, pipelineIds));
  });

  it("copies an issue's state, kind and estimate onto a position placed after they changed", async () => {
    const [issueId = ""] = issueIds;
    await t.database.db
      .update(issues)
      .set({ state: "closed", estimate: 5, isPullRequest: true })
      .where(eq(issues.id, issueId));
    await t.database.db.delete(issuePositions).where(eq(issuePositions.issueId, issueId));
    await t.database.db
      .insert(issuePositions)
      .values({ workspaceId: decodeGlobalID(workspace).id, issueId, pipelineId: pipelineIds[1] ?? "", rank: "zz" });
    const [position] = await t.database.db.select().from(issuePositions).where(eq(issuePositions.issueId, issueId));
    expect(position).toMatchObject({ issueOpen: false, isPullRequest: true, estimate: 5 });
  });
});
