import { sql } from "drizzle-orm";
import {
  boolean,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { issues } from "./codehost.js";
import { cascadingReference } from "./columns.js";
import { priorities } from "./issue-fields.js";
import { pipelines, workspaces } from "./workspaces.js";

/**
 * Where an issue sits on a workspace's board: its pipeline and its rank inside it (see
 * packages/domain ordering). One row per workspace and issue; closed issues keep theirs so
 * reopening puts them back where they were. It is the issue's row in the workspace, so it also
 * holds what is per workspace (priority).
 */
export const issuePositions = pgTable(
  "issue_positions",
  {
    workspaceId: cascadingReference("workspace_id", () => workspaces.id),
    issueId: cascadingReference("issue_id", () => issues.id),
    pipelineId: cascadingReference("pipeline_id", () => pipelines.id),
    rank: text("rank").notNull(),
    /** Priorities are the workspace's own, so an issue's priority is too. */
    priorityId: uuid("priority_id").references(() => priorities.id, { onDelete: "set null" }),
    movedAt: timestamp("moved_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the issue joined this board: reports replay its history from here (decision 0024). */
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Copies of the issue's state, kind and estimate, kept by database triggers (migration 0029),
     * so a pipeline's counts are read from its positions alone instead of joining every issue
     * of the board (decision 0050). Never written by the application.
     */
    issueOpen: boolean("issue_open").notNull().default(true),
    isPullRequest: boolean("is_pull_request").notNull().default(false),
    estimate: doublePrecision("estimate"),
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.issueId] }),
    // Ranks compare byte by byte (collate "C"): an index under the database's own
    // collation cannot give that order, so board pages and move neighbours would sort whole
    // pipelines (decision 0046).
    index("issue_positions_pipeline_rank_c_idx").using("btree", table.pipelineId, sql`${table.rank} collate "C"`),
    // An issue's places on every board, read with each card (its pipeline and priority).
    index("issue_positions_issue_idx").on(table.issueId),
    // A pipeline header's counts: an index-only scan over its open issues.
    index("issue_positions_pipeline_totals_idx")
      .on(table.pipelineId, table.isPullRequest, table.estimate)
      .where(sql`${table.issueOpen}`),
  ],
);

/**
 * A pipeline's open issues and pull requests and the points they carry, kept as data so a board's
 * headers are read in O(pipelines) however many issues it holds (decision 0066). Written only by
 * row triggers on `issue_positions` (migration 0035), in the transaction of whatever changed
 * a position or the copies of its issue's state, kind and estimate: moves (`gantry_move_issue`),
 * closes and reopenings, estimates, imports, webhooks. Repaired by `repairPipelineTotals`.
 */
export const pipelineTotals = pgTable(
  "pipeline_totals",
  {
    pipelineId: cascadingReference("pipeline_id", () => pipelines.id),
    isPullRequest: boolean("is_pull_request").notNull(),
    issueCount: integer("issue_count").notNull(),
    /** Exact (numeric), so adding and taking away estimates such as 0.1 never drifts. */
    points: numeric("points").notNull(),
  },
  (table) => [primaryKey({ columns: [table.pipelineId, table.isPullRequest] })],
);
