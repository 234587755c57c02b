import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts.js";
import { cascadingReference, creationAndUpdateTimes, generatedId, linkKeyAndReverseIndex } from "./columns.js";
import { organizations } from "./organizations.js";

/** What a person may do in a workspace, lowest first: viewer (READ), editor (WRITE), admin (ADMIN). */
export const WORKSPACE_PERMISSIONS = ["viewer", "editor", "admin"] as const;
export type WorkspacePermission = (typeof WORKSPACE_PERMISSIONS)[number];

export const workspaces = pgTable(
  "workspaces",
  {
    id: generatedId(),
    organizationId: cascadingReference("organization_id", () => organizations.id),
    name: text("name").notNull(),
    description: text("description"),
    /** A private workspace is open only to its listed members and the organisation's admins. */
    isPrivate: boolean("is_private").notNull().default(false),
    /** Mirror each issue's pipeline to a "pipeline: <name>" GitHub label, and read label changes back as moves. */
    pipelineLabelSync: boolean("pipeline_label_sync").notNull().default(false),
    /** Count unestimated issues at an assumed estimate when filling sprints (reference `Workspace.assumeEstimates`). */
    assumeEstimates: boolean("assume_estimates").notNull().default(true),
    /** Null: the workspace's median estimate, else 2 (decision 0019). */
    assumedEstimateValue: integer("assumed_estimate_value"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    ...creationAndUpdateTimes(),
  },
  (table) => [index("workspaces_organization_idx").on(table.organizationId)],
);

/** Explicit permissions; without a row, members of the organisation are editors of its non-private workspaces. */
export const workspaceMembers = pgTable(
  "workspace_members",
  {
    workspaceId: cascadingReference("workspace_id", () => workspaces.id),
    userId: cascadingReference("user_id", () => users.id),
    permission: text("permission").$type<WorkspacePermission>().notNull(),
  },
  (table) => [...linkKeyAndReverseIndex("workspace_members_user_idx", table.workspaceId, table.userId)],
);

/** When a person last opened a workspace, for "recent workspaces" on /landing. */
export const workspaceViews = pgTable(
  "workspace_views",
  {
    workspaceId: cascadingReference("workspace_id", () => workspaces.id),
    userId: cascadingReference("user_id", () => users.id),
    viewedAt: timestamp("viewed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.userId] })],
);

export const PIPELINE_STAGES = ["BACKLOG", "SPRINT_BACKLOG", "DEVELOPMENT", "REVIEW", "COMPLETED"] as const;
export type PipelineStage = (typeof PIPELINE_STAGES)[number];

export const pipelines = pgTable(
  "pipelines",
  {
    id: generatedId(),
    workspaceId: cascadingReference("workspace_id", () => workspaces.id),
    name: text("name").notNull(),
    description: text("description"),
    stage: text("stage").$type<PipelineStage>(),
    /** Lexicographic rank: a pipeline moves between two others without renumbering the rest. */
    rank: text("rank").notNull(),
    ...creationAndUpdateTimes(),
  },
  (table) => [
    index("pipelines_workspace_rank_idx").on(table.workspaceId, table.rank),
    uniqueIndex("pipelines_workspace_name_lower_key").on(table.workspaceId, sql`lower(${table.name})`),
  ],
);
