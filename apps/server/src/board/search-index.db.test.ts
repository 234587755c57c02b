import { createTestDatabase, type TestDatabase, testEngines } from "@gantry/db/testing";
import { emptyFilters } from "@gantry/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { boardPlanOf, repositoryOfManyIssues } from "../testing/board-search.js";

describe.each(testEngines())("board search through the trigram index, on %s", (engine) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    // Enough issues that reading them all costs more than the index, with one holding the word searched.
    await repositoryOfManyIssues(database, 5_000, new Date("2026-01-05T09:00:00Z"), (index) => ({
      title: index === 4_321 ? "Checkout flickers on retry" : `Issue ${index}: make the thing faster`,
      body: "Steps to reproduce, expected and actual behaviour.",
    }));
  });
  afterAll(async () => {
    await database.dispose();
  });

  it("finds a title word, a body word and a number from the index instead of reading every issue", async () => {
    for (const text of ["flickers", "checkout not:retry", "#4322"]) {
      const plan = await boardPlanOf(database, emptyFilters(text));
      expect(plan, text).toContain("issues_search_trgm_idx");
      expect(plan, text).not.toMatch(/Seq Scan on issues/);
    }
  });
});
