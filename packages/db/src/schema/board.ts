import { index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { issues } from "./codehost.js";
import { pipelines, workspaces } from "./workspaces.js";

/**
 * Where an issue sits on a workspace's board: its pipeline and its rank inside it (see
 * packages/domain ordering). One row per workspace and issue; closed issues keep theirs so
 * reopening puts them back where they were.
 */
export const issuePositions = pgTable(
  "issue_positions",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    issueId: uuid("issue_id")
      .notNull()
      .references(() => issues.id, { onDelete: "cascade" }),
    pipelineId: uuid("pipeline_id")
      .notNull()
      .references(() => pipelines.id, { onDelete: "cascade" }),
    rank: text("rank").notNull(),
    movedAt: timestamp("moved_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.issueId] }),
    index("issue_positions_pipeline_rank_idx").on(table.pipelineId, table.rank),
  ],
);
