import { sql } from "drizzle-orm";
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts.js";
import { issues, repositories } from "./codehost.js";
import { gantryEpics, releases } from "./issue-fields.js";
import { workspaces } from "./workspaces.js";

/**
 * Gantry's own labels (ZenHub's "ZenHub labels"): a workspace's, like its Gantry epics, and separate from the
 * copies of GitHub's labels an issue carries (decision 0071). They label Gantry epics and, per workspace, issues.
 */
export const gantryLabels = pgTable(
  "gantry_labels",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** `#rrggbb`, or null for the default colour. */
    color: text("color"),
    description: text("description"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("gantry_labels_workspace_name_idx").on(table.workspaceId, sql`lower(${table.name})`)],
);

export const gantryEpicLabels = pgTable(
  "gantry_epic_labels",
  {
    gantryEpicId: uuid("gantry_epic_id")
      .notNull()
      .references(() => gantryEpics.id, { onDelete: "cascade" }),
    gantryLabelId: uuid("gantry_label_id")
      .notNull()
      .references(() => gantryLabels.id, { onDelete: "cascade" }),
  },
  (table) => [
    primaryKey({ columns: [table.gantryEpicId, table.gantryLabelId] }),
    index("gantry_epic_labels_label_idx").on(table.gantryLabelId),
  ],
);

/** An issue's Gantry labels; the label's workspace says on which board the issue carries it. */
export const issueGantryLabels = pgTable(
  "issue_gantry_labels",
  {
    issueId: uuid("issue_id")
      .notNull()
      .references(() => issues.id, { onDelete: "cascade" }),
    gantryLabelId: uuid("gantry_label_id")
      .notNull()
      .references(() => gantryLabels.id, { onDelete: "cascade" }),
  },
  (table) => [
    primaryKey({ columns: [table.issueId, table.gantryLabelId] }),
    index("issue_gantry_labels_label_idx").on(table.gantryLabelId),
  ],
);

/** The Gantry accounts responsible for a Gantry epic. */
export const gantryEpicAssignees = pgTable(
  "gantry_epic_assignees",
  {
    gantryEpicId: uuid("gantry_epic_id")
      .notNull()
      .references(() => gantryEpics.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (table) => [
    primaryKey({ columns: [table.gantryEpicId, table.userId] }),
    index("gantry_epic_assignees_user_idx").on(table.userId),
  ],
);

/** The repositories a release is for (ZenHub's `Release.repositories`); none recorded means the whole workspace. */
export const releaseRepositories = pgTable(
  "release_repositories",
  {
    releaseId: uuid("release_id")
      .notNull()
      .references(() => releases.id, { onDelete: "cascade" }),
    repositoryId: uuid("repository_id")
      .notNull()
      .references(() => repositories.id, { onDelete: "cascade" }),
  },
  (table) => [primaryKey({ columns: [table.releaseId, table.repositoryId] })],
);
export type GantryLabelRow = typeof gantryLabels.$inferSelect;
