import { sql } from "drizzle-orm";
import { boolean, check, date, doublePrecision, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { creationAndUpdateTimes, generatedId } from "./columns.js";
import { pipelines, workspaces } from "./workspaces.js";

/**
 * SPEC §3 SprintConfig, one per workspace. Sprint k runs from `startOn + k·period` weeks at `startTime`
 * in `tzIdentifier` until the next one starts (decision 0019), so `startDay`/`endDay` are derived, not stored.
 */
export const sprintConfigs = pgTable(
  "sprint_configs",
  {
    id: generatedId(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .unique()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    tzIdentifier: text("tz_identifier").notNull(),
    /** Weeks per sprint. */
    period: integer("period").notNull(),
    /** The first sprint's start day, local to `tzIdentifier`; later sprints follow every `period` weeks. */
    startOn: date("start_on", { mode: "string" }).notNull(),
    /** Local start time, HH:mm:ss. */
    startTime: text("start_time").notNull().default("00:00:00"),
    moveUnfinishedIssues: boolean("move_unfinished_issues").notNull().default(true),
    issuesFromPipelineEnabled: boolean("issues_from_pipeline_enabled").notNull().default(false),
    issuesFromPipelineId: uuid("issues_from_pipeline_id").references(() => pipelines.id, { onDelete: "set null" }),
    totalStoryPoints: doublePrecision("total_story_points"),
    ...creationAndUpdateTimes(),
  },
  (table) => [
    check("sprint_configs_period", sql`${table.period} between 1 and 8`),
    check(
      "sprint_configs_total_story_points",
      sql`${table.totalStoryPoints} is null or ${table.totalStoryPoints} >= 0`,
    ),
  ],
);
