import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts.js";
import { cascadingReference, createdAtColumn, generatedId } from "./columns.js";

/** What an analytics property may hold; maps are checked for size before they are stored. */
export type AnalyticsPropertyValue = string | number | boolean | null;
export type AnalyticsProperties = Record<string, AnalyticsPropertyValue>;

/** Product analytics kept in Gantry's own database: one row per tracked event. */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: generatedId(),
    userId: cascadingReference("user_id", () => users.id),
    event: text("event").notNull(),
    properties: jsonb("properties").$type<AnalyticsProperties>().notNull().default({}),
    createdAt: createdAtColumn(),
  },
  (table) => [
    index("analytics_events_user_created_idx").on(table.userId, table.createdAt),
    index("analytics_events_created_idx").on(table.createdAt),
  ],
);

/** Other ids a person was known by before signing in (an anonymous browser id), linked by `alias`. */
export const analyticsAliases = pgTable(
  "analytics_aliases",
  {
    userId: cascadingReference("user_id", () => users.id),
    alias: text("alias").notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.alias] })],
);

/** The properties describing a person for analytics, set or incremented by the web app. */
export const analyticsUserProperties = pgTable("analytics_user_properties", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  properties: jsonb("properties").$type<AnalyticsProperties>().notNull().default({}),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
