import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { decodeGlobalID, encodeGlobalID } from "@pothos/plugin-relay";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/app.js";
import { field, type GraphQLAnswer, gql } from "../testing/factories.js";
import { workspaceWithIssues } from "../testing/workspace-issues.js";

const HOUR = 3_600_000;

const READ = `query ($w: ID!, $sprint: ID!) {
  workspace(id: $w) {
    sprints(first: 1, filters: { id: { in: [$sprint] } }) { nodes { totalPoints completedPoints } }
    reports {
      burndown(sprintId: $sprint) { points { at day remainingPoints idealPoints } }
      velocity(sprintCount: 3) { sprints { sprint { name } committedPoints completedPoints } }
    }
  }
}`;

interface Read {
  sprints: { nodes: { totalPoints: number; completedPoints: number }[] };
  reports: {
    burndown: { points: { at: string; day: string; remainingPoints: number | null; idealPoints: number }[] };
    velocity: { sprints: { sprint: { name: string }; committedPoints: number; completedPoints: number }[] };
  };
}

const ok = (answer: GraphQLAnswer) => {
  expect(answer.errors).toBeUndefined();
  return answer;
};

/*
 * What a team sees while a sprint runs under the end-to-end tests' movable clock (decision 0020): the
 * clock is moved with POST /__test/clock, and the timeline the reports replay must follow it as the
 * sprints do (decision 0060), or a close made "today" lands on the wall clock's day, before the sprint.
 */
describe.each(testEngines())("reports under the test clock on %s", (engine) => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  it("dates the timeline on the server's clock, so burndown, velocity and the sprint page agree on today's work", async () => {
    // Planning time is months from the wall clock, as after an end-to-end spec has moved it.
    const monday = new Date("2027-02-01T09:00:00.000Z");
    t = await createTestApp(
      { REQUIRE_EMAIL_VERIFICATION: "false", AUTH_RATE_LIMIT_PER_MINUTE: "10000", GANTRY_TEST_CLOCK: "true" },
      { engine, now: () => monday },
    );
    const { owner, workspace, native } = await workspaceWithIssues(t, { native: 3, gitHub: 0 });
    const [A, B, C] = native as [string, string, string];
    const [sprint] = await t.database.db
      .insert(schema.sprints)
      .values({
        workspaceId: decodeGlobalID(workspace).id,
        name: "Sprint: Feb 1 – Feb 14, 2027",
        startAt: new Date("2027-02-01T00:00:00.000Z"),
        endAt: new Date("2027-02-15T00:00:00.000Z"),
        state: "OPEN",
      })
      .returning();
    if (!sprint) throw new Error("not stored");
    const sprintId = encodeGlobalID("Sprint", sprint.id);
    const advance = async (ms: number) =>
      expect(
        (await t.app.inject({ method: "POST", url: "/__test/clock", payload: { advanceMs: ms } })).statusCode,
      ).toBe(200);
    const run = (query: string, variables: Record<string, unknown>) => gql(t, owner.token, query, variables);

    for (const [issue, value] of [
      [A, 3],
      [B, 5],
      [C, 2],
    ] as const) {
      ok(
        await run(
          "mutation ($issue: ID!, $value: Float) { setEstimate(input: { issueId: $issue, value: $value }) { issue { id } } }",
          { issue, value },
        ),
      );
    }
    ok(
      await run(
        "mutation ($i: [ID!]!, $t: [ID!]!) { addIssuesToSprints(input: { issueIds: $i, sprintIds: $t }) { successCount } }",
        { i: [A, B, C], t: [sprintId] },
      ),
    );

    // Wednesday 15:00: A, 3 points, is closed.
    await advance(2 * 24 * HOUR + 6 * HOUR);
    ok(
      await run(
        "mutation ($pipeline: ID!, $issue: ID!, $workspace: ID) { moveIssue(input: { pipelineId: $pipeline, issueId: $issue, workspaceId: $workspace }) { issue { id } } }",
        { pipeline: "closed--pipeline", issue: A, workspace },
      ),
    );
    const running = field<Read>(ok(await run(READ, { w: workspace, sprint: sprintId })), "workspace");
    const page = running.sprints.nodes[0];
    expect(page).toEqual({ totalPoints: 10, completedPoints: 3 });
    const points = running.reports.burndown.points;
    // The start, then the fourteen days of the sprint, the 14th its last.
    expect(points).toHaveLength(15);
    expect(points.map((point) => point.day).slice(0, 4)).toEqual([
      "2027-02-01",
      "2027-02-01",
      "2027-02-02",
      "2027-02-03",
    ]);
    expect(points.at(-1)?.day).toBe("2027-02-14");
    // Committed 10 at the start; today, the 3rd, reads 10 − 3 at once, as the sprint page's Done says.
    expect(points.slice(0, 5).map((point) => point.remainingPoints)).toEqual([10, 10, 10, 7, null]);
    expect(points[3]?.remainingPoints).toBe((page?.totalPoints ?? 0) - (page?.completedPoints ?? 0));

    // Past the sprint's end, closed as the sprint job closes it: velocity counts A's 3 of the 10 points.
    await advance(12 * 24 * HOUR);
    await t.database.db
      .update(schema.sprints)
      .set({ state: "CLOSED", closedAt: sprint.endAt })
      .where(eq(schema.sprints.id, sprint.id));
    const closed = field<Read>(ok(await run(READ, { w: workspace, sprint: sprintId })), "workspace");
    expect(closed.reports.velocity.sprints).toEqual([
      { sprint: { name: sprint.name }, committedPoints: 10, completedPoints: 3 },
    ]);
    expect(closed.sprints.nodes[0]).toEqual({ totalPoints: 10, completedPoints: 3 });
    expect(closed.reports.burndown.points.at(-1)?.remainingPoints).toBe(7);
  });
});
