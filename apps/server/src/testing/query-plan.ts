import { schema } from "@gantry/db";
import type { TestDatabase } from "@gantry/db/testing";
import type { SQL } from "drizzle-orm";

/**
 * PostgreSQL's plan (EXPLAIN, one line a row) for the board's question "which issues does this WHERE
 * keep", as the filter-index tests read it to see which index answers a filter.
 */
export async function issuesPlanOf(database: TestDatabase, where: SQL): Promise<string> {
  const query = database.db.select({ id: schema.issues.id }).from(schema.issues).where(where).toSQL();
  const explained = await database.executeSql(`explain ${query.sql}`, query.params);
  return (explained.rows as { "QUERY PLAN": string }[]).map((row) => row["QUERY PLAN"]).join("\n");
}
