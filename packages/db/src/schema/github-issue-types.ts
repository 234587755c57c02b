import { bigint, boolean, index, integer, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";
import { generatedId } from "./columns.js";

/**
 * A GitHub organisation's issue types (`GET /orgs/{org}/issue-types`), copied when one of its
 * repositories is connected, imported or reconciled (decision 0064), so the issue sidebar can offer
 * them. GitHub sends no delivery when an organisation edits its types; the next reconciliation
 * brings the change. Keyed by the owner's login, as repositories name their owner.
 */
export const githubIssueTypes = pgTable(
  "github_issue_types",
  {
    id: generatedId(),
    /** Lower case, as logins compare. */
    ownerLogin: text("owner_login").notNull(),
    ghId: bigint("gh_id", { mode: "number" }).notNull(),
    name: text("name").notNull(),
    description: text("description"),
    color: text("color"),
    isEnabled: boolean("is_enabled").notNull().default(true),
    /** GitHub's order of the list. */
    position: integer("position").notNull(),
    readAt: timestamp("read_at", { withTimezone: true }).notNull().defaultNow(),
    /** GitHub's issue type has no timestamps: when Gantry first recorded it (decision 0086). */
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When Gantry last recorded a change to its name, description, colour or being enabled. */
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique("github_issue_types_owner_gh_id").on(table.ownerLogin, table.ghId),
    index("github_issue_types_owner_idx").on(table.ownerLogin, table.position),
  ],
);

export type GitHubIssueTypeRow = typeof githubIssueTypes.$inferSelect;
