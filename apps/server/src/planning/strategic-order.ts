import { schema } from "@gantry/db";
import { type AnyColumn, asc, desc, type SQL, sql } from "drizzle-orm";
import { badCursor } from "../graphql/cursors.js";

const { epicDates, issues, planningRanks } = schema;

/** The reference's StrategicIssuesOrderField: MANUAL is the panel's planning order (decision 0023). */
export const STRATEGIC_ORDER_FIELDS = [
  "UPDATED_AT",
  "CREATED_AT",
  "TITLE",
  "ASSIGNEE_LOGIN",
  "MANUAL",
  "START_ON",
  "END_ON",
] as const;

export interface StrategicOrder {
  field: (typeof STRATEGIC_ORDER_FIELDS)[number];
  direction: "ASC" | "DESC";
}

export const MANUAL_ORDER: StrategicOrder = { field: "MANUAL", direction: "ASC" };

/** How a cursor's value of one key is read back: checked here, then cast in SQL. */
const CASTS = {
  boolean: /^(true|false)$/,
  text: /^[\s\S]{0,2000}$/,
  bigint: /^-?\d{1,19}$/,
  integer: /^-?\d{1,9}$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
} as const;

/** One key of an order: a value that is never null, so the keys compare as one row. */
interface OrderKey {
  value: SQL;
  cast: keyof typeof CASTS;
}

/** A level's order as keys compared together, all in one direction, and a cursor holding a row's keys. */
export interface OrderedKeys {
  keys: OrderKey[];
  descending: boolean;
}

const microseconds = (column: AnyColumn) => sql<string>`(extract(epoch from ${column}) * 1000000)::bigint`;
const isNull = (value: SQL) => ({ value: sql`(${value} is null)`, cast: "boolean" as const });
/** A value that may be missing: missing ones after the rest ascending, before them descending (as Postgres sorts). */
const maybe = (value: SQL): OrderKey[] => [isNull(value), { value: sql`coalesce(${value}, '')`, cast: "text" }];
const text = (value: SQL) => sql`(${value}) collate "C"`;

/** Issues opened in the same second keep the panel's tie-break: by number, then id. */
const TIE_BREAK: OrderKey[] = [
  { value: sql`${issues.number}`, cast: "integer" },
  { value: sql`${issues.id}`, cast: "uuid" },
];

const epicDate = (column: AnyColumn) =>
  text(sql`(select to_char(${column}, 'YYYY-MM-DD') from ${epicDates} where ${epicDates.issueId} = ${issues.id})`);

/**
 * The keys of each order. MANUAL: ranked issues by rank, then the rest oldest first (decision 0023). TITLE and
 * ASSIGNEE_LOGIN compare in code-point order, any case; ASSIGNEE_LOGIN reads the first of an issue's assignees by
 * login; START_ON and END_ON read an epic's dates. An issue without the value comes last ascending, first descending.
 */
export function orderedKeys(order: StrategicOrder): OrderedKeys {
  const descending = order.direction === "DESC";
  const by = (keys: OrderKey[]) => ({ keys: [...keys, ...TIE_BREAK], descending });
  switch (order.field) {
    case "MANUAL":
      return by([
        isNull(sql`${planningRanks.rank}`),
        { value: sql`coalesce(${planningRanks.rank}, '')`, cast: "text" },
        { value: microseconds(issues.ghCreatedAt), cast: "bigint" },
      ]);
    case "CREATED_AT":
      return by([{ value: microseconds(issues.ghCreatedAt), cast: "bigint" }]);
    case "UPDATED_AT":
      return by([{ value: microseconds(issues.ghUpdatedAt), cast: "bigint" }]);
    case "TITLE":
      return by([{ value: text(sql`lower(${issues.title})`), cast: "text" }]);
    case "ASSIGNEE_LOGIN":
      return by(
        maybe(
          text(sql`(select min(lower(assignee->>'login')) from jsonb_array_elements(${issues.assignees}) assignee)`),
        ),
      );
    case "START_ON":
      return by(maybe(epicDate(epicDates.startOn)));
    case "END_ON":
      return by(maybe(epicDate(epicDates.endOn)));
  }
}

export const orderBy = (order: OrderedKeys) =>
  order.keys.map((key) => (order.descending ? desc(key.value) : asc(key.value)));

/** The keys' values of a row, as text, selected beside it. */
export const keyValues = (order: OrderedKeys) =>
  sql<string[]>`array[${sql.join(
    order.keys.map((key) => sql`(${key.value})::text`),
    sql`, `,
  )}]`;

export const encodeCursor = (values: string[]) => Buffer.from(JSON.stringify(values)).toString("base64url");

/** The rows after the cursor's, in the order's direction; a cursor of another order or shape is refused. */
export function afterCursor(order: OrderedKeys, cursor: string): SQL {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, "base64url").toString());
  } catch {
    values = null;
  }
  const fits =
    Array.isArray(values) &&
    values.length === order.keys.length &&
    order.keys.every((key, index) => typeof values[index] === "string" && CASTS[key.cast].test(values[index]));
  if (!fits) throw badCursor("after");
  const given = (values as string[]).map(
    (value, index) => sql`${value}::${sql.raw(order.keys[index]?.cast ?? "text")}`,
  );
  const row = sql.join(
    order.keys.map((key) => key.value),
    sql`, `,
  );
  return order.descending
    ? sql`(${row}) < (${sql.join(given, sql`, `)})`
    : sql`(${row}) > (${sql.join(given, sql`, `)})`;
}
