import { testEngines } from "@gantry/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/app.js";
import { errorOf, type GraphQLAnswer } from "../../testing/factories.js";
import { workspaceWithIssues } from "../../testing/workspace-issues.js";
import { ZENHUB_GRAPHQL_PATH } from "../route.js";
import { createKey, publicGql } from "../testing.js";

// A ZenHub script giving sprint start times as the reference types them: an ISO8601DateTime "in UTC to be
// converted to the tz_identifier". The instant's time of day in the zone is the start time, and its day in the
// zone the first sprint's when startOn is left out (decision 0102), in createSprintConfig, updateSprintConfig,
// previewSprintConfig and createWorkspace's workspaceConfig alike.

const CONFIG_FIELDS = `
fragment ConfigFields on SprintConfig { tzIdentifier startOn startOnTime startDay endDay period }`;
const SPRINT_TIMES = `
fragment SprintTimes on Sprint { startAt endAt }`;

const CREATE = `${CONFIG_FIELDS}
mutation CreateSprintConfig($input: SprintConfigCreateInput!) {
  createSprintConfig(input: { sprintConfig: $input }) { sprintConfig { ...ConfigFields } }
}`;

const UPDATE = `${CONFIG_FIELDS}
mutation UpdateSprintConfig($input: SprintConfigUpdateInput!) {
  updateSprintConfig(input: { sprintConfig: $input }) { sprintConfig { ...ConfigFields } }
}`;

const READ = `${CONFIG_FIELDS}${SPRINT_TIMES}
query Sprints($workspaceId: ID!) {
  workspace(id: $workspaceId) {
    sprintConfig { ...ConfigFields }
    sprints(first: 20) { nodes { ...SprintTimes } }
  }
}`;

const PREVIEW = `${SPRINT_TIMES}
query Preview($tzIdentifier: String!, $startOn: ISO8601Date, $startOnTime: ISO8601DateTime) {
  previewSprintConfig(tzIdentifier: $tzIdentifier, startOn: $startOn, startOnTime: $startOnTime) {
    periodInWeeks
    sprints { ...SprintTimes }
  }
}`;

const CREATE_WORKSPACE = `${CONFIG_FIELDS}
mutation CreateWorkspace($name: String!, $organizationId: ID, $workspaceConfig: WorkspaceConfigInput) {
  createWorkspace(input: { name: $name, zenhubOrganizationId: $organizationId, workspaceConfig: $workspaceConfig }) {
    workspace { id sprintConfig { ...ConfigFields } }
  }
}`;

const SETTINGS = { moveUnfinishedIssues: false, issuesFromPipeline: { enabled: false } };

interface Config {
  tzIdentifier: string;
  startOn: string;
  startOnTime: string;
  startDay: string;
  endDay: string;
  period: number;
}
interface Times {
  startAt: string;
  endAt: string;
}

describe.each(testEngines())("sprint start times given as instants, on %s", (engine) => {
  // A Tuesday, five days before New York moves its clocks forward (2026-03-08).
  const clock = new Date("2026-03-03T12:00:00Z");
  let t: TestApp;
  let key: string;
  let workspace: string;
  let organization: string;
  const ask = (query: string, variables: Record<string, unknown>): Promise<GraphQLAnswer> =>
    publicGql(t, key, query, variables, ZENHUB_GRAPHQL_PATH);
  const data = async <T>(query: string, variables: Record<string, unknown>): Promise<T> => {
    const answer = await ask(query, variables);
    expect(answer.errors).toBeUndefined();
    return answer.data as T;
  };
  const sprints = async (workspaceId: string): Promise<Times[]> => {
    const read = await data<{ workspace: { sprints: { nodes: Times[] } } }>(READ, { workspaceId });
    return read.workspace.sprints.nodes.sort((a, b) => a.startAt.localeCompare(b.startAt));
  };

  beforeAll(async () => {
    t = await createTestApp({ REQUIRE_EMAIL_VERIFICATION: "false" }, { engine, now: () => clock });
    const fixture = await workspaceWithIssues(t, { native: 0, gitHub: 0 });
    ({ workspace, organization } = fixture);
    key = (await createKey(t, fixture.owner, "sprints")).secret;
  });
  afterAll(async () => {
    await t.close();
  });

  it("starts New York sprints at the instant's local time, 09:00 on both sides of the clock change", async () => {
    // 14:00 UTC is 09:00 in New York in winter; the end time, given in summer time, is the same local time.
    const created = await data<{ createSprintConfig: { sprintConfig: Config } }>(CREATE, {
      input: {
        workspaceId: workspace,
        name: "Sprint",
        tzIdentifier: "America/New_York",
        startOn: "2026-03-02",
        startOnTime: "2026-03-02T14:00:00Z",
        endOnTime: "2026-03-09T13:00:00Z",
        period: 1,
        settings: SETTINGS,
      },
    });
    expect(created.createSprintConfig.sprintConfig).toEqual({
      tzIdentifier: "America/New_York",
      startOn: "2026-03-02",
      startOnTime: "09:00:00",
      startDay: "MONDAY",
      endDay: "MONDAY",
      period: 1,
    });
    const made = await sprints(workspace);
    expect(made.slice(0, 3)).toEqual([
      { startAt: "2026-03-02T14:00:00.000Z", endAt: "2026-03-09T13:00:00.000Z" },
      { startAt: "2026-03-09T13:00:00.000Z", endAt: "2026-03-16T13:00:00.000Z" },
      { startAt: "2026-03-16T13:00:00.000Z", endAt: "2026-03-23T13:00:00.000Z" },
    ]);
  });

  it("refuses an end time that is not the start time in the zone, naming endOnTime", async () => {
    // 14:00 UTC is 10:00 in New York in summer: not the sprints' 09:00.
    const answer = await ask(UPDATE, {
      input: { workspaceId: workspace, name: "Sprint", endOnTime: "2026-07-06T14:00:00Z", settings: SETTINGS },
    });
    expect(errorOf(answer)).toEqual({
      code: "BAD_USER_INPUT",
      message: "A Gantry sprint ends when the next one starts: the end time must be the start time.",
    });
  });

  it("converts an update's instant into the stored zone when tzIdentifier is left out", async () => {
    // 13:30 UTC in July is 09:30 in New York (summer time); startOn is given, so the day stays.
    const updated = await data<{ updateSprintConfig: { sprintConfig: Config } }>(UPDATE, {
      input: {
        workspaceId: workspace,
        name: "Sprint",
        startOn: "2026-03-02",
        startOnTime: "2026-07-06T13:30:00Z",
        settings: SETTINGS,
      },
    });
    expect(updated.updateSprintConfig.sprintConfig).toMatchObject({
      tzIdentifier: "America/New_York",
      startOn: "2026-03-02",
      startOnTime: "09:30:00",
    });
    const ahead = (await sprints(workspace)).filter((sprint) => sprint.startAt > clock.toISOString());
    // 09:30 New York is 14:30 UTC before 8 March and 13:30 UTC after it.
    expect(ahead.map((sprint) => sprint.startAt)).toEqual(
      expect.arrayContaining(["2026-03-09T13:30:00.000Z", "2026-03-16T13:30:00.000Z"]),
    );
  });

  it("takes an update's first day from the instant's day in Kolkata when startOn is left out", async () => {
    // 20:30 UTC on Tuesday 3 March is 02:00 on Wednesday 4 March in Kolkata (UTC+05:30).
    const updated = await data<{ updateSprintConfig: { sprintConfig: Config } }>(UPDATE, {
      input: {
        workspaceId: workspace,
        name: "Sprint",
        tzIdentifier: "Asia/Kolkata",
        startOnTime: "2026-03-03T20:30:00Z",
        settings: SETTINGS,
      },
    });
    expect(updated.updateSprintConfig.sprintConfig).toMatchObject({
      // The zone as the runtime names it: Node 20's ICU still spells Kolkata "Asia/Calcutta".
      tzIdentifier: expect.stringMatching(/^Asia\/(Kolkata|Calcutta)$/),
      startOn: "2026-03-04",
      startOnTime: "02:00:00",
      startDay: "WEDNESDAY",
      endDay: "WEDNESDAY",
    });
    const ahead = (await sprints(workspace)).filter((sprint) => sprint.startAt > clock.toISOString());
    expect(ahead.map((sprint) => sprint.startAt)).toEqual(
      expect.arrayContaining(["2026-03-03T20:30:00.000Z", "2026-03-10T20:30:00.000Z"]),
    );
  });

  it("previews the sprints the same instant makes", async () => {
    // 20:30 UTC on Sunday 8 March is 02:00 on Monday 9 March in Kolkata; periods are the default 2 weeks.
    const preview = await data<{ previewSprintConfig: { periodInWeeks: number; sprints: Times[] } }>(PREVIEW, {
      tzIdentifier: "Asia/Kolkata",
      startOnTime: "2026-03-08T20:30:00Z",
    });
    expect(preview.previewSprintConfig.periodInWeeks).toBe(2);
    expect(preview.previewSprintConfig.sprints[0]).toEqual({
      startAt: "2026-03-08T20:30:00.000Z",
      endAt: "2026-03-22T20:30:00.000Z",
    });
  });

  it("starts a new workspace's sprints on the instant's local day and time", async () => {
    // 13:00 UTC on Monday 9 March is 09:00 in New York, in summer time from the day before.
    const created = await data<{ createWorkspace: { workspace: { id: string; sprintConfig: Config } } }>(
      CREATE_WORKSPACE,
      {
        name: "Timed",
        organizationId: organization,
        workspaceConfig: { sprintConfig: { tzIdentifier: "America/New_York", startOnTime: "2026-03-09T13:00:00Z" } },
      },
    );
    expect(created.createWorkspace.workspace.sprintConfig).toEqual({
      tzIdentifier: "America/New_York",
      startOn: "2026-03-09",
      startOnTime: "09:00:00",
      startDay: "MONDAY",
      endDay: "MONDAY",
      period: 2,
    });
    expect((await sprints(created.createWorkspace.workspace.id))[0]).toEqual({
      startAt: "2026-03-09T13:00:00.000Z",
      endAt: "2026-03-23T13:00:00.000Z",
    });
  });
});
