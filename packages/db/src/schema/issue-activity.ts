import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts.js";
import { issues } from "./codehost.js";
import { cascadingReference, createdAtColumn, creationAndUpdateTimes, generatedId } from "./columns.js";
import { workspaces } from "./workspaces.js";

export type IssueEventSource = "gantry" | "github";

/**
 * One change to one field of an issue, for its activity timeline: every Gantry write records
 * one, and so does a GitHub webhook that changes a field. Values are kept as the text shown
 * ("In Progress", "3", "bug"), so the timeline still reads right after a pipeline is renamed
 * or a sprint deleted.
 */
export const issueEvents = pgTable(
  "issue_events",
  {
    id: generatedId(),
    issueId: cascadingReference("issue_id", () => issues.id),
    /** Set for fields that belong to one workspace (pipeline, priority, sprint, …). */
    workspaceId: uuid("workspace_id").references(() => workspaces.id, { onDelete: "cascade" }),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** GitHub's login of whoever changed it there, for changes that came by webhook. */
    actorLogin: text("actor_login"),
    field: text("field").notNull(),
    fromValue: text("from_value"),
    toValue: text("to_value"),
    source: text("source").$type<IssueEventSource>().notNull().default("gantry"),
    createdAt: createdAtColumn(),
  },
  (table) => [
    index("issue_events_issue_created_idx").on(table.issueId, table.createdAt),
    check("issue_events_source", sql`${table.source} in ('gantry', 'github')`),
  ],
);

/** Comments on native issues; GitHub issues' comments live on GitHub (decision 0015). */
export const issueComments = pgTable(
  "issue_comments",
  {
    id: generatedId(),
    issueId: cascadingReference("issue_id", () => issues.id),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    ...creationAndUpdateTimes(),
    lastEditedAt: timestamp("last_edited_at", { withTimezone: true }),
  },
  (table) => [index("issue_comments_issue_created_idx").on(table.issueId, table.createdAt)],
);
