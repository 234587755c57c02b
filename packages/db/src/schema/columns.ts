import { type AnyPgColumn, index, primaryKey, timestamp, uuid } from "drizzle-orm/pg-core";

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
