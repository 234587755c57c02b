import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, queryRows } from "./open.js";
import { users } from "./schema/index.js";
import { createTestDatabase, type TestDatabase, testEngines } from "./testing.js";

describe.each(testEngines())("database on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.dispose());

  it("reports which engine it runs", () => {
    expect(database.engine).toBe(engine);
  });

  it("migrates a second time without changing anything", async () => {
    const count = async () =>
      (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from drizzle.migrations`))[0]?.n;
    const before = await count();
    await database.migrate();
    expect(await count()).toBe(before);
    expect(before).toBeGreaterThan(0);
  });

  it("stores and reads a user", async () => {
    const email = `ada-${Date.now()}@example.com`;
    const [created] = await database.db.insert(users).values({ email, name: "Ada" }).returning();
    const found = await database.db.select().from(users).where(eq(users.email, email));
    expect(found).toEqual([created]);
  });

  it("treats emails that differ only in case as the same", async () => {
    const email = `Grace-${Date.now()}@example.com`;
    await database.db.insert(users).values({ email });
    await expect(database.db.insert(users).values({ email: email.toLowerCase() })).rejects.toThrow();
  });
});

describe("embedded database on disk", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "gantry-pglite-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("keeps its rows across a restart", async () => {
    const first = await openDatabase({ dataDir });
    await first.migrate();
    await first.db.insert(users).values({ email: "kept@example.com" });
    await first.close();

    const second = await openDatabase({ dataDir });
    await second.migrate();
    const rows = await second.db.select().from(users).where(eq(users.email, "kept@example.com"));
    await second.close();
    expect(rows).toHaveLength(1);
  });
});
