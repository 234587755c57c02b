import { jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./accounts.js";
import { cascadingReference } from "./columns.js";

/** A saved setting's value: a dismissal, a choice such as the theme, or a list of names. */
export type StoredUserSettingValue = boolean | string | string[];

/** Saved user settings (SPEC §3 "Saved user settings flags"), one row per person and setting name. */
export const userSettings = pgTable(
  "user_settings",
  {
    userId: cascadingReference("user_id", () => users.id),
    name: text("name").notNull(),
    value: jsonb("value").$type<StoredUserSettingValue>().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.name] })],
);
