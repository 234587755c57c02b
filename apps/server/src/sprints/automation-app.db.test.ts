import { randomBytes } from "node:crypto";
import { createTestDatabase, type TestDatabase, testEngines } from "@gantry/db/testing";
import { decodeGlobalID } from "@pothos/plugin-relay";
import type { FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildApp } from "../app.js";
import { loadConfig } from "../config/config.js";
import { SecretBox } from "../crypto/secret-box.js";
import { createTestApp, fakeWebDist } from "../testing/app.js";
import { createOrganization, createWorkspace, gql, signUpUser } from "../testing/factories.js";
import { SPRINT_TIMES, sprintingWorkspace, sprintsOf } from "../testing/sprint-automation.js";

describe.each(testEngines())("sprint automation in the running server on %s", (engine) => {
  let database: TestDatabase;
  const apps: FastifyInstance[] = [];

  beforeEach(async () => {
    database = await createTestDatabase(engine);
  });
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    await database.dispose();
  });

  async function server(env: NodeJS.ProcessEnv, now: () => Date, withJobs: boolean) {
    const app = await buildApp({
      config: loadConfig({ LOG_LEVEL: "silent", WEB_DIST_DIR: fakeWebDist(), ...env }),
      db: database.db,
      secretBox: new SecretBox(randomBytes(32)),
      github: null,
      now,
      ...(withJobs ? { jobs: { executeSql: database.executeSql, pollingIntervalSeconds: 0.5 } } : {}),
    });
    apps.push(app);
    await app.ready();
    return app;
  }

  it("moves the clock past a sprint's end through POST /__test/clock and answers once the sprint is closed", async () => {
    const { workspaceId } = await sprintingWorkspace(database.db);
    const app = await server({ GANTRY_TEST_CLOCK: "true" }, () => SPRINT_TIMES.firstSprintRunning, false);
    const advanceMs = SPRINT_TIMES.justAfterFirst.getTime() - SPRINT_TIMES.firstSprintRunning.getTime();
    const response = await app.inject({ method: "POST", url: "/__test/clock", payload: { advanceMs } });
    expect(response.json()).toEqual({ now: SPRINT_TIMES.justAfterFirst.toISOString() });
    const states = (await sprintsOf(database.db, workspaceId)).map((sprint) => sprint.state);
    expect(states).toEqual(["CLOSED", "OPEN", "OPEN", "OPEN"]);
  });

  it("runs the scheduled rollover after a restart, at the time the clock then says", async () => {
    const { workspaceId } = await sprintingWorkspace(database.db);
    let now = SPRINT_TIMES.firstSprintRunning;
    const first = await server({}, () => now, true);
    await vi.waitFor(
      async () => {
        const { rows } = await database.executeSql("select name, cron from pgboss.schedule");
        expect(rows).toEqual([{ name: "sprint-automation", cron: "* * * * *" }]);
      },
      { timeout: 20_000, interval: 200 },
    );
    await first.close();
    apps.splice(0);
    expect((await sprintsOf(database.db, workspaceId))[0]?.state).toBe("OPEN");

    now = SPRINT_TIMES.justAfterFirst;
    await server({}, () => now, true);
    await vi.waitFor(async () => expect((await sprintsOf(database.db, workspaceId))[0]?.state).toBe("CLOSED"), {
      timeout: 20_000,
      interval: 200,
    });
  });
});

describe.each(testEngines())("sprint automation after a config change on %s", (engine) => {
  it("queues a run for the workspace when its sprint config is saved, which the jobs then do", async () => {
    const t = await createTestApp({ REQUIRE_EMAIL_VERIFICATION: "false" }, { engine, jobsPollingIntervalSeconds: 0.5 });
    try {
      const owner = await signUpUser(t, "owner");
      const workspace = await createWorkspace(t, owner, await createOrganization(t, owner));
      const saved = await gql(
        t,
        owner.token,
        `mutation ($input: SprintConfigCreateInput!) { createSprintConfig(input: { sprintConfig: $input }) { sprintConfig { id } } }`,
        {
          input: {
            workspaceId: workspace,
            name: "Sprint",
            tzIdentifier: "UTC",
            settings: { moveUnfinishedIssues: true, issuesFromPipeline: { enabled: false } },
          },
        },
      );
      expect(saved.errors).toBeUndefined();
      await vi.waitFor(
        async () => {
          const { rows } = await t.database.executeSql(
            "select state from pgboss.job where name = 'sprint-automation' and singleton_key = $1",
            [decodeGlobalID(workspace).id],
          );
          expect(rows).toEqual([{ state: "completed" }]);
        },
        { timeout: 20_000, interval: 200 },
      );
    } finally {
      await t.close();
    }
  });
});

describe("the test clock and sign-in", () => {
  it("leaves sessions on real time, so moving planning time a month ahead signs no one out", async () => {
    const t = await createTestApp({ GANTRY_TEST_CLOCK: "true", REQUIRE_EMAIL_VERIFICATION: "false" });
    try {
      const ada = await signUpUser(t, "ada");
      const month = 31 * 24 * 3600 * 1000;
      const moved = await t.app.inject({ method: "POST", url: "/__test/clock", payload: { advanceMs: month } });
      expect(moved.statusCode).toBe(200);
      const answer = await gql(t, ada.token, "{ viewer { email } }");
      expect(answer.data).toEqual({ viewer: { email: ada.email } });
    } finally {
      await t.close();
    }
  });
});

describe("without GANTRY_TEST_CLOCK", () => {
  it("has no clock route", async () => {
    const t = await createTestApp();
    try {
      const response = await t.app.inject({ method: "POST", url: "/__test/clock", payload: { advanceMs: 1000 } });
      expect(response.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
