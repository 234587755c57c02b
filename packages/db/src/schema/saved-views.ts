import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts.js";
import { workspaces } from "./workspaces.js";

/**
 * A board's filters saved under a name (SPEC §3 `activeSavedViewId`). Private to its creator
 * unless shared with the workspace. `filters` is checked against the domain's saved-view shape
 * on every write and read, so the column never needs to know it.
 */
export const savedViews = pgTable(
  "saved_views",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    filters: jsonb("filters").$type<unknown>().notNull(),
    /** Who saved it: the only person who sees it until it is shared. Goes with its creator's account. */
    createdBy: uuid("created_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    shared: boolean("shared").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("saved_views_workspace_idx").on(table.workspaceId, table.createdBy)],
);
