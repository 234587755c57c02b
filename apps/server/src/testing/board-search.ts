import { randomUUID } from "node:crypto";
import { schema } from "@gantry/db";
import type { TestDatabase } from "@gantry/db/testing";
import type { BoardFilters } from "@gantry/domain";
import type { SQL } from "drizzle-orm";
import { boardSearchCondition } from "../board/filtering.js";

const { issues, repositories } = schema;

/** The issues table's WHERE for `filters` (all of them to hold) in any workspace, as the board builds it. */
export function boardConditionOf(filters: BoardFilters) {
  return boardSearchCondition({
    workspaceId: randomUUID(),
    filters,
    logic: "all",
    displayType: "all",
    currentSprintId: null,
  });
}

/**
 * PostgreSQL's plan (EXPLAIN, one line a row) for "which issues does this WHERE keep", as the
 * filter-index tests read it to see which index answers a filter.
 */
export async function issuesPlanOf(database: TestDatabase, where: SQL): Promise<string> {
  const query = database.db.select({ id: issues.id }).from(issues).where(where).toSQL();
  const explained = await database.executeSql(`explain ${query.sql}`, query.params);
  return (explained.rows as { "QUERY PLAN": string }[]).map((row) => row["QUERY PLAN"]).join("\n");
}

/** The plan PostgreSQL picks for the issues the board keeps with `filters`, as text. */
export const boardPlanOf = (database: TestDatabase, filters: BoardFilters) =>
  issuesPlanOf(database, boardConditionOf(filters));

type SeededIssue = Omit<
  typeof issues.$inferInsert,
  "repositoryId" | "number" | "state" | "ghCreatedAt" | "ghUpdatedAt"
>;

/**
 * Repository acme/api with `count` open issues (numbered from 1, made `at`), each as `issue(index)`
 * says; then vacuumed and analysed as autovacuum leaves a live table: GIN keeps fresh entries in a
 * pending list (up to 4 MB) until a vacuum merges them, and the planner prices searching that list as
 * reading all of it. The repository's id.
 */
export async function repositoryOfManyIssues(
  database: TestDatabase,
  count: number,
  at: Date,
  issue: (index: number) => SeededIssue,
): Promise<string> {
  const [repository] = await database.db
    .insert(repositories)
    .values({ ghId: 1, ownerLogin: "acme", name: "api", htmlUrl: "https://github.test/acme/api" })
    .returning({ id: repositories.id });
  const repositoryId = repository?.id ?? "";
  for (let from = 0; from < count; from += 1_000) {
    await database.db.insert(issues).values(
      Array.from({ length: Math.min(1_000, count - from) }, (_, offset) => ({
        ...issue(from + offset),
        repositoryId,
        number: from + offset + 1,
        state: "open" as const,
        ghCreatedAt: at,
        ghUpdatedAt: at,
      })),
    );
  }
  await database.executeSql("vacuum analyze issues");
  return repositoryId;
}
