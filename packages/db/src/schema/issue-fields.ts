import { sql } from "drizzle-orm";
import { check, date, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts.js";
import { issues } from "./codehost.js";
import {
  cascadingReference,
  createdAtColumn,
  creationAndOrmUpdateTimes,
  creationAndUpdateTimes,
  generatedId,
  linkKeyAndReverseIndex,
  linkTable,
} from "./columns.js";
import { sprintConfigs } from "./sprints.js";
import { workspaces } from "./workspaces.js";

export type OpenOrClosed = "OPEN" | "CLOSED";
/** The reference API's epic states: TODO and IN_PROGRESS are open epics further along (decision 0068). */
export type GantryEpicStateValue = "OPEN" | "TODO" | "IN_PROGRESS" | "CLOSED";

/** A workspace's priorities, highest first: rank order (`collate "C"`) gives SPEC's rank 1 = high. */
export const priorities = pgTable(
  "priorities",
  {
    id: generatedId(),
    workspaceId: cascadingReference("workspace_id", () => workspaces.id),
    name: text("name").notNull(),
    color: text("color").notNull(),
    rank: text("rank").notNull(),
    ...creationAndOrmUpdateTimes(),
  },
  (table) => [
    index("priorities_workspace_rank_idx").on(table.workspaceId, table.rank),
    uniqueIndex("priorities_workspace_name_lower_key").on(table.workspaceId, sql`lower(${table.name})`),
  ],
);

/** SPEC §3 Sprint: `id`, `name`, `startAt`, `endAt`, `state`, `description`. */
export const sprints = pgTable(
  "sprints",
  {
    id: generatedId(),
    workspaceId: cascadingReference("workspace_id", () => workspaces.id),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    startAt: timestamp("start_at", { withTimezone: true }).notNull(),
    endAt: timestamp("end_at", { withTimezone: true }).notNull(),
    state: text("state").$type<OpenOrClosed>().notNull().default("OPEN"),
    /** The config that generated it; closed sprints outlive a deleted config. */
    sprintConfigId: uuid("sprint_config_id").references(() => sprintConfigs.id, { onDelete: "set null" }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    ...creationAndOrmUpdateTimes(),
  },
  (table) => [
    index("sprints_workspace_start_idx").on(table.workspaceId, table.startAt),
    // Generation inserts `on conflict do nothing`: a job run twice, or two at once, makes each sprint once.
    uniqueIndex("sprints_config_start_key").on(table.sprintConfigId, table.startAt),
    check("sprints_ends_after_start", sql`${table.endAt} > ${table.startAt}`),
    check("sprints_state", sql`${table.state} in ('OPEN', 'CLOSED')`),
  ],
);

export const sprintIssues = pgTable(
  "sprint_issues",
  {
    sprintId: cascadingReference("sprint_id", () => sprints.id),
    issueId: cascadingReference("issue_id", () => issues.id),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [...linkKeyAndReverseIndex("sprint_issues_issue_idx", table.sprintId, table.issueId)],
);

/** What became of a closed sprint's hand-over to the sprint after it, to show at its close (decision 0060). */
export type RolloverOutcome = "carried" | "filled" | "unfitted";

/**
 * One row per issue a rollover handed to the next sprint ("carried" unfinished, "filled" from the
 * pipeline) or promised it and could not ("unfitted": its badge read "Next" but the carried work took
 * the room), under each sprint that closed in that rollover.
 */
export const sprintRolloverIssues = pgTable(
  "sprint_rollover_issues",
  {
    closedSprintId: cascadingReference("closed_sprint_id", () => sprints.id),
    nextSprintId: cascadingReference("next_sprint_id", () => sprints.id),
    issueId: cascadingReference("issue_id", () => issues.id),
    outcome: text("outcome").$type<RolloverOutcome>().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.closedSprintId, table.issueId] }),
    check("sprint_rollover_issues_outcome", sql`${table.outcome} in ('carried', 'filled', 'unfitted')`),
  ],
);

export const releases = pgTable(
  "releases",
  {
    id: generatedId(),
    workspaceId: cascadingReference("workspace_id", () => workspaces.id),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    startOn: date("start_on"),
    endOn: date("end_on"),
    state: text("state").$type<OpenOrClosed>().notNull().default("OPEN"),
    /** When it was last closed in Gantry; null while open, and for releases closed before this was kept. */
    closedAt: timestamp("closed_at", { withTimezone: true }),
    ...creationAndOrmUpdateTimes(),
  },
  (table) => [
    index("releases_workspace_idx").on(table.workspaceId),
    check("releases_state", sql`${table.state} in ('OPEN', 'CLOSED')`),
  ],
);

export const releaseIssues = linkTable(
  "release_issues",
  ["releaseId", "release_id", () => releases.id],
  ["issueId", "issue_id", () => issues.id],
  "release_issues_issue_idx",
);

/** Native Gantry epics: planned in Gantry, holding issues from any of the workspace's repositories. */
export const gantryEpics = pgTable(
  "gantry_epics",
  {
    id: generatedId(),
    workspaceId: cascadingReference("workspace_id", () => workspaces.id),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    state: text("state").$type<GantryEpicStateValue>().notNull().default("OPEN"),
    startOn: date("start_on"),
    endOn: date("end_on"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    ...creationAndUpdateTimes(),
  },
  (table) => [
    index("gantry_epics_workspace_idx").on(table.workspaceId),
    check("gantry_epics_state", sql`${table.state} in ('OPEN', 'TODO', 'IN_PROGRESS', 'CLOSED')`),
  ],
);

export const gantryEpicIssues = linkTable(
  "gantry_epic_issues",
  ["gantryEpicId", "gantry_epic_id", () => gantryEpics.id],
  ["issueId", "issue_id", () => issues.id],
  "gantry_epic_issues_issue_idx",
);

/** Children of GitHub epics (issues with `is_epic`). */
export const epicIssues = pgTable(
  "epic_issues",
  {
    epicId: cascadingReference("epic_id", () => issues.id),
    issueId: cascadingReference("issue_id", () => issues.id),
  },
  (table) => [
    ...linkKeyAndReverseIndex("epic_issues_issue_idx", table.epicId, table.issueId),
    check("epic_issues_not_self", sql`${table.epicId} <> ${table.issueId}`),
  ],
);

/** "Blocking blocks blocked", within one workspace. Cycles are refused by the service, not here. */
export const issueDependencies = pgTable(
  "issue_dependencies",
  {
    /** The Blockage's own id, for the API; the key stays (workspace, blocking, blocked). */
    id: uuid("id").notNull().defaultRandom(),
    workspaceId: cascadingReference("workspace_id", () => workspaces.id),
    blockingIssueId: cascadingReference("blocking_issue_id", () => issues.id),
    blockedIssueId: cascadingReference("blocked_issue_id", () => issues.id),
    createdAt: createdAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.blockingIssueId, table.blockedIssueId] }),
    uniqueIndex("issue_dependencies_id_key").on(table.id),
    index("issue_dependencies_blocked_idx").on(table.blockedIssueId),
    // A card's "blocks" list looks its issue up as the blocking one (B1: a scan per card without it).
    index("issue_dependencies_blocking_idx").on(table.blockingIssueId),
    check("issue_dependencies_not_self", sql`${table.blockingIssueId} <> ${table.blockedIssueId}`),
  ],
);
