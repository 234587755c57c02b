import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts.js";
import { issues } from "./codehost.js";
import { cascadingReference, creationAndUpdateTimes, generatedId } from "./columns.js";
import { workspaces } from "./workspaces.js";

export type ZenhubImportState = "queued" | "running" | "done" | "failed";

/** Counts per kind of thing imported ("pipelines", "issues", "epics", …): done so far of total known. */
export type ZenhubImportProgress = Record<string, { done: number; total: number }>;

/** Something left out, and why ("no access to acme/api on GitHub", "deleted on GitHub"). */
export interface ZenhubImportSkip {
  kind: string;
  name: string;
  reason: string;
}

/**
 * Where a run stopped: the stage, and in a paged stage which list (a pipeline's index), the cursor
 * after the last page written and how many items of that list came before it.
 */
export interface ZenhubImportCheckpoint {
  stage: string;
  index: number;
  cursor: string | null;
  offset: number;
}

/**
 * One import of a ZenHub workspace into a Gantry workspace, run by a background job (decision 0065).
 * The ZenHub API key is kept sealed (SecretBox) only while the import may still run, and cleared
 * when it ends either way.
 */
export const zenhubImports = pgTable(
  "zenhub_imports",
  {
    id: generatedId(),
    workspaceId: cascadingReference("workspace_id", () => workspaces.id),
    startedBy: uuid("started_by").references(() => users.id, { onDelete: "set null" }),
    zenhubWorkspaceId: text("zenhub_workspace_id").notNull(),
    zenhubWorkspaceName: text("zenhub_workspace_name").notNull(),
    sealedApiKey: text("sealed_api_key"),
    state: text("state").$type<ZenhubImportState>().notNull().default("queued"),
    checkpoint: jsonb("checkpoint").$type<ZenhubImportCheckpoint>().notNull(),
    progress: jsonb("progress").$type<ZenhubImportProgress>().notNull().default(sql`'{}'::jsonb`),
    skipped: jsonb("skipped").$type<ZenhubImportSkip[]>().notNull().default(sql`'[]'::jsonb`),
    /**
     * The process running it ("host/pid/start id"), so a restart on the same host or PGlite folder
     * can tell its claim has ended (decision 0083).
     */
    claimedBy: text("claimed_by"),
    /** Why it stopped, with the stage it stopped in; cleared when a retry goes on. */
    error: text("error"),
    ...creationAndUpdateTimes(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [
    index("zenhub_imports_workspace_idx").on(table.workspaceId, table.createdAt),
    check("zenhub_imports_state", sql`${table.state} in ('queued', 'running', 'done', 'failed')`),
  ],
);

/**
 * What each ZenHub record became in a Gantry workspace, so a second run (or a resumed one) finds
 * it instead of making it again. `details` keeps what later stages need of it (an issue's parent
 * and connected pull requests) without asking ZenHub twice.
 */
export const zenhubImportMappings = pgTable(
  "zenhub_import_mappings",
  {
    workspaceId: cascadingReference("workspace_id", () => workspaces.id),
    kind: text("kind").notNull(),
    zenhubId: text("zenhub_id").notNull(),
    gantryId: uuid("gantry_id").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.kind, table.zenhubId] })],
);

/** A pull request connected to an issue on a workspace's board (ZenHub's PR ↔ issue connections). */
export const issuePullRequestConnections = pgTable(
  "issue_pull_request_connections",
  {
    workspaceId: cascadingReference("workspace_id", () => workspaces.id),
    issueId: cascadingReference("issue_id", () => issues.id),
    pullRequestId: cascadingReference("pull_request_id", () => issues.id),
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.issueId, table.pullRequestId] }),
    index("issue_pull_request_connections_pr_idx").on(table.pullRequestId),
  ],
);
