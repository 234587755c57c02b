import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase, testEngines } from "./testing.js";

describe.each(testEngines())("LISTEN on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.dispose());

  it("hears a notification sent by a statement on the same handle, until it stops listening", async () => {
    const heard: string[] = [];
    const lost = vi.fn();
    const stop = await database.listen("gantry_test_channel", (payload) => heard.push(payload), lost);
    await database.db.execute(sql`select pg_notify('gantry_test_channel', 'first')`);
    await database.db.execute(sql`select pg_notify('another_channel', 'elsewhere')`);
    await vi.waitFor(() => expect(heard).toEqual(["first"]), { timeout: 2_000, interval: 20 });
    await stop();
    await database.db.execute(sql`select pg_notify('gantry_test_channel', 'second')`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toEqual(["first"]);
    expect(lost).not.toHaveBeenCalled();
  });

  it("hears nothing from a transaction that rolls back, and a committed one's notification once it commits", async () => {
    const heard: string[] = [];
    const stop = await database.listen(
      "gantry_test_tx",
      (payload) => heard.push(payload),
      () => undefined,
    );
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_notify('gantry_test_tx', 'rolled back')`);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('gantry_test_tx', 'committed')`);
    });
    await vi.waitFor(() => expect(heard).toEqual(["committed"]), { timeout: 2_000, interval: 20 });
    await stop();
  });

  it.runIf(engine === "postgres")(
    "hears another connection's notification, and says so when its connection is lost",
    async () => {
      const heard: string[] = [];
      const lost = vi.fn();
      await database.listen("gantry_test_other", (payload) => heard.push(payload), lost);
      const [row] = (await database.executeSql("select current_database() as name")).rows as { name: string }[];
      const other = new URL(process.env.TEST_DATABASE_URL ?? "");
      other.pathname = `/${row?.name}`;
      const client = new pg.Client({ connectionString: other.toString() });
      await client.connect();
      try {
        await client.query("select pg_notify('gantry_test_other', 'from elsewhere')");
        await vi.waitFor(() => expect(heard).toEqual(["from elsewhere"]), { timeout: 2_000, interval: 20 });
        // The listening connection is the one waiting on LISTEN: end it as a server restart would.
        await client.query(
          "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen %'",
        );
        await vi.waitFor(() => expect(lost).toHaveBeenCalledTimes(1), { timeout: 2_000, interval: 20 });
      } finally {
        await client.end();
      }
    },
  );
});
