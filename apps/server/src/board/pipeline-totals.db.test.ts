import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { decodeGlobalID } from "@pothos/plugin-relay";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/app.js";
import { createOrganization, createWorkspace, field, gql, signUpUser, workspaceBoard } from "../testing/factories.js";
import { unfilteredPipelineTotals } from "./pipeline-totals.js";

const { issuePositions, issues } = schema;
const CREATE = `mutation ($input: CreateIssueInput!) { createIssue(input: $input) { issue { id } } }`;

/** What the board showed before the copies existed: positions joined with their issues. */
async function joinedTotals(t: TestApp, pipelineIds: string[]) {
  return t.database.db
    .select({
      pipelineId: issuePositions.pipelineId,
      isPullRequest: issues.isPullRequest,
      value: count(),
      points: sql<number | null>`sum(${issues.estimate})`.mapWith(Number),
    })
    .from(issuePositions)
    .innerJoin(issues, eq(issues.id, issuePositions.issueId))
    .where(and(inArray(issuePositions.pipelineId, pipelineIds), eq(issues.state, "open")))
    .groupBy(issuePositions.pipelineId, issues.isPullRequest);
}

const sorted = <T extends { pipelineId: string; isPullRequest: boolean }>(rows: T[]) =>
  [...rows].sort((a, b) => `${a.pipelineId}${a.isPullRequest}`.localeCompare(`${b.pipelineId}${b.isPullRequest}`));

type Change =
  | { kind: "move"; issue: number; pipeline: number }
  | { kind: "state"; issue: number; open: boolean }
  | { kind: "estimate"; issue: number; estimate: number | null }
  | { kind: "pullRequest"; issue: number; isPullRequest: boolean };

const ISSUES = 6;
const change: fc.Arbitrary<Change> = fc.oneof(
  fc.record({ kind: fc.constant("move" as const), issue: fc.nat(ISSUES - 1), pipeline: fc.nat(3) }),
  fc.record({ kind: fc.constant("state" as const), issue: fc.nat(ISSUES - 1), open: fc.boolean() }),
  fc.record({
    kind: fc.constant("estimate" as const),
    issue: fc.nat(ISSUES - 1),
    estimate: fc.option(fc.constantFrom(0.5, 1, 3, 8), { nil: null }),
  }),
  fc.record({ kind: fc.constant("pullRequest" as const), issue: fc.nat(ISSUES - 1), isPullRequest: fc.boolean() }),
);

describe.each(testEngines())("pipeline totals kept on the positions, on %s", (engine) => {
  let t: TestApp;
  let pipelineIds: string[];
  let issueIds: string[];
  let workspaceId: string;

  beforeAll(async () => {
    t = await createTestApp({ REQUIRE_EMAIL_VERIFICATION: "false", AUTH_RATE_LIMIT_PER_MINUTE: "10000" }, { engine });
    const owner = await signUpUser(t, "owner");
    const workspace = await createWorkspace(t, owner, await createOrganization(t, owner));
    workspaceId = decodeGlobalID(workspace).id;
    const read = await workspaceBoard(t, owner, workspace);
    pipelineIds = read.pipelines.slice(0, 4).map((pipeline) => decodeGlobalID(pipeline).id);
    issueIds = [];
    for (let index = 0; index < ISSUES; index++) {
      const answer = await gql(t, owner.token, CREATE, {
        input: { repositoryId: read.gantryRepository, title: `Issue ${index}`, pipelineId: read.pipelines[0] },
      });
      issueIds.push(decodeGlobalID(field<{ issue: { id: string } }>(answer, "createIssue").issue.id).id);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  async function apply(step: Change) {
    const db = t.database.db;
    const issueId = issueIds[step.issue] ?? "";
    if (step.kind === "move") {
      await db
        .update(issuePositions)
        .set({ pipelineId: pipelineIds[step.pipeline] ?? "" })
        .where(and(eq(issuePositions.workspaceId, workspaceId), eq(issuePositions.issueId, issueId)));
    } else if (step.kind === "state") {
      await db
        .update(issues)
        .set({ state: step.open ? "open" : "closed" })
        .where(eq(issues.id, issueId));
    } else if (step.kind === "estimate") {
      await db.update(issues).set({ estimate: step.estimate }).where(eq(issues.id, issueId));
    } else {
      await db.update(issues).set({ isPullRequest: step.isPullRequest }).where(eq(issues.id, issueId));
    }
  }

  it("counts what the join of positions and issues counts, after any changes to either", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 8 }), async (changes) => {
        for (const step of changes) await apply(step);
        expect(sorted(await unfilteredPipelineTotals(t.database.db, pipelineIds))).toEqual(
          sorted(await joinedTotals(t, pipelineIds)),
        );
      }),
      { numRuns: 25 },
    );
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
      .values({ workspaceId, issueId, pipelineId: pipelineIds[1] ?? "", rank: "zz" });
    const [position] = await t.database.db.select().from(issuePositions).where(eq(issuePositions.issueId, issueId));
    expect(position).toMatchObject({ issueOpen: false, isPullRequest: true, estimate: 5 });
  });
});
