import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { decodeGlobalID, encodeGlobalID } from "@pothos/plugin-relay";
import { eq, inArray } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { BoardEvent } from "../events/board-events.js";
import { createInProcessBus } from "../events/event-bus.js";
import type { TestApp } from "../testing/app.js";
import {
  createWorkspace,
  field,
  type GraphQLAnswer,
  gql,
  grantWorkspace,
  signUpUser,
  type TestUser,
} from "../testing/factories.js";
import { subscribe } from "../testing/sse.js";
import { createSignUpTestApp, organizationTeam } from "../testing/team.js";
import { ensureUpcomingSprints, updateSprintConfig } from "./service.js";

const CONFIG_FIELDS = `id name startDay endDay tzIdentifier period startOn startOnTime
  settings { moveUnfinishedIssues issuesFromPipeline { enabled pipelineId totalStoryPoints } }`;
const CREATE = `mutation ($input: SprintConfigCreateInput!) { createSprintConfig(input: { sprintConfig: $input }) { sprintConfig { ${CONFIG_FIELDS} } } }`;
const UPDATE = `mutation ($input: SprintConfigUpdateInput!) { updateSprintConfig(input: { sprintConfig: $input }) { sprintConfig { ${CONFIG_FIELDS} } } }`;
const DELETE = `mutation ($w: ID!) { deleteSprintConfigAndOpenSprints(input: { workspaceId: $w }) { workspace { sprintConfig { id } } } }`;
const SPRINT_FIELDS =
  "id name state startAt endAt description totalPoints completedPoints issueCount closedIssuesCount";
const WORKSPACE = `query ($w: ID!, $filters: SprintFiltersInput) {
  workspace(id: $w) {
    sprintConfig { ${CONFIG_FIELDS} }
    sprints(filters: $filters) { totalCount nodes { ${SPRINT_FIELDS} } }
    activeSprint { id name } upcomingSprint { id name } previousSprint { id name } recentlyCompletedSprint { id name }
    averageSprintVelocity assumeEstimates assumedEstimateValue
  }
}`;
const SEARCH = `query ($w: ID!, $first: Int, $after: String, $state: SprintState!, $orderBy: SprintOrderInput, $query: String) {
  workspace(id: $w) {
    sprints(first: $first, after: $after, query: $query, filters: { state: { eq: $state } }, orderBy: $orderBy) {
      totalCount pageInfo { hasNextPage hasPreviousPage endCursor } nodes { id name endAt }
    }
  }
}`;
const CREATE_ISSUE = `mutation ($input: CreateIssueInput!) { createIssue(input: $input) { issue { id } } }`;
const PREDICTED = `query ($id: ID!, $w: ID!) { node(id: $id) { ... on Issue { predictedSprint(workspaceId: $w) { id name } } } }`;

interface SprintView {
  id: string;
  name: string;
  state: "OPEN" | "CLOSED";
  startAt: string;
  endAt: string;
  description: string | null;
  totalPoints: number;
  completedPoints: number;
  issueCount: number;
  closedIssuesCount: number;
}

interface WorkspaceView {
  sprintConfig: Record<string, unknown> | null;
  sprints: { totalCount: number; nodes: SprintView[] };
  activeSprint: { id: string; name: string } | null;
  upcomingSprint: { id: string; name: string } | null;
  previousSprint: { id: string; name: string } | null;
  recentlyCompletedSprint: { id: string; name: string } | null;
  averageSprintVelocity: number | null;
  assumeEstimates: boolean;
  assumedEstimateValue: number | null;
}

const errorOf = (answer: GraphQLAnswer) => ({
  code: answer.errors?.[0]?.extensions?.code,
  message: answer.errors?.[0]?.message,
  field: answer.errors?.[0]?.extensions?.field,
});

const settingsOff = { moveUnfinishedIssues: true, issuesFromPipeline: { enabled: false } };

describe.each(testEngines())("sprints on %s", (engine) => {
  let t: TestApp;
  let clock = new Date("2026-11-25T12:00:00Z");
  let admin: TestUser;
  let editor: TestUser;
  let reader: TestUser;
  let organization: string;
  let workspace: string;
  let gantryRepository: string;
  let pipelines: { id: string; name: string }[];

  beforeAll(async () => {
    t = await createSignUpTestApp(engine, {}, { now: () => clock });
    const team = await organizationTeam(t, { editor: "member", reader: "member" }, { owner: "admin" });
    ({ owner: admin, organization } = team);
    ({ editor, reader } = team.people);
  });
  afterAll(async () => {
    await t.close();
  });

  beforeEach(async () => {
    clock = new Date("2026-11-25T12:00:00Z");
    workspace = await createWorkspace(t, admin, organization);
    await grantWorkspace(t, workspace, editor, "editor");
    await grantWorkspace(t, workspace, reader, "viewer");
    const read = field<{ gantryRepository: { id: string }; pipelines: { id: string; name: string }[] }>(
      await gql(
        t,
        admin.token,
        "query ($id: ID!) { workspace(id: $id) { gantryRepository { id } pipelines { id name } } }",
        {
          id: workspace,
        },
      ),
      "workspace",
    );
    gantryRepository = read.gantryRepository.id;
    pipelines = read.pipelines;
  });

  const view = async (state: "OPEN" | "CLOSED" | null = null, user = admin) =>
    field<WorkspaceView>(
      await gql(t, user.token, WORKSPACE, { w: workspace, filters: state ? { state: { eq: state } } : null }),
      "workspace",
    );
  const configure = (input: Record<string, unknown>, user = admin) =>
    gql(t, user.token, CREATE, {
      input: { workspaceId: workspace, name: "Sprint", tzIdentifier: "Europe/Paris", settings: settingsOff, ...input },
    });
  const newIssue = async (title: string) =>
    decodeGlobalID(
      field<{ issue: { id: string } }>(
        await gql(t, admin.token, CREATE_ISSUE, { input: { repositoryId: gantryRepository, title } }),
        "createIssue",
      ).issue.id,
    ).id;
  const dbIdOf = (id: string) => decodeGlobalID(id).id;
  /** Weekly sprints from Monday Nov 23, filled from the first pipeline (where new issues land) up to `points`. */
  const weeklyFromFirstPipeline = (points: number) =>
    configure({
      startOn: "2026-11-23",
      period: 1,
      settings: {
        moveUnfinishedIssues: true,
        issuesFromPipeline: { enabled: true, pipelineId: pipelines[0]?.id, totalStoryPoints: points },
      },
    });

  it("creates a config and the running sprint with the next two, named by their days in the config's zone", async () => {
    const config = field<{ sprintConfig: Record<string, unknown> }>(
      await configure({ startOn: "2026-11-16", endOn: "2026-11-29", startOnTime: "09:30" }),
      "createSprintConfig",
    ).sprintConfig;
    expect(config).toMatchObject({
      name: "Sprint",
      startDay: "MONDAY",
      endDay: "MONDAY",
      tzIdentifier: "Europe/Paris",
      period: 2,
      startOn: "2026-11-16",
      startOnTime: "09:30:00",
      settings: { moveUnfinishedIssues: true, issuesFromPipeline: { enabled: false, pipelineId: null } },
    });
    const read = await view("OPEN");
    expect(read.sprints.nodes.map((sprint) => [sprint.name, sprint.startAt, sprint.endAt])).toEqual([
      ["Sprint: Nov 16 – Nov 30, 2026", "2026-11-16T08:30:00.000Z", "2026-11-30T08:30:00.000Z"],
      ["Sprint: Nov 30 – Dec 14, 2026", "2026-11-30T08:30:00.000Z", "2026-12-14T08:30:00.000Z"],
      ["Sprint: Dec 14 – Dec 28, 2026", "2026-12-14T08:30:00.000Z", "2026-12-28T08:30:00.000Z"],
    ]);
    expect(read.activeSprint?.name).toBe("Sprint: Nov 16 – Nov 30, 2026");
    expect(read.upcomingSprint?.name).toBe("Sprint: Nov 30 – Dec 14, 2026");
    expect(read.previousSprint).toBeNull();
    expect(read.recentlyCompletedSprint).toBeNull();
    expect(read.averageSprintVelocity).toBeNull();
    expect(read).toMatchObject({ assumeEstimates: true, assumedEstimateValue: null });
  });

  it("makes each sprint once however often generation runs, at once too, and keeps making them as time passes", async () => {
    await configure({ startOn: "2026-11-23", period: 1 });
    const workspaceId = dbIdOf(workspace);
    await Promise.all([0, 1, 2].map(() => ensureUpcomingSprints(t.database.db, workspaceId, clock)));
    expect((await view()).sprints.totalCount).toBe(3);
    clock = new Date("2026-12-10T12:00:00Z");
    const made = await ensureUpcomingSprints(t.database.db, workspaceId, clock);
    expect(made.map((sprint) => sprint.name)).toEqual([
      "Sprint: Dec 14 – Dec 20, 2026",
      "Sprint: Dec 21 – Dec 27, 2026",
    ]);
    expect(await ensureUpcomingSprints(t.database.db, workspaceId, clock)).toEqual([]);
    const starts = (await view("OPEN")).sprints.nodes.map((sprint) => sprint.startAt);
    // One week apart, no gap and no overlap, local midnight in Paris.
    expect(starts).toEqual([
      "2026-11-22T23:00:00.000Z",
      "2026-11-29T23:00:00.000Z",
      "2026-12-06T23:00:00.000Z",
      "2026-12-13T23:00:00.000Z",
      "2026-12-20T23:00:00.000Z",
    ]);
  });

  it("keeps sprints back to back and two ahead as time passes, in any zone and period, property", async () => {
    const workspaceId = dbIdOf(workspace);
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          tzIdentifier: fc.constantFrom("Europe/Paris", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata"),
          period: fc.integer({ min: 1, max: 4 }),
          startTime: fc.constantFrom("00:00:00", "02:30:00", "09:15:00"),
          startOn: fc.constantFrom("2026-02-23", "2026-03-02", "2026-10-19", "2026-11-23"),
        }),
        fc.array(fc.integer({ min: 0, max: 40 * 24 }), { minLength: 1, maxLength: 6 }),
        async (config, stepsInHours) => {
          await t.database.db.delete(schema.sprints).where(eq(schema.sprints.workspaceId, workspaceId));
          await t.database.db.delete(schema.sprintConfigs).where(eq(schema.sprintConfigs.workspaceId, workspaceId));
          await t.database.db.insert(schema.sprintConfigs).values({ ...config, workspaceId, name: "Sprint" });
          let now = new Date("2026-01-15T12:00:00Z");
          for (const hours of stepsInHours) {
            now = new Date(now.getTime() + hours * 3_600_000);
            await ensureUpcomingSprints(t.database.db, workspaceId, now);
            await ensureUpcomingSprints(t.database.db, workspaceId, now);
          }
          const made = await t.database.db
            .select()
            .from(schema.sprints)
            .where(eq(schema.sprints.workspaceId, workspaceId))
            .orderBy(schema.sprints.startAt);
          made.slice(1).forEach((sprint, index) => {
            expect(sprint.startAt.getTime()).toBe(made[index]?.endAt.getTime());
          });
          const ahead = made.filter((sprint) => sprint.startAt.getTime() > now.getTime());
          expect(ahead).toHaveLength(2);
        },
      ),
      { numRuns: 12 },
    );
  });

  it("refuses bad input with SPEC §5's messages, storing nothing", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ startOn: "23/11/2026" }, "startOn", "Invalid date format. Expected YYYY-MM-DD."],
      [{ startOn: "2026-11-23", endOn: "2026-02-30" }, "endOn", "Invalid date format. Expected YYYY-MM-DD."],
      [{ startOnTime: "9:30" }, "startOnTime", "Invalid time format. Expected HH:mm or HH:mm:ss."],
      [{ tzIdentifier: "Mars/Olympus" }, "tzIdentifier", "Invalid timezone."],
      [{ name: "  " }, "name", "Give the sprints a name."],
      [{ period: 0 }, "period", "A sprint lasts from 1 to 8 weeks."],
      [
        { startOn: "2026-11-23", endOn: "2026-12-04" },
        "endOn",
        "A sprint lasts whole weeks: its last day is the day before the weekday it starts on.",
      ],
      [
        { settings: { moveUnfinishedIssues: false, issuesFromPipeline: { enabled: true, totalStoryPoints: 10 } } },
        "pipelineId",
        "Choose the pipeline sprints are filled from.",
      ],
    ];
    for (const [input, fieldName, message] of cases)
      expect(errorOf(await configure(input))).toEqual({ code: "BAD_USER_INPUT", message, field: fieldName });
    const otherWorkspace = await createWorkspace(t, admin, organization);
    const foreignPipeline = field<{ pipelines: { id: string }[] }>(
      await gql(t, admin.token, "query ($id: ID!) { workspace(id: $id) { pipelines { id } } }", { id: otherWorkspace }),
      "workspace",
    ).pipelines[0]?.id;
    expect(
      errorOf(
        await configure({
          settings: {
            moveUnfinishedIssues: true,
            issuesFromPipeline: { enabled: true, pipelineId: foreignPipeline, totalStoryPoints: 10 },
          },
        }),
      ).message,
    ).toBe("This pipeline is not in this workspace.");
    const read = await view();
    expect(read.sprintConfig).toBeNull();
    expect(read.sprints.totalCount).toBe(0);
  });

  it("lets only workspace admins configure sprints, and editors rename sprints and set their goal", async () => {
    expect(errorOf(await configure({}, editor)).code).toBe("FORBIDDEN");
    expect(errorOf(await configure({}, reader)).code).toBe("FORBIDDEN");
    const outsider = await signUpUser(t, "outsider");
    expect(errorOf(await configure({}, outsider)).code).toBe("FORBIDDEN");
    expect(errorOf(await gql(t, null, DELETE, { w: workspace })).code).toBe("UNAUTHENTICATED");
    expect(field(await configure({ startOn: "2026-11-23" }), "createSprintConfig")).toBeTruthy();
    expect(errorOf(await configure({})).code).toBe("CONFLICT");
    expect(errorOf(await gql(t, editor.token, DELETE, { w: workspace })).code).toBe("FORBIDDEN");
    const sprintId = (await view()).activeSprint?.id;
    const UPDATE_SPRINT = `mutation ($id: ID!, $name: String, $description: String) { updateSprint(input: { sprintId: $id, name: $name, description: $description }) { sprint { name description } } }`;
    expect(errorOf(await gql(t, reader.token, UPDATE_SPRINT, { id: sprintId, name: "Mine" })).code).toBe("FORBIDDEN");
    expect(errorOf(await gql(t, editor.token, UPDATE_SPRINT, { id: sprintId, name: " " })).message).toBe(
      "A sprint needs a name.",
    );
    const updated = field<{ sprint: unknown }>(
      await gql(t, editor.token, UPDATE_SPRINT, { id: sprintId, name: " Launch ", description: "Ship the beta" }),
      "updateSprint",
    ).sprint;
    expect(updated).toEqual({ name: "Launch", description: "Ship the beta" });
  });

  it("pages closed sprints 100 at a time by endAt, latest first, and searches by name", async () => {
    await configure({ startOn: "2026-11-23", period: 1 });
    const workspaceId = dbIdOf(workspace);
    const base = Date.UTC(2020, 0, 6);
    const week = 7 * 86_400_000;
    await t.database.db.insert(schema.sprints).values(
      Array.from({ length: 150 }, (_, index) => ({
        workspaceId,
        name: `Old ${index}`,
        startAt: new Date(base + index * week),
        endAt: new Date(base + (index + 1) * week),
        state: "CLOSED" as const,
        closedAt: new Date(base + (index + 1) * week),
      })),
    );
    type Page = {
      totalCount: number;
      pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; endCursor: string };
      nodes: { name: string }[];
    };
    const page = async (after: string | null) =>
      field<{ sprints: Page }>(
        await gql(t, reader.token, SEARCH, {
          w: workspace,
          first: 100,
          after,
          state: "CLOSED",
          orderBy: { field: "END_AT", direction: "DESC" },
        }),
        "workspace",
      ).sprints;
    const first = await page(null);
    expect(first.totalCount).toBe(150);
    expect(first.nodes).toHaveLength(100);
    expect(first.pageInfo.hasNextPage).toBe(true);
    expect(first.nodes.slice(0, 2).map((node) => node.name)).toEqual(["Old 149", "Old 148"]);
    const second = await page(first.pageInfo.endCursor);
    expect(second.nodes.map((node) => node.name)).toEqual(Array.from({ length: 50 }, (_, i) => `Old ${49 - i}`));
    expect(second.pageInfo).toMatchObject({ hasNextPage: false });
    const found = field<{ sprints: Page }>(
      await gql(t, reader.token, SEARCH, { w: workspace, state: "CLOSED", query: "old 14" }),
      "workspace",
    ).sprints;
    expect(found.nodes.map((node) => node.name)).toEqual([
      "Old 149",
      "Old 148",
      "Old 147",
      "Old 146",
      "Old 145",
      "Old 144",
      "Old 143",
      "Old 142",
      "Old 141",
      "Old 140",
      "Old 14",
    ]);
  });

  it("counts points per sprint and averages the last three closed sprints' completed points", async () => {
    await configure({ startOn: "2026-11-23", period: 1 });
    const workspaceId = dbIdOf(workspace);
    const issueIds: string[] = [];
    for (let index = 0; index < 8; index++) issueIds.push(await newIssue(`Task ${index}`));
    await t.database.db.update(schema.issues).set({ estimate: 2 }).where(inArray(schema.issues.id, issueIds));
    const week = 7 * 86_400_000;
    const closedSprints = await t.database.db
      .insert(schema.sprints)
      .values(
        [0, 1, 2, 3].map((index) => ({
          workspaceId,
          name: `Past ${index}`,
          startAt: new Date(Date.UTC(2026, 9, 5) + index * week),
          endAt: new Date(Date.UTC(2026, 9, 5) + (index + 1) * week),
          state: "CLOSED" as const,
        })),
      )
      .returning();
    // Past 0: 1 done; Past 1: 2 done; Past 2: none; Past 3: 2 done and one closed only after the sprint ended.
    const done = (sprintIndex: number, issueIndexes: number[]) =>
      t.database.db.insert(schema.sprintIssues).values(
        issueIndexes.map((issueIndex) => ({
          sprintId: closedSprints[sprintIndex]?.id ?? "",
          issueId: issueIds[issueIndex] ?? "",
        })),
      );
    await done(0, [0]);
    await done(1, [1, 2]);
    await done(2, [3]);
    await done(3, [4, 5, 6]);
    const closeAt = (indexes: number[], closedAt: Date) =>
      t.database.db
        .update(schema.issues)
        .set({ state: "closed", closedAt })
        .where(
          inArray(
            schema.issues.id,
            indexes.map((index) => issueIds[index] ?? ""),
          ),
        );
    await closeAt([0], new Date(Date.UTC(2026, 9, 7)));
    await closeAt([1, 2], new Date(Date.UTC(2026, 9, 14)));
    await closeAt([4, 5], new Date(Date.UTC(2026, 9, 28)));
    await closeAt([6], new Date(Date.UTC(2026, 10, 20)));
    const closed = (await view("CLOSED")).sprints.nodes;
    expect(
      closed.map((sprint) => [sprint.name, sprint.totalPoints, sprint.completedPoints, sprint.closedIssuesCount]),
    ).toEqual([
      ["Past 3", 6, 4, 2],
      ["Past 2", 2, 0, 0],
      ["Past 1", 4, 4, 2],
      ["Past 0", 2, 2, 1],
    ]);
    const read = await view();
    expect(read.averageSprintVelocity).toBeCloseTo((4 + 0 + 4) / 3);
    expect(read.recentlyCompletedSprint?.name).toBe("Past 3");
    expect(read.previousSprint?.name).toBe("Past 3");
  });

  it("predicts where backlog issues land, filling upcoming sprints in board order up to the points", async () => {
    await weeklyFromFirstPipeline(5);
    // New issues go on top, so the last created is first in board order.
    const ids: string[] = [];
    for (const title of ["e", "d", "c", "b", "a"]) ids.unshift(await newIssue(title));
    const estimates = [3, null, 1, 3, 8];
    for (const [index, estimate] of estimates.entries())
      await t.database.db
        .update(schema.issues)
        .set({ estimate })
        .where(eq(schema.issues.id, ids[index] ?? ""));
    const predicted = async (issueId: string) =>
      field<{ predictedSprint: { name: string } | null }>(
        await gql(t, reader.token, PREDICTED, { id: encodeGlobalID("Issue", issueId), w: workspace }),
        "node",
      ).predictedSprint?.name ?? null;
    // The median of 3, 1, 3 and 8 is 3: a (3) and b (3 assumed) overflow 5, so b waits for the second
    // upcoming sprint with c; d does not fit there and no third upcoming sprint exists yet.
    expect(await Promise.all(ids.map(predicted))).toEqual([
      "Sprint: Nov 30 – Dec 6, 2026",
      "Sprint: Dec 7 – Dec 13, 2026",
      "Sprint: Dec 7 – Dec 13, 2026",
      null,
      null,
    ]);
    // The board's cards show the same, though a board page reads the sprint config with its pipeline.
    const page = field<{ nodes: { title: string; predictedSprint: { name: string } | null }[] }>(
      await gql(
        t,
        reader.token,
        `query ($p: ID!, $w: ID!) { searchIssuesByPipeline(pipelineId: $p, first: 10) {
          nodes { title predictedSprint(workspaceId: $w) { name } } } }`,
        { p: pipelines[0]?.id, w: workspace },
      ),
      "searchIssuesByPipeline",
    );
    expect(page.nodes.map((card) => [card.title, card.predictedSprint?.name ?? null])).toEqual([
      ["a", "Sprint: Nov 30 – Dec 6, 2026"],
      ["b", "Sprint: Dec 7 – Dec 13, 2026"],
      ["c", "Sprint: Dec 7 – Dec 13, 2026"],
      ["d", null],
      ["e", null],
    ]);
    // Issues are nodes, read by anyone who can open a workspace showing them, and by no one else.
    const outsider = await signUpUser(t, "stranger");
    const hidden = await gql(t, outsider.token, PREDICTED, { id: encodeGlobalID("Issue", ids[0] ?? ""), w: workspace });
    expect(hidden.data).toEqual({ node: null });
    // An issue already in a sprint is not predicted, and the others move up.
    const running = (await view()).activeSprint?.id ?? "";
    await t.database.db.insert(schema.sprintIssues).values({ sprintId: dbIdOf(running), issueId: ids[0] ?? "" });
    expect(await predicted(ids[0] ?? "")).toBeNull();
    expect(await predicted(ids[1] ?? "")).toBe("Sprint: Nov 30 – Dec 6, 2026");

    // An admin sets the assumed estimate: b now counts 4 and, with c (1), fills the first sprint.
    const SET_ASSUMED = `mutation ($w: ID!, $value: Int) { updateWorkspace(input: { workspaceId: $w, name: "Planned", assumedEstimateValue: $value }) { workspace { assumeEstimates assumedEstimateValue } } }`;
    expect(errorOf(await gql(t, admin.token, SET_ASSUMED, { w: workspace, value: -1 }))).toMatchObject({
      code: "BAD_USER_INPUT",
      message: "An estimate cannot be negative.",
    });
    expect(errorOf(await gql(t, editor.token, SET_ASSUMED, { w: workspace, value: 4 })).code).toBe("FORBIDDEN");
    const set = field<{ workspace: unknown }>(
      await gql(t, admin.token, SET_ASSUMED, { w: workspace, value: 4 }),
      "updateWorkspace",
    );
    expect(set.workspace).toEqual({ assumeEstimates: true, assumedEstimateValue: 4 });
    expect(await Promise.all(ids.slice(1).map(predicted))).toEqual([
      "Sprint: Nov 30 – Dec 6, 2026",
      "Sprint: Nov 30 – Dec 6, 2026",
      "Sprint: Dec 7 – Dec 13, 2026",
      null,
    ]);
  });

  it("tells open boards about the cards whose predicted sprint a config change moves", async () => {
    await weeklyFromFirstPipeline(5);
    const automation = (totalStoryPoints: number) => ({
      moveUnfinishedIssues: true,
      issuesFromPipeline: { enabled: true, pipelineId: dbIdOf(pipelines[0]?.id ?? ""), totalStoryPoints },
    });
    const ids: string[] = [];
    for (const title of ["c", "b", "a"]) ids.unshift(await newIssue(title));
    await t.database.db.update(schema.issues).set({ estimate: 3 }).where(inArray(schema.issues.id, ids));
    const bus = createInProcessBus();
    const heard: BoardEvent[] = [];
    const stream = bus.subscribe(dbIdOf(workspace));
    const listening = (async () => {
      for await (const event of stream) heard.push(event);
    })();
    // 5 points: a, then b, each alone; 6 points: a and b together, then c.
    await updateSprintConfig({ db: t.database.db, events: bus, now: () => clock }, admin.userId, {
      workspaceId: dbIdOf(workspace),
      name: "Sprint",
      tzIdentifier: null,
      startOn: null,
      endOn: null,
      startOnTime: null,
      endOnTime: null,
      kind: null,
      period: null,
      settings: automation(6),
    });
    await bus.close();
    await listening;
    expect(heard).toHaveLength(1);
    expect(heard[0]).toMatchObject({ kind: "ISSUES_CHANGED", actorId: admin.userId });
    expect(heard[0]?.kind === "ISSUES_CHANGED" && [...heard[0].issueIds].sort()).toEqual([ids[1], ids[2]].sort());
  });

  it("sends each board event's cards with the predicted sprint as it is then, not as the first event had it", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    await weeklyFromFirstPipeline(5);
    const ids: string[] = [];
    for (const title of ["b", "a"]) ids.unshift(await newIssue(title));
    await t.database.db.update(schema.issues).set({ estimate: 3 }).where(inArray(schema.issues.id, ids));
    const stream = await subscribe(
      t,
      reader.token,
      `subscription ($w: ID!) { boardEvents(workspaceId: $w) {
        ... on IssuesChangedEvent { placements { issue { title predictedSprint(workspaceId: $w) { name } } } } } }`,
      { w: workspace },
    );
    try {
      const points = async (totalStoryPoints: number) => {
        const settings = {
          moveUnfinishedIssues: true,
          issuesFromPipeline: { enabled: true, pipelineId: pipelines[0]?.id, totalStoryPoints },
        };
        field(
          await gql(t, admin.token, UPDATE, { input: { workspaceId: workspace, name: "Sprint", settings } }),
          "updateSprintConfig",
        );
        type Placements = { placements: { issue: { title: string; predictedSprint: { name: string } | null } }[] };
        return field<Placements>(await stream.next(), "boardEvents").placements.map((place) => [
          place.issue.title,
          place.issue.predictedSprint?.name ?? null,
        ]);
      };
      expect(await points(6)).toEqual([["b", "Sprint: Nov 30 – Dec 6, 2026"]]);
      expect(await points(3)).toEqual([["b", "Sprint: Dec 7 – Dec 13, 2026"]]);
    } finally {
      stream.close();
    }
  });

  it("moves a new schedule in from the running sprint, taking planned issues along, and deletes open sprints with the config", async () => {
    await configure({ startOn: "2026-11-23", period: 1 });
    const issueId = await newIssue("Planned");
    const before = await view("OPEN");
    const second = before.sprints.nodes[1]?.id ?? "";
    await t.database.db.insert(schema.sprintIssues).values({ sprintId: dbIdOf(second), issueId });
    const updated = await gql(t, admin.token, UPDATE, {
      input: { workspaceId: workspace, name: "Iteration", period: 2, settings: settingsOff },
    });
    expect(field<{ sprintConfig: { period: number } }>(updated, "updateSprintConfig").sprintConfig.period).toBe(2);
    const after = (await view("OPEN")).sprints.nodes;
    expect(after.map((sprint) => [sprint.name, sprint.issueCount])).toEqual([
      ["Iteration: Nov 23 – Dec 6, 2026", 0],
      ["Iteration: Dec 7 – Dec 20, 2026", 1],
      ["Iteration: Dec 21, 2026 – Jan 3, 2027", 0],
    ]);
    expect(after[0]?.id).toBe(before.sprints.nodes[0]?.id);
    expect(after.slice(1).every((sprint, index) => sprint.startAt === after[index]?.endAt)).toBe(true);

    await t.database.db.insert(schema.sprints).values({
      workspaceId: dbIdOf(workspace),
      name: "History",
      startAt: new Date("2026-01-01T00:00:00Z"),
      endAt: new Date("2026-01-15T00:00:00Z"),
      state: "CLOSED",
    });
    const deleted = field<{ workspace: { sprintConfig: null } }>(
      await gql(t, admin.token, DELETE, { w: workspace }),
      "deleteSprintConfigAndOpenSprints",
    );
    expect(deleted.workspace.sprintConfig).toBeNull();
    const read = await view();
    expect(read.sprints.nodes.map((sprint) => sprint.name)).toEqual(["History"]);
    expect(errorOf(await gql(t, admin.token, DELETE, { w: workspace })).code).toBe("NOT_FOUND");
  });
});
