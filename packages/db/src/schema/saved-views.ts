import { boolean, index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { users } from "./accounts.js";
import { cascadingReference, creationAndUpdateTimes, generatedId } from "./columns.js";
import { workspaces } from "./workspaces.js";

/**
 * A board's filters saved under a name (SPEC §3 `activeSavedViewId`). Private to its creator
 * unless shared with the workspace. `filters` is checked against the domain's saved-view shape
 * on every write and read, so the column never needs to know it.
 */
export const savedViews = pgTable(
  "saved_views",
  {
    id: generatedId(),
    workspaceId: cascadingReference("workspace_id", () => workspaces.id),
    name: text("name").notNull(),
    filters: jsonb("filters").$type<unknown>().notNull(),
    /** Who saved it: the only person who sees it until it is shared. Goes with its creator's account. */
    createdBy: cascadingReference("created_by", () => users.id),
    shared: boolean("shared").notNull().default(false),
    ...creationAndUpdateTimes(),
  },
  (table) => [index("saved_views_workspace_idx").on(table.workspaceId, table.createdBy)],
);
