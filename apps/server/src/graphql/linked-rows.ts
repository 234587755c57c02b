import type { Executor } from "@gantry/db";
import { eq, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";

/**
 * How a link table joins a record to rows of `target`: `from` is its column naming the record,
 * `to` the one naming the target's row; the rows come in `orderBy` order.
 */
export interface Link<Target extends PgTable & { id: AnyPgColumn }> {
  target: Target;
  from: AnyPgColumn;
  to: AnyPgColumn;
  orderBy: SQL[];
}

/** The rows a link joins to one record: an epic's issues, a label's epics, a release's repositories. */
export async function linkedRows<Target extends PgTable & { id: AnyPgColumn }>(
  db: Executor,
  link: Link<Target>,
  recordId: string,
): Promise<Target["$inferSelect"][]> {
  // drizzle's join types cannot be decided for a generic table, so the query sees a plain one.
  const target: PgTable = link.target;
  const rows = await db
    .select({ row: target })
    .from(link.from.table)
    .innerJoin(target, eq(link.target.id, link.to))
    .where(eq(link.from, recordId))
    .orderBy(...link.orderBy);
  return rows.map(({ row }) => row as Target["$inferSelect"]);
}
