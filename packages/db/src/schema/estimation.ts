import { sql } from "drizzle-orm";
import { check, doublePrecision, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts.js";
import { issues } from "./codehost.js";
import { cascadingReference, creationAndUpdateTimes, generatedId } from "./columns.js";
import { workspaces } from "./workspaces.js";

/**
 * A workspace's estimate scale: the point values the UI offers. Without a row the workspace uses
 * the default scale (packages/domain DEFAULT_ESTIMATE_SET); `setEstimate` accepts any valid number.
 */
export const workspaceEstimateSets = pgTable("workspace_estimate_sets", {
  workspaceId: uuid("workspace_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  values: doublePrecision("values").array().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Team estimation: a member asked to vote an issue's estimate in a workspace. `value` is null
 * until they vote; the row's existence is what the board's team/user estimation filters read.
 */
export const estimationVotes = pgTable(
  "estimation_votes",
  {
    id: generatedId(),
    workspaceId: cascadingReference("workspace_id", () => workspaces.id),
    issueId: cascadingReference("issue_id", () => issues.id),
    voterId: cascadingReference("voter_id", () => users.id),
    inviterId: uuid("inviter_id").references(() => users.id, { onDelete: "set null" }),
    value: doublePrecision("value"),
    /** The inviter's words to the voter, mailed with the invitation (the reference's `InviteToEstimateInput.message`). */
    message: text("message"),
    ...creationAndUpdateTimes(),
  },
  (table) => [
    uniqueIndex("estimation_votes_workspace_issue_voter_key").on(table.workspaceId, table.issueId, table.voterId),
    index("estimation_votes_issue_idx").on(table.issueId),
    index("estimation_votes_voter_idx").on(table.voterId),
    check("estimation_votes_value_not_negative", sql`${table.value} is null or ${table.value} >= 0`),
  ],
);
