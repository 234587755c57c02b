import { Column, getTableColumns, is, SQL, Table } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Database } from "./open.js";

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

interface Leaf {
  path: string[];
  /** Null when the driver's value is already the value (text, uuid, integers, booleans). */
  decoder: Decoder | null;
}

const identity = Column.prototype.mapFromDriverValue;

/** What `.mapWith()` set on an SQL value; Drizzle keeps it off its public types but maps rows with it. */
const decoderOf = (value: SQL): Decoder => (value as unknown as { decoder: Decoder }).decoder;

/** A selection's values in the order Drizzle writes them into the statement (its orderSelectedFields). */
function leavesOf(selection: Record<string, unknown>, prefix: string[] = []): Leaf[] {
  return Object.entries(selection).flatMap(([name, field]): Leaf[] => {
    const path = [...prefix, name];
    if (is(field, Column)) return [{ path, decoder: field.mapFromDriverValue === identity ? null : field }];
    if (is(field, SQL)) return [{ path, decoder: decoderOf(field) }];
    if (is(field, SQL.Aliased)) return [{ path, decoder: decoderOf(field.sql) }];
    if (is(field, Table)) return leavesOf(getTableColumns(field), path);
    return leavesOf(field as Record<string, unknown>, path);
  });
}

/** The object literal building one row, as source: `{"issue": {"id": v[0], …}, …}`. */
function literalOf(leaves: readonly (Leaf & { index: number })[], depth: number): string {
  const groups = new Map<string, (Leaf & { index: number })[]>();
  for (const leaf of leaves) {
    const key = leaf.path[depth] as string;
    groups.set(key, [...(groups.get(key) ?? []), leaf]);
  }
  const properties = [...groups].map(([key, members]) => {
    const [only] = members;
    if (members.length === 1 && only && only.path.length === depth + 1) {
      const value = `v[${only.index}]`;
      const decoded = only.decoder
        ? `(${value} === null ? null : d[${only.index}].mapFromDriverValue(${value}))`
        : value;
      return `${JSON.stringify(key)}: ${decoded}`;
    }
    return `${JSON.stringify(key)}: ${literalOf(members, depth + 1)}`;
  });
  return `{${properties.join(", ")}}`;
}

export type RowsMapper<Row> = (rows: unknown[][]) => Row[];

/**
 * Maps a statement's array-mode rows to the objects `db.select(selection)` answers, with one
 * function generated for the selection. Drizzle maps every value through `is()` checks and path
 * walks; on a board page of 400 cards that cost a tenth of the server's CPU (B1, issue #14).
 * Nested tables come out as objects even when all their values are null, so a selection mapped
 * here must not hold left-joined tables.
 */
export function rowsMapper<Row>(selection: Record<string, unknown>): RowsMapper<Row> {
  const leaves = leavesOf(selection).map((leaf, index) => ({ ...leaf, index }));
  const decoders = leaves.map((leaf) => leaf.decoder);
  // Generated from the schema's own property names (quoted), never from input.
  const mapRow = new Function("v", "d", `return ${literalOf(leaves, 0)};`) as (
    values: unknown[],
    decoders: (Decoder | null)[],
  ) => Row;
  return (rows) => rows.map((values) => mapRow(values, decoders));
}

const dialect = new PgDialect();

/** A select built with the query builder, its rows mapped by `mapRows` instead of by Drizzle. */
export function prepareMapped<Row>(
  db: Database,
  query: { getSQL(): SQL },
  mapRows: RowsMapper<Row>,
  name?: string,
): { execute(values?: Record<string, unknown>): Promise<Row[]> } {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(query.getSQL()), undefined, name, true, mapRows);
  return { execute: async (values) => (await prepared.execute(values)) as Row[] };
}
