import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts.js";
import { cascadingReference, creationAndUpdateTimes, generatedId, linkKeyAndReverseIndex } from "./columns.js";
import { workspaces } from "./workspaces.js";

/** A person's GitHub identity and OAuth token (encrypted at rest; see apps/server/src/crypto). */
export const githubAccounts = pgTable(
  "github_accounts",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    ghId: bigint("gh_id", { mode: "number" }).notNull(),
    login: text("login").notNull(),
    name: text("name"),
    avatarUrl: text("avatar_url"),
    encryptedToken: text("encrypted_token").notNull(),
    scopes: text("scopes").notNull().default(""),
    ...creationAndUpdateTimes(),
  },
  (table) => [uniqueIndex("github_accounts_gh_id_key").on(table.ghId)],
);

export const IMPORT_STATES = ["pending", "importing", "done", "failed"] as const;
export type ImportState = (typeof IMPORT_STATES)[number];

/** A GitHub repository Gantry keeps a copy of, shared by every workspace that connects it. */
export const repositories = pgTable(
  "repositories",
  {
    id: generatedId(),
    /** Null for a workspace's Gantry repository, which holds its native issues. */
    ghId: bigint("gh_id", { mode: "number" }),
    /**
     * Gantry's own number of the repository, which every one has. GitHub numbers only its own repositories, so a
     * Gantry repository answers this number negated as the reference's `ghId` (decision 0094).
     */
    number: integer("number").generatedByDefaultAsIdentity().notNull(),
    /** Set only on a workspace's Gantry repository (one per workspace). */
    nativeWorkspaceId: uuid("native_workspace_id").references(() => workspaces.id, { onDelete: "cascade" }),
    ownerLogin: text("owner_login").notNull(),
    name: text("name").notNull(),
    isPrivate: boolean("is_private").notNull().default(false),
    htmlUrl: text("html_url").notNull(),
    /** Whose token imports and reconciles it: the person who connected it. */
    connectedBy: uuid("connected_by").references(() => users.id, { onDelete: "set null" }),
    hookId: bigint("hook_id", { mode: "number" }),
    encryptedHookSecret: text("encrypted_hook_secret"),
    importState: text("import_state").$type<ImportState>().notNull().default("pending"),
    /** The next page of issues to import, so an interrupted import resumes where it stopped. */
    importNextPage: integer("import_next_page").notNull().default(1),
    importedCount: integer("imported_count").notNull().default(0),
    lastDeliveryAt: timestamp("last_delivery_at", { withTimezone: true }),
    /** Milliseconds; bigint, since a delivery about an issue untouched for months is months "late" (an integer overflowed at 24.8 days). */
    lastDeliveryLagMs: bigint("last_delivery_lag_ms", { mode: "number" }),
    lastReconciledAt: timestamp("last_reconciled_at", { withTimezone: true }),
    /** Archived on GitHub: read-only there, so Gantry's write-backs to it would fail. */
    isArchived: boolean("is_archived").notNull().default(false),
    /**
     * Whether GitHub names an organisation as its owner. Only organisations have issue types, and
     * asking a user account for them answers 404, which GitHub counts against the rate limit.
     * Null on rows kept before this was: then they are asked for.
     */
    ownerIsOrganization: boolean("owner_is_organization"),
    /**
     * GitHub's node id, description and times of the repository, as GitHub last described it (when it was
     * connected, or by a `repository` delivery); null on rows kept before they were, and on Gantry repositories.
     */
    ghNodeId: text("gh_node_id"),
    description: text("description"),
    ghCreatedAt: timestamp("gh_created_at", { withTimezone: true }),
    ghUpdatedAt: timestamp("gh_updated_at", { withTimezone: true }),
    lastSyncError: text("last_sync_error"),
    lastSyncErrorAt: timestamp("last_sync_error_at", { withTimezone: true }),
    ...creationAndUpdateTimes(),
  },
  (table) => [
    uniqueIndex("repositories_gh_id_key").on(table.ghId),
    uniqueIndex("repositories_number_key").on(table.number),
    uniqueIndex("repositories_native_workspace_key").on(table.nativeWorkspaceId),
    check("repositories_github_or_native", sql`(${table.ghId} is null) <> (${table.nativeWorkspaceId} is null)`),
  ],
);

/**
 * Milestones of a workspace's Gantry repository (decision 0028): GitHub holds its repositories'
 * milestones, Gantry holds these. Numbered per repository like GitHub's, so an issue's `milestone`
 * jsonb keeps the one shape for both kinds.
 */
export const nativeMilestones = pgTable(
  "native_milestones",
  {
    id: generatedId(),
    repositoryId: cascadingReference("repository_id", () => repositories.id),
    number: integer("number").notNull(),
    title: text("title").notNull(),
    description: text("description"),
    dueOn: date("due_on", { mode: "string" }),
    state: text("state").$type<"open" | "closed">().notNull().default("open"),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    /** Gantry's own planning date (ZenHub's milestone start date, decision 0085). */
    startDate: timestamp("start_date", { withTimezone: true }),
    ...creationAndUpdateTimes(),
  },
  (table) => [
    uniqueIndex("native_milestones_number_key").on(table.repositoryId, table.number),
    uniqueIndex("native_milestones_title_key").on(table.repositoryId, sql`lower(${table.title})`),
    check("native_milestones_state", sql`${table.state} in ('open', 'closed')`),
  ],
);

/**
 * Gantry's copy of a GitHub repository's milestones (decision 0085): GitHub holds them, issue and
 * `milestone` deliveries and Gantry's own writes through GitHub keep this copy, and the row's id is the
 * milestone's global id. `startDate` is Gantry's own: GitHub has no start date.
 */
export const githubMilestones = pgTable(
  "github_milestones",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    repositoryId: uuid("repository_id")
      .notNull()
      .references(() => repositories.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    ghId: bigint("gh_id", { mode: "number" }),
    ghNodeId: text("gh_node_id"),
    title: text("title").notNull(),
    description: text("description"),
    state: text("state").$type<"open" | "closed">().notNull().default("open"),
    dueOn: timestamp("due_on", { withTimezone: true }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    creatorLogin: text("creator_login"),
    ghCreatedAt: timestamp("gh_created_at", { withTimezone: true }),
    ghUpdatedAt: timestamp("gh_updated_at", { withTimezone: true }),
    startDate: timestamp("start_date", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("github_milestones_number_key").on(table.repositoryId, table.number),
    check("github_milestones_state", sql`${table.state} in ('open', 'closed')`),
  ],
);

export const workspaceRepositories = pgTable(
  "workspace_repositories",
  {
    workspaceId: cascadingReference("workspace_id", () => workspaces.id),
    repositoryId: cascadingReference("repository_id", () => repositories.id),
    addedBy: uuid("added_by").references(() => users.id, { onDelete: "set null" }),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
    /** The workspace's default repository (the reference's `Workspace.defaultRepository`); none: its Gantry repository. */
    isDefault: boolean("is_default").notNull().default(false),
  },
  (table) => [
    ...linkKeyAndReverseIndex("workspace_repositories_repository_idx", table.workspaceId, table.repositoryId),
    uniqueIndex("workspace_repositories_default_key").on(table.workspaceId).where(sql`${table.isDefault}`),
  ],
);

export interface IssueLabel {
  name: string;
  color: string;
}

export interface IssueUser {
  login: string;
  avatarUrl: string | null;
}

/**
 * An issue's author or a pull request's requested reviewer as GitHub sent it: with GitHub's ids and account type
 * (`User`, `Bot`, `Mannequin`), which the public API answers (decision 0099). Rows stored before have none.
 */
export interface GitHubIssueUser extends IssueUser {
  ghId?: number;
  ghNodeId?: string;
  type?: string;
}

/** A requested reviewer, with when Gantry first saw the request (GitHub's list does not say when it was made). */
export interface RequestedReviewer extends GitHubIssueUser {
  requestedAt?: string;
}

export interface IssueMilestone {
  number: number;
  title: string;
}

/**
 * GitHub issues and pull requests as last seen (`ghUpdatedAt` orders concurrent updates), and
 * native Gantry issues, which live in their workspace's Gantry repository with no GitHub ids.
 */
export const issues = pgTable(
  "issues",
  {
    id: generatedId(),
    repositoryId: cascadingReference("repository_id", () => repositories.id),
    ghId: bigint("gh_id", { mode: "number" }),
    number: integer("number").notNull(),
    title: text("title").notNull(),
    body: text("body"),
    state: text("state").$type<"open" | "closed">().notNull(),
    isPullRequest: boolean("is_pull_request").notNull().default(false),
    mergedAt: timestamp("merged_at", { withTimezone: true }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    /** GitHub's page for the issue; null for native issues, whose page is in Gantry. */
    htmlUrl: text("html_url"),
    author: jsonb("author").$type<GitHubIssueUser | null>(),
    labels: jsonb("labels").$type<IssueLabel[]>().notNull().default(sql`'[]'::jsonb`),
    assignees: jsonb("assignees").$type<IssueUser[]>().notNull().default(sql`'[]'::jsonb`),
    /** A pull request's reviewers asked and not yet answered, as GitHub last listed them. */
    requestedReviewers: jsonb("requested_reviewers").$type<RequestedReviewer[]>().notNull().default(sql`'[]'::jsonb`),
    milestone: jsonb("milestone").$type<IssueMilestone | null>(),
    /** The issue type's name ("Bug", "Feature", "Task", …), if it has one. */
    issueType: text("issue_type"),
    /** Story points; one value wherever the issue shows. */
    estimate: doublePrecision("estimate"),
    parentIssueId: uuid("parent_issue_id").references((): AnyPgColumn => issues.id, { onDelete: "set null" }),
    /** A GitHub issue used as an epic; its children are in `epic_issues`. */
    isEpic: boolean("is_epic").notNull().default(false),
    /** Who created a native issue in Gantry. */
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    ghCreatedAt: timestamp("gh_created_at", { withTimezone: true }).notNull(),
    ghUpdatedAt: timestamp("gh_updated_at", { withTimezone: true }).notNull(),
    ...creationAndUpdateTimes(),
  },
  (table) => [
    uniqueIndex("issues_repository_number_key").on(table.repositoryId, table.number),
    index("issues_repository_state_idx").on(table.repositoryId, table.state),
    index("issues_parent_issue_idx").on(table.parentIssueId),
    // The board's label and assignee filters, `labels @> '[{"name":"bug"}]'` (decision 0077).
    index("issues_labels_gin_idx").using("gin", table.labels.op("jsonb_path_ops")),
    index("issues_assignees_gin_idx").using("gin", table.assignees.op("jsonb_path_ops")),
    // The board's estimate filter, `estimate in (3, 5) and estimate is not null` (decision 0082).
    index("issues_estimate_idx").on(table.estimate),
  ],
);

export const WEBHOOK_DELIVERY_STATES = ["queued", "applied", "failed"] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

/**
 * Every webhook delivery seen, so a redelivery or replay is applied once. A delivery is kept
 * with its payload from the moment it is accepted (queued) until it is applied, so one accepted
 * before a crash is applied after the restart; a failed one keeps its payload and its reason.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    deliveryId: text("delivery_id").primaryKey(),
    /** Arrival order, which is the order a repository's deliveries are applied in. */
    seq: bigserial("seq", { mode: "number" }).notNull(),
    event: text("event").notNull(),
    action: text("action"),
    repositoryId: uuid("repository_id").references(() => repositories.id, { onDelete: "cascade" }),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    state: text("state").$type<WebhookDeliveryState>().notNull().default("applied"),
    /** The verified payload's JSON text while the delivery waits to be applied, or failed; null once applied. */
    payload: text("payload"),
    error: text("error"),
  },
  (table) => [
    index("webhook_deliveries_repository_idx").on(table.repositoryId, table.receivedAt),
    index("webhook_deliveries_queued_idx").on(table.repositoryId, table.seq).where(sql`${table.state} = 'queued'`),
    check("webhook_deliveries_state", sql`${table.state} in ('queued', 'applied', 'failed')`),
  ],
);

/** Conditional-request cache: a 304 answers from here and is not charged to the rate limit. */
export const githubResponseCache = pgTable("github_response_cache", {
  key: text("key").primaryKey(),
  etag: text("etag").notNull(),
  body: jsonb("body").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
