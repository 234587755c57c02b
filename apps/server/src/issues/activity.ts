import { type Executor, schema } from "@gantry/db";
import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";

const { githubAccounts, issueEvents, issues, users } = schema;

/**
 * The fields an issue's timeline speaks of. For fields holding a set (labels, assignees,
 * sprints, releases, epics, dependencies) one event is one member: `from` null and `to` set is
 * "added", `from` set and `to` null is "removed". `blocking` lists what blocks the issue and
 * `blocked` what it blocks.
 */
export type IssueEventField =
  | "title"
  | "body"
  | "state"
  | "labels"
  | "assignees"
  | "milestone"
  | "estimate"
  | "pipeline"
  | "priority"
  | "sprint"
  | "release"
  | "epic"
  | "parent"
  | "blocking"
  | "blocked"
  | "issueType";

export interface IssueEventInput {
  issueId: string;
  field: IssueEventField;
  /** The values as people read them: a pipeline's or sprint's name, "3", "closed". */
  from: string | null;
  to: string | null;
  /** The Gantry user who made the change; null when it came from GitHub. */
  actorId: string | null;
  /** For fields of one workspace (pipeline, priority, sprint, …). */
  workspaceId?: string | null;
  /** GitHub's login of whoever changed it on GitHub. */
  actorLogin?: string | null;
  source?: schema.IssueEventSource;
  at?: Date;
}

/**
 * recordIssueEvents: every write to an issue calls this in the same transaction as the write,
 * so the timeline never shows a change that was rolled back. Events that change nothing
 * (from equals to) are dropped, so callers can pass before/after without comparing.
 * `now` is the server's clock, not the database's: reports replay the timeline against that
 * clock, and a test clock (decision 0020) must move the two together (decision 0060).
 */
export async function recordIssueEvents(executor: Executor, events: IssueEventInput[], now: Date): Promise<void> {
  const rows = events
    .filter((event) => event.from !== event.to)
    .map((event, index) => ({
      issueId: event.issueId,
      workspaceId: event.workspaceId ?? null,
      actorId: event.actorId,
      actorLogin: event.actorLogin ?? null,
      field: event.field,
      fromValue: event.from,
      toValue: event.to,
      source: event.source ?? "gantry",
      // One microsecond apart, so changes made together keep the order they were given in.
      createdAt: sql<Date>`${(event.at ?? now).toISOString()}::timestamptz + ${index}::int * interval '1 microsecond'`,
    }));
  if (rows.length > 0) await executor.insert(issueEvents).values(rows);
}

type IssueRow = typeof issues.$inferSelect;

/** One event per member added to or removed from a set field. */
function setChanges(field: IssueEventField, before: string[], after: string[]) {
  return [
    ...after.filter((name) => !before.includes(name)).map((name) => ({ field, from: null, to: name })),
    ...before.filter((name) => !after.includes(name)).map((name) => ({ field, from: name, to: null })),
  ];
}

/**
 * What changed between two versions of an issue's own fields (those GitHub also holds), as
 * timeline events without actor: the same comparison serves Gantry's edits and GitHub's webhooks.
 */
export function issueFieldChanges(
  before: IssueRow,
  after: IssueRow,
): { field: IssueEventField; from: string | null; to: string | null }[] {
  const milestone = (issue: IssueRow) => issue.milestone?.title ?? null;
  return [
    { field: "title" as const, from: before.title, to: after.title },
    { field: "body" as const, from: before.body ?? "", to: after.body ?? "" },
    { field: "state" as const, from: before.state, to: after.state },
    { field: "milestone" as const, from: milestone(before), to: milestone(after) },
    { field: "issueType" as const, from: before.issueType, to: after.issueType },
    ...setChanges(
      "labels",
      before.labels.map((label) => label.name),
      after.labels.map((label) => label.name),
    ),
    ...setChanges(
      "assignees",
      before.assignees.map((user) => user.login),
      after.assignees.map((user) => user.login),
    ),
  ].filter((change) => change.from !== change.to);
}

export interface TimelineEntry {
  id: string;
  field: string;
  from: string | null;
  to: string | null;
  source: schema.IssueEventSource;
  /** Who did it: a Gantry user's name, or GitHub's login for changes made there; null if unknown. */
  actor: string | null;
  createdAt: Date;
}

/**
 * The first entry of every timeline: who opened the issue and when, read from the issue itself
 * (so every issue has one, imported ones included, without a row per issue; decision 0028).
 * `to` says what was opened. Opened through Gantry (a native issue, or a GitHub issue created
 * from the board) it is Gantry's, by that person; else GitHub's, by its author's login.
 */
async function createdEntry(executor: Executor, issue: IssueRow): Promise<TimelineEntry> {
  const [creator] = issue.createdBy
    ? await executor
        .select({ name: users.name, email: users.email, login: githubAccounts.login })
        .from(users)
        .leftJoin(githubAccounts, eq(githubAccounts.userId, users.id))
        .where(eq(users.id, issue.createdBy))
    : [];
  const byGantry = issue.createdBy !== null || issue.ghId === null;
  return {
    id: `${issue.id}:created`,
    field: "created",
    from: null,
    to: issue.isPullRequest ? "pull request" : "issue",
    source: byGantry ? "gantry" : "github",
    actor: creator ? actorName(creator) : (issue.author?.login ?? null),
    createdAt: issue.ghCreatedAt,
  };
}

/** A Gantry user as the timeline names them: their name, else GitHub login, else their email's local part. */
const actorName = (user: { name: string | null; email: string | null; login: string | null }) =>
  user.name || user.login || user.email?.split("@")[0] || null;

/**
 * The issue's timeline, oldest first, opening with its creation. Changes to one workspace's
 * fields (pipeline, sprint, …) show only from workspaces the viewer may open, so a private
 * board's plans do not leak.
 */
export async function issueTimeline(
  executor: Executor,
  issue: IssueRow,
  visibleWorkspaceIds: ReadonlySet<string>,
): Promise<TimelineEntry[]> {
  const issueId = issue.id;
  const rows = await executor
    .select({ event: issueEvents, name: users.name, email: users.email, login: githubAccounts.login })
    .from(issueEvents)
    .leftJoin(users, eq(users.id, issueEvents.actorId))
    .leftJoin(githubAccounts, eq(githubAccounts.userId, issueEvents.actorId))
    .where(
      and(
        eq(issueEvents.issueId, issueId),
        visibleWorkspaceIds.size > 0
          ? or(isNull(issueEvents.workspaceId), inArray(issueEvents.workspaceId, [...visibleWorkspaceIds]))
          : isNull(issueEvents.workspaceId),
      ),
    )
    .orderBy(asc(issueEvents.createdAt), asc(issueEvents.id));
  const changes = rows.map(({ event, name, email, login }) => ({
    id: event.id,
    field: event.field,
    from: event.fromValue,
    to: event.toValue,
    source: event.source,
    actor: actorName({ name, email, login }) ?? event.actorLogin,
    createdAt: event.createdAt,
  }));
  return [await createdEntry(executor, issue), ...changes];
}
