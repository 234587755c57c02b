import { is, type SQL } from "drizzle-orm";
import { PgDialect, PgTransaction } from "drizzle-orm/pg-core";
import type { Database, Executor } from "./open.js";

const names = new Set<string>();

/**
 * A statement built once per database instead of on every call (B1, issue #14: building a
 * statement with Drizzle cost more Node CPU than running it). `build` makes it with
 * `.prepare(name)` and `sql.placeholder`s; on PostgreSQL the name also makes each pooled
 * connection parse and plan it once. A prepared statement is bound to the database it was built
 * on, so inside a transaction the function answers null and the caller builds the statement on
 * the transaction as before (a prepared one would run outside it).
 */
export function preparedStatement<P>(name: string, build: (db: Database, name: string) => P) {
  // One text per name: PostgreSQL refuses a second statement under a name a connection has parsed.
  if (names.has(name)) throw new Error(`prepared statement ${name} is defined twice`);
  names.add(name);
  const built = new WeakMap<Database, P>();
  return (db: Executor): P | null => {
    if (is(db, PgTransaction)) return null;
    let statement = built.get(db);
    if (!statement) {
      statement = build(db, name);
      built.set(db, statement);
    }
    return statement;
  };
}

const dialect = new PgDialect();

/**
 * Raw SQL (what the query builder cannot say, as queryRows runs it) prepared under `name`, for
 * preparedStatement's `build`. Its `sql.placeholder`s are filled by `execute`.
 */
export function prepareSql<Row>(db: Database, name: string, query: SQL) {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  // Both drivers answer an untyped statement with their result, whose `rows` are objects.
  return {
    execute: async (values: Record<string, unknown>) => ((await prepared.execute(values)) as { rows: Row[] }).rows,
  };
}

/** SQL without values as plain text, for a fragment rendered once and reused with `sql.raw`. */
export function sqlText(fragment: SQL): string {
  const query = dialect.sqlToQuery(fragment);
  if (query.params.length > 0) throw new Error("sqlText renders SQL without values only");
  return query.sql;
}
