import { randomUUID } from "node:crypto";
import { schema } from "@gantry/db";
import { createTestDatabase, type TestDatabase, testEngines } from "@gantry/db/testing";
import { emptyFilters } from "@gantry/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { boardSearchCondition } from "./filtering.js";

const { issues, repositories } = schema;

/** The plan PostgreSQL picks for the issues a board search keeps, as text. */
async function planOf(database: TestDatabase, text: string): Promise<string> {
  const search = boardSearchCondition({
    workspaceId: randomUUID(),
    filters: emptyFilters(text),
    logic: "all",
    displayType: "all",
    currentSprintId: null,
  });
  const query = database.db.select({ id: issues.id }).from(issues).where(search).toSQL();
  const explained = await database.executeSql(`explain ${query.sql}`, query.params);
  return (explained.rows as { "QUERY PLAN": string }[]).map((row) => row["QUERY PLAN"]).join("\n");
}

describe.each(testEngines())("board search through the trigram index, on %s", (engine) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const [repository] = await database.db
      .insert(repositories)
      .values({ ghId: 1, ownerLogin: "acme", name: "api", htmlUrl: "https://github.test/acme/api" })
      .returning({ id: repositories.id });
    const at = new Date("2026-01-05T09:00:00Z");
    // Enough issues that reading them all costs more than the index, with one holding the word searched.
    for (let from = 0; from < 5_000; from += 1_000) {
      await database.db.insert(issues).values(
        Array.from({ length: 1_000 }, (_, offset) => ({
          repositoryId: repository?.id ?? "",
          number: from + offset + 1,
          title:
            from + offset === 4_321 ? "Checkout flickers on retry" : `Issue ${from + offset}: make the thing faster`,
          body: "Steps to reproduce, expected and actual behaviour.",
          state: "open" as const,
          ghCreatedAt: at,
          ghUpdatedAt: at,
        })),
      );
    }
    // As autovacuum leaves a live table: GIN keeps fresh entries in a pending list (up to 4 MB) until
    // a vacuum merges them, and the planner prices searching that list as reading all of it.
    await database.executeSql("vacuum analyze issues");
  });
  afterAll(async () => {
    await database.dispose();
  });

  it("finds a title word, a body word and a number from the index instead of reading every issue", async () => {
    for (const text of ["flickers", "checkout not:retry", "#4322"]) {
      const plan = await planOf(database, text);
      expect(plan, text).toContain("issues_search_trgm_idx");
      expect(plan, text).not.toMatch(/Seq Scan on issues/);
    }
  });
});
