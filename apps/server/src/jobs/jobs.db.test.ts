import { createTestDatabase, type TestDatabase, testEngines } from "@gantry/db/testing";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type JobDefinition, type Jobs, startJobs } from "./jobs.js";

const log = { error: vi.fn() };

describe.each(testEngines())("background jobs on %s", (engine) => {
  let database: TestDatabase;
  const running: Jobs[] = [];

  const start = async (definitions: JobDefinition[]) => {
    const jobs = await startJobs({ executeSql: database.executeSql, definitions, log, pollingIntervalSeconds: 0.5 });
    running.push(jobs);
    return jobs;
  };

  beforeEach(async () => {
    database = await createTestDatabase(engine);
  });
  afterEach(async () => {
    for (const jobs of running.splice(0)) await jobs.stop();
    await database.dispose();
  });

  it("runs a sent job with its data", async () => {
    const seen: unknown[] = [];
    const jobs = await start([{ queue: "echo", run: async (data) => void seen.push(data) }]);
    await jobs.send("echo", { workspaceId: "w1" });
    await vi.waitFor(() => expect(seen).toEqual([{ workspaceId: "w1" }]), { timeout: 10_000, interval: 100 });
  });

  it("sends one job at start for a definition that asks for it, with no data, as its schedule would", async () => {
    const seen: unknown[] = [];
    await start([
      { queue: "catch-up", runAtStart: true, run: async (data) => void seen.push(data) },
      { queue: "on-request", run: async (data) => void seen.push(data) },
    ]);
    await vi.waitFor(() => expect(seen).toEqual([{}]), { timeout: 10_000, interval: 100 });
    const { rows } = await database.executeSql("select name from pgboss.job where name in ('catch-up', 'on-request')");
    expect(rows).toEqual([{ name: "catch-up" }]);
  });

  it("retries a job that fails", async () => {
    let attempts = 0;
    const jobs = await start([
      {
        queue: "flaky",
        run: async () => {
          attempts += 1;
          if (attempts === 1) throw new Error("database busy");
        },
      },
    ]);
    await jobs.send("flaky", {});
    // The retry waits out pg-boss's delay (10 s), so this only checks the failure was kept for a retry.
    await vi.waitFor(
      async () => {
        const { rows } = await database.executeSql(
          "select state, output->>'message' as message from pgboss.job where name = 'flaky'",
        );
        expect(rows).toEqual([{ state: "retry", message: "database busy" }]);
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ queue: "flaky" }),
      "background job failed; it will be retried",
    );
  });

  it("keeps a job queued while stopped and runs it after a restart, with the schedule still in place", async () => {
    const first = await start([{ queue: "tick", cron: "* * * * *", run: async () => undefined }]);
    await first.stop();
    running.splice(0);
    await database.executeSql("delete from pgboss.job where name = 'tick'");
    // Queued by another instance (or a config change) while this one was down.
    await database.executeSql(
      "insert into pgboss.job (name, data, policy) values ('tick', '{\"workspaceId\":\"w2\"}', 'short')",
    );

    const seen: unknown[] = [];
    // Restarted without being told the cron again: the stored schedule still sends its job.
    await start([{ queue: "tick", run: async (data) => void seen.push(data) }]);
    await vi.waitFor(() => expect(seen).toEqual(expect.arrayContaining([{ workspaceId: "w2" }, {}])), {
      timeout: 20_000,
      interval: 200,
    });
  });

  it("lets one job wait per singleton key however often it is sent", async () => {
    const jobs = await start([{ queue: "quiet", run: async () => undefined }]);
    await jobs.stop();
    running.splice(0);
    await jobs.send("quiet", { workspaceId: "w1" }, "w1");
    await jobs.send("quiet", { workspaceId: "w1" }, "w1");
    await jobs.send("quiet", { workspaceId: "w2" }, "w2");
    const { rows } = await database.executeSql(
      "select singleton_key from pgboss.job where name = 'quiet' order by singleton_key",
    );
    expect(rows).toEqual([{ singleton_key: "w1" }, { singleton_key: "w2" }]);
  });
});
