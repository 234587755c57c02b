import { schema } from "@gantry/db";
import { createTestDatabase, type TestDatabase, testEngines } from "@gantry/db/testing";
import { type BoardFilters, emptyFilters } from "@gantry/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { boardConditionOf, boardPlanOf, repositoryOfManyIssues } from "../testing/board-search.js";

const { issues } = schema;

type ListFilters = Pick<BoardFilters, "labels" | "assignees">;

/** The board's filters with only these label/assignee filters set. */
const only = (filters: Partial<ListFilters>): BoardFilters => ({ ...emptyFilters(""), ...filters });

const labelled = (names: string[]) => names.map((name) => ({ name, color: "ededed" }));
const assigned = (logins: string[]) => logins.map((login) => ({ login, avatarUrl: null }));

describe.each(testEngines())("label and assignee filters through their GIN indexes, on %s", (engine) => {
  let database: TestDatabase;
  let repositoryId: string;
  const at = new Date("2026-01-05T09:00:00Z");

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    // Enough issues that reading them all costs more than the index: "bug" and "mona" on one in a
    // hundred, every issue labelled and assigned otherwise.
    repositoryId = await repositoryOfManyIssues(database, 5_000, at, (index) => ({
      title: `Issue ${index}`,
      labels: labelled(index % 100 === 0 ? ["bug", "ui"] : ["ui"]),
      assignees: assigned(index % 100 === 1 ? ["mona"] : [`dev${index % 7}`]),
    }));
  });
  afterAll(async () => {
    await database.dispose();
  });

  it("finds a rare label and a rare assignee from the index instead of reading every issue", async () => {
    const cases: [string, Partial<ListFilters>][] = [
      ["issues_labels_gin_idx", { labels: { in: ["bug"], nin: [] } }],
      ["issues_labels_gin_idx", { labels: { in: ["bug", "wontfix"], nin: [] } }],
      ["issues_assignees_gin_idx", { assignees: { in: ["mona"], nin: [] } }],
    ];
    for (const [index, filters] of cases) {
      const plan = await boardPlanOf(database, only(filters));
      expect(plan, JSON.stringify(filters)).toContain(index);
      expect(plan, JSON.stringify(filters)).not.toMatch(/Seq Scan on issues/);
    }
  });

  it("matches names exactly and case by case, however they are written, and excludes as before", async () => {
    const names = ["Bug", 'say "hi"', "back\\slash", "ünïcode 🐛", "{}"];
    const inserted = await database.db
      .insert(issues)
      .values(
        names.map((name, offset) => ({
          repositoryId,
          number: 90_000 + offset,
          title: `Odd label ${offset}`,
          labels: labelled([name]),
          assignees: assigned([name]),
          state: "open" as const,
          ghCreatedAt: at,
          ghUpdatedAt: at,
        })),
      )
      .returning({ id: issues.id, labels: issues.labels });
    const idOf = new Map(inserted.map((row) => [row.labels[0]?.name, row.id]));
    const kept = async (filters: Partial<ListFilters>) =>
      (
        await database.db
          .select({ id: issues.id })
          .from(issues)
          .where(boardConditionOf(only(filters)))
      ).map((row) => row.id);

    for (const name of names) {
      expect(await kept({ labels: { in: [name], nin: [] } }), name).toEqual([idOf.get(name)]);
      expect(await kept({ assignees: { in: [name], nin: [] } }), name).toEqual([idOf.get(name)]);
    }
    // "bug" is not "Bug": the lower-case filter keeps the 50 seeded issues, not the odd one.
    const bugs = await kept({ labels: { in: ["bug"], nin: [] } });
    expect(bugs).toHaveLength(50);
    expect(bugs).not.toContain(idOf.get("Bug"));
    // Excluding "ui" keeps exactly the issues without it: the five odd ones.
    expect((await kept({ labels: { in: [], nin: ["ui"] } })).sort()).toEqual(
      [...idOf.values()].filter((id): id is string => id !== undefined).sort(),
    );
  });
});
