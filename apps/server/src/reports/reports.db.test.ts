import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { decodeGlobalID, encodeGlobalID } from "@pothos/plugin-relay";
import { eq, notInArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/app.js";
import { field, type GraphQLAnswer, gql, signUpUser, type TestUser } from "../testing/factories.js";
import { workspaceWithIssues } from "../testing/workspace-issues.js";

const REPORTS = `query ($w: ID!, $sprint: ID!, $release: ID!, $epic: ID!, $from: ISO8601Date!, $to: ISO8601Date!) {
  workspace(id: $w) {
    reports {
      burndown(sprintId: $sprint) { sprint { name } points { at remainingPoints idealPoints } }
      velocity(sprintCount: 3) { sprints { sprint { name } committedPoints completedPoints } averageCompletedPoints }
      cumulativeFlow(from: $from, to: $to) { pipelines days { day counts { pipelineName count } } }
      controlChart(from: $from, to: $to) { issues { issueNumber days rollingAverageDays rollingDeviationDays } }
      release(releaseId: $release) { days { day totalPoints completedPoints totalIssues closedIssues } remainingPoints velocity projectedCompletion }
      epic(epicId: $epic) { days { day totalPoints completedPoints totalIssues closedIssues } }
    }
  }
}`;

interface Reports {
  burndown: { sprint: { name: string }; points: { at: string; remainingPoints: number | null; idealPoints: number }[] };
  velocity: {
    sprints: { sprint: { name: string }; committedPoints: number; completedPoints: number }[];
    averageCompletedPoints: number | null;
  };
  cumulativeFlow: { pipelines: string[]; days: { day: string; counts: { pipelineName: string; count: number }[] }[] };
  controlChart: {
    issues: { issueNumber: number; days: number; rollingAverageDays: number; rollingDeviationDays: number }[];
  };
  release: {
    days: { day: string; totalPoints: number; completedPoints: number; totalIssues: number; closedIssues: number }[];
    remainingPoints: number;
    velocity: number | null;
    projectedCompletion: string | null;
  };
  epic: { days: Reports["release"]["days"] };
}

const MOVE = `mutation ($pipeline: ID!, $issue: ID!, $workspace: ID) {
  moveIssue(input: { pipelineId: $pipeline, issueId: $issue, workspaceId: $workspace }) { issue { id } }
}`;
const ESTIMATE =
  "mutation ($issue: ID!, $value: Float) { setEstimate(input: { issueId: $issue, value: $value }) { issue { id } } }";
const ADD = {
  sprint:
    "mutation ($i: [ID!]!, $t: [ID!]!) { addIssuesToSprints(input: { issueIds: $i, sprintIds: $t }) { successCount } }",
  release:
    "mutation ($i: [ID!]!, $t: [ID!]!) { addIssuesToReleases(input: { issueIds: $i, releaseIds: $t }) { successCount } }",
  epic: "mutation ($i: [ID!]!, $t: [ID!]!) { addIssuesToGantryEpics(input: { issueIds: $i, gantryEpicIds: $t }) { successCount } }",
};

const ok = (answer: GraphQLAnswer) => {
  expect(answer.errors).toBeUndefined();
  return answer;
};

/*
 * The domain fixture's history (packages/domain/src/reports/reports.test.ts) made through the real
 * mutations, each step's timeline entries then dated at its scripted moment.
 */
describe.each(testEngines())("reports on %s", (engine) => {
  let t: TestApp;
  let owner: TestUser;
  let viewer: TestUser;
  let outsider: TestUser;
  let workspace: string;
  let ids: { sprint: string; release: string; epic: string };
  let pipelines: { id: string; name: string }[];
  const clock = new Date("2026-03-10T00:00:00Z");

  /** Runs the steps, then dates the timeline entries they made at `time`, in the order they were made. */
  const at = async (time: string, ...steps: (() => Promise<GraphQLAnswer>)[]) => {
    const db = t.database.db;
    const known = (await db.select({ id: schema.issueEvents.id }).from(schema.issueEvents)).map((row) => row.id);
    for (const step of steps) ok(await step());
    const fresh = await db
      .select({ id: schema.issueEvents.id })
      .from(schema.issueEvents)
      .where(known.length ? notInArray(schema.issueEvents.id, known) : undefined)
      .orderBy(schema.issueEvents.createdAt);
    for (const [index, row] of fresh.entries()) {
      await db
        .update(schema.issueEvents)
        .set({ createdAt: new Date(Date.parse(time) + index) })
        .where(eq(schema.issueEvents.id, row.id));
    }
  };

  beforeAll(async () => {
    t = await createTestApp(
      { REQUIRE_EMAIL_VERIFICATION: "false", AUTH_RATE_LIMIT_PER_MINUTE: "10000" },
      { engine, now: () => clock },
    );
    const setup = await workspaceWithIssues(t, { native: 4, gitHub: 0 });
    ({ owner, viewer, workspace } = setup);
    outsider = await signUpUser(t, "stranger");
    const [A, B, C, D] = setup.native as [string, string, string, string];
    const db = t.database.db;
    const workspaceId = decodeGlobalID(workspace).id;
    pipelines = field<{ pipelines: { id: string; name: string }[] }>(
      await gql(t, owner.token, "query ($id: ID!) { workspace(id: $id) { pipelines { id name } } }", { id: workspace }),
      "workspace",
    ).pipelines;
    const [sprint] = await db
      .insert(schema.sprints)
      .values({
        workspaceId,
        name: "Sprint A",
        startAt: new Date("2026-03-02T00:00:00Z"),
        endAt: new Date("2026-03-06T00:00:00Z"),
        state: "CLOSED",
        closedAt: new Date("2026-03-06T00:00:00Z"),
      })
      .returning();
    const [release] = await db
      .insert(schema.releases)
      .values({ workspaceId, title: "R1", startOn: "2026-03-02" })
      .returning();
    const [epic] = await db
      .insert(schema.gantryEpics)
      .values({ workspaceId, title: "E1", startOn: "2026-03-02" })
      .returning();
    if (!sprint || !release || !epic) throw new Error("not stored");
    ids = {
      sprint: encodeGlobalID("Sprint", sprint.id),
      release: encodeGlobalID("Release", release.id),
      epic: encodeGlobalID("GantryEpic", epic.id),
    };
    await db.update(schema.issuePositions).set({ joinedAt: new Date("2026-02-25T00:00:00Z") });

    const move = (issue: string, pipeline: string) => () => gql(t, owner.token, MOVE, { pipeline, issue, workspace });
    const estimate = (issue: string, value: number) => () => gql(t, owner.token, ESTIMATE, { issue, value });
    const add = (kind: keyof typeof ADD, issues: string[]) => () =>
      gql(t, owner.token, ADD[kind], { i: issues, t: [ids[kind]] });
    const [first, , , inProgress, review] = pipelines.map((pipeline) => pipeline.id) as string[];
    if (!first || !inProgress || !review) throw new Error("no pipelines");

    await at("2026-02-26T00:00:00Z", estimate(C, 2), estimate(B, 5), estimate(A, 3), move(C, inProgress));
    await at("2026-03-01T09:00:00Z", add("sprint", [A, B, D]), add("release", [A]), add("epic", [A]));
    await at("2026-03-02T10:00:00Z", move(A, inProgress));
    await at("2026-03-02T12:00:00Z", estimate(B, 8));
    await at("2026-03-02T18:00:00Z", move(D, "closed--pipeline"));
    await at("2026-03-03T09:00:00Z", move(A, review));
    await at("2026-03-03T12:00:00Z", add("sprint", [C]), add("release", [C]), add("epic", [C]));
    await at("2026-03-04T08:00:00Z", move(B, inProgress));
    await at("2026-03-04T15:00:00Z", move(A, "closed--pipeline"));
    await at("2026-03-05T12:00:00Z", move(B, "closed--pipeline"));
  });
  afterAll(async () => {
    await t.close();
  });

  const read = (user: TestUser, from = "2026-03-01", to = "2026-03-06") =>
    gql(t, user.token, REPORTS, { w: workspace, ...ids, from, to });

  it("replays the recorded history into the hand-computed numbers, for viewers too", async () => {
    const reports = field<{ reports: Reports }>(ok(await read(viewer)), "workspace").reports;
    expect(reports.burndown.points.map((point) => [point.at, point.remainingPoints, point.idealPoints])).toEqual([
      ["2026-03-02T00:00:00.000Z", 11, 11],
      ["2026-03-03T00:00:00.000Z", 11, 8.25],
      ["2026-03-04T00:00:00.000Z", 13, 5.5],
      ["2026-03-05T00:00:00.000Z", 10, 2.75],
      ["2026-03-06T00:00:00.000Z", 2, 0],
    ]);
    expect(reports.velocity).toEqual({
      sprints: [{ sprint: { name: "Sprint A" }, committedPoints: 13, completedPoints: 11 }],
      averageCompletedPoints: 11,
    });

    const columns = [pipelines[0]?.name, pipelines[3]?.name, pipelines[4]?.name, "Closed"];
    expect(reports.cumulativeFlow.pipelines).toEqual([...pipelines.map((pipeline) => pipeline.name), "Closed"]);
    const counts = reports.cumulativeFlow.days.map((day) => [
      day.day,
      columns.map((name) => day.counts.find((count) => count.pipelineName === name)?.count),
      day.counts.reduce((sum, count) => sum + count.count, 0),
    ]);
    expect(counts).toEqual([
      ["2026-03-01", [3, 1, 0, 0], 4],
      ["2026-03-02", [1, 2, 0, 1], 4],
      ["2026-03-03", [1, 1, 1, 1], 4],
      ["2026-03-04", [0, 2, 0, 2], 4],
      ["2026-03-05", [0, 1, 0, 3], 4],
      ["2026-03-06", [0, 1, 0, 3], 4],
    ]);

    // Issues are numbered A 1, B 2, C 3, D 4: A took 53 hours, B 28; D closed without leaving the first pipeline.
    expect(reports.controlChart.issues.map((entry) => [entry.issueNumber, entry.days * 24])).toEqual([
      [1, expect.closeTo(53, 6)],
      [2, expect.closeTo(28, 6)],
    ]);
    expect(reports.controlChart.issues[1]?.rollingAverageDays).toBeCloseTo(40.5 / 24, 6);
    expect(reports.controlChart.issues[1]?.rollingDeviationDays).toBeCloseTo(12.5 / 24, 6);

    const progress = [
      { day: "2026-03-02", totalPoints: 3, completedPoints: 0, totalIssues: 1, closedIssues: 0 },
      { day: "2026-03-03", totalPoints: 5, completedPoints: 0, totalIssues: 2, closedIssues: 0 },
      { day: "2026-03-04", totalPoints: 5, completedPoints: 3, totalIssues: 2, closedIssues: 1 },
      { day: "2026-03-05", totalPoints: 5, completedPoints: 3, totalIssues: 2, closedIssues: 1 },
    ];
    expect(reports.release.days.slice(0, 4)).toEqual(progress);
    expect(reports.release.days.at(-1)?.day).toBe("2026-03-10");
    // Sprints are not configured, so there is no sprint length to project with.
    expect(reports.release).toMatchObject({ remainingPoints: 2, projectedCompletion: null });
    expect(reports.epic.days.slice(0, 4)).toEqual(progress);
  });

  it("refuses a range ending before it starts, and people who cannot open the workspace", async () => {
    const backwards = await read(owner, "2026-03-06", "2026-03-01");
    expect(backwards.errors?.[0]?.message).toBe("The start date must not be after the end date.");
    const stranger = await read(outsider);
    expect(stranger.errors?.[0]?.extensions?.code).toMatch(/NOT_FOUND|FORBIDDEN/);
    expect(stranger.data?.workspace ?? null).toBeNull();
  });

  it("keeps a deleted pipeline's column for the days its issues were in it", async () => {
    const [, , , inProgress, , done] = pipelines;
    if (!inProgress || !done) throw new Error("no pipelines");
    await at("2026-03-07T00:00:00Z", () =>
      gql(
        t,
        owner.token,
        "mutation ($a: ID!, $b: ID!) { deletePipeline(input: { pipelineId: $a, destinationPipelineId: $b }) { destinationPipeline { name } } }",
        { a: inProgress.id, b: done.id },
      ),
    );
    const flow = field<{ reports: Reports }>(ok(await read(owner, "2026-03-06", "2026-03-07")), "workspace").reports
      .cumulativeFlow;
    expect(flow.pipelines.slice(-2)).toEqual(["Closed", inProgress.name]);
    // C moved from In Progress to Done when In Progress went.
    expect(
      flow.days.map((day) => [
        day.day,
        [inProgress.name, done.name].map((name) => day.counts.find((c) => c.pipelineName === name)?.count),
      ]),
    ).toEqual([
      ["2026-03-06", [1, 0]],
      ["2026-03-07", [0, 1]],
    ]);
  });
});
