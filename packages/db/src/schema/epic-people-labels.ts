import { sql } from "drizzle-orm";
import { pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts.js";
import { issues, repositories } from "./codehost.js";
import { cascadingReference, creationAndUpdateTimes, generatedId, linkTable } from "./columns.js";
import { gantryEpics, releases } from "./issue-fields.js";
import { workspaces } from "./workspaces.js";

/**
 * Gantry's own labels (ZenHub's "ZenHub labels"): a workspace's, like its Gantry epics, and separate from the
 * copies of GitHub's labels an issue carries (decision 0071). They label Gantry epics and, per workspace, issues.
 */
export const gantryLabels = pgTable(
  "gantry_labels",
  {
    id: generatedId(),
    workspaceId: cascadingReference("workspace_id", () => workspaces.id),
    name: text("name").notNull(),
    /** `#rrggbb`, or null for the default colour. */
    color: text("color"),
    description: text("description"),
    ...creationAndUpdateTimes(),
  },
  (table) => [uniqueIndex("gantry_labels_workspace_name_idx").on(table.workspaceId, sql`lower(${table.name})`)],
);

export const gantryEpicLabels = linkTable(
  "gantry_epic_labels",
  ["gantryEpicId", "gantry_epic_id", () => gantryEpics.id],
  ["gantryLabelId", "gantry_label_id", () => gantryLabels.id],
  "gantry_epic_labels_label_idx",
);

/** An issue's Gantry labels; the label's workspace says on which board the issue carries it. */
export const issueGantryLabels = linkTable(
  "issue_gantry_labels",
  ["issueId", "issue_id", () => issues.id],
  ["gantryLabelId", "gantry_label_id", () => gantryLabels.id],
  "issue_gantry_labels_label_idx",
);

/** The Gantry accounts responsible for a Gantry epic. */
export const gantryEpicAssignees = linkTable(
  "gantry_epic_assignees",
  ["gantryEpicId", "gantry_epic_id", () => gantryEpics.id],
  ["userId", "user_id", () => users.id],
  "gantry_epic_assignees_user_idx",
);

/** The repositories a release is for (ZenHub's `Release.repositories`); none recorded means the whole workspace. */
export const releaseRepositories = pgTable(
  "release_repositories",
  {
    releaseId: cascadingReference("release_id", () => releases.id),
    repositoryId: cascadingReference("repository_id", () => repositories.id),
  },
  (table) => [primaryKey({ columns: [table.releaseId, table.repositoryId] })],
);
export type GantryLabelRow = typeof gantryLabels.$inferSelect;
