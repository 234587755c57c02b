import { type AnyPgColumn, index, pgTable, primaryKey, timestamp, uuid } from "drizzle-orm/pg-core";

/*
 * Column sets the tables share, so each table states only what is its own. Every helper builds
 * exactly the column (or constraint) it replaces: the database must not change (drizzle-kit
 * generate says "no changes").
 */

/** The surrogate key most tables carry: a random uuid the database makes. */
export const generatedId = () => uuid("id").primaryKey().defaultRandom();

/** A required reference to the row that owns this one (or to one half of a link): deleted with it. */
export const cascadingReference = <TName extends string>(name: TName, target: () => AnyPgColumn) =>
  uuid(name).notNull().references(target, { onDelete: "cascade" });

/** When the row was made. */
export const createdAtColumn = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** `createdAt` and `updatedAt`, both now() on insert; `updatedAt` is set by the code that updates the row. */
export const creationAndUpdateTimes = () => ({
  createdAt: createdAtColumn(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * `createdAt` and `updatedAt`, with `updatedAt` kept current by every update made through the ORM
 * (Drizzle's onUpdate); the reference's `updatedAt`.
 */
export const creationAndOrmUpdateTimes = () => ({
  createdAt: createdAtColumn(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

/**
 * A link table's key, both halves, and the index that finds the links from the second half (the
 * key's own index serves the first).
 */
export const linkKeyAndReverseIndex = (reverseIndexName: string, first: AnyPgColumn, second: AnyPgColumn) => [
  primaryKey({ columns: [first, second] }),
  index(reverseIndexName).on(second),
];

/** One half of a link table: the property, its column, and the row it points at. */
type LinkHalf<TKey extends string> = readonly [key: TKey, column: string, target: () => AnyPgColumn];

/**
 * A table that only links two rows (an issue and its release, an epic and its label): both halves
 * cascading references, the pair the key, and `reverseIndexName` to find the links from the second.
 */
export const linkTable = <TName extends string, TFirst extends string, TSecond extends string>(
  name: TName,
  [firstKey, firstColumn, firstTarget]: LinkHalf<TFirst>,
  [secondKey, secondColumn, secondTarget]: LinkHalf<TSecond>,
  reverseIndexName: string,
) => {
  // Computed keys widen to `string`; the two keys given are exactly the properties made.
  const columns = {
    [firstKey]: cascadingReference(firstColumn, firstTarget),
    [secondKey]: cascadingReference(secondColumn, secondTarget),
  } as Record<TFirst | TSecond, ReturnType<typeof cascadingReference<string>>>;
  return pgTable(name, columns, (table) =>
    linkKeyAndReverseIndex(reverseIndexName, table[firstKey] as AnyPgColumn, table[secondKey] as AnyPgColumn),
  );
};
