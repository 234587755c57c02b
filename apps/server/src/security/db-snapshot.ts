import type { SqlRunner } from "@gantry/db";

/** Row count and checksum of every table of the application's schema, by table name. */
export type DatabaseSnapshot = Record<string, string>;

/**
 * One statement over every table, so comparing before and after a call costs a single round trip:
 * a refused call that wrote anything, even one column of one row, shows up as a changed checksum.
 */
export async function snapshotDatabase(
  executeSql: SqlRunner,
  exclude: readonly string[] = [],
): Promise<DatabaseSnapshot> {
  const { rows } = await executeSql(
    "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name",
  );
  const tables = (rows as { table_name: string }[])
    .map((row) => row.table_name)
    .filter((name) => !exclude.includes(name));
  const parts = tables.map(
    (name) =>
      `select '${name}' as name, count(*) || ':' || coalesce(md5(string_agg(t::text, ',' order by t::text)), '') as sum from "${name}" t`,
  );
  const result = await executeSql(parts.join(" union all "));
  return Object.fromEntries((result.rows as { name: string; sum: string }[]).map((row) => [row.name, row.sum]));
}

/** The tables whose rows differ between two snapshots. */
export function changedTables(before: DatabaseSnapshot, after: DatabaseSnapshot): string[] {
  return Object.keys({ ...before, ...after }).filter((name) => before[name] !== after[name]);
}
