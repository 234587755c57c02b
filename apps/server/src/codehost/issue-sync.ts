import { type Executor, schema } from "@gantry/db";
import { and, eq, gte, lt, lte, sql } from "drizzle-orm";
import { issueFieldChanges, recordIssueEvents } from "../issues/activity.js";
import { issueUser } from "./review-requests.js";

/** The fields of a GitHub issue or pull request Gantry keeps (GitHub's REST and webhook shapes agree on them). */
export interface GitHubIssueWire {
  id: number;
  number: number;
  title: string;
  body?: string | null;
  state: string;
  html_url: string;
  user?: { login: string; avatar_url?: string | null } | null;
  labels?: (string | { name?: string; color?: string | null })[];
  assignees?: { login: string; avatar_url?: string | null }[] | null;
  /** Only in pull request shapes; the issue shapes of the same pull request leave it out. */
  requested_reviewers?: { login: string; avatar_url?: string | null }[] | null;
  milestone?: { number: number; title: string } | null;
  pull_request?: { merged_at?: string | null } | null;
  merged_at?: string | null;
  closed_at?: string | null;
  created_at: string;
  updated_at: string;
}

function issueValues(repositoryId: string, wire: GitHubIssueWire, isPullRequest: boolean) {
  const mergedAt = wire.merged_at ?? wire.pull_request?.merged_at ?? null;
  return {
    repositoryId,
    ghId: wire.id,
    number: wire.number,
    title: wire.title,
    body: wire.body ?? null,
    state: wire.state === "closed" ? ("closed" as const) : ("open" as const),
    isPullRequest,
    mergedAt: mergedAt ? new Date(mergedAt) : null,
    closedAt: wire.closed_at ? new Date(wire.closed_at) : null,
    htmlUrl: wire.html_url,
    author: wire.user ? issueUser(wire.user) : null,
    labels: (wire.labels ?? []).flatMap((label) =>
      typeof label === "string"
        ? [{ name: label, color: "" }]
        : label.name
          ? [{ name: label.name, color: label.color ?? "" }]
          : [],
    ),
    assignees: (wire.assignees ?? []).map(issueUser),
    // An issue-shaped answer about a pull request must not forget who was asked for a review.
    ...(wire.requested_reviewers && { requestedReviewers: wire.requested_reviewers.map(issueUser) }),
    milestone: wire.milestone ? { number: wire.milestone.number, title: wire.milestone.title } : null,
    ghCreatedAt: new Date(wire.created_at),
    ghUpdatedAt: new Date(wire.updated_at),
    updatedAt: new Date(),
  };
}

/** Who a stored change to an issue came from, for its activity timeline. */
export interface IssueWriteOrigin {
  source: "gantry" | "github";
  /** The Gantry user, for a change made through Gantry. */
  actorId: string | null;
  /** GitHub's login of whoever made it, for a change that came from GitHub. */
  actorLogin: string | null;
}

const FROM_GITHUB: IssueWriteOrigin = { source: "github", actorId: null, actorLogin: null };

/**
 * GitHub may deliver the webhook for Gantry's own write before Gantry stores GitHub's answer;
 * the changes it recorded, dated at the version Gantry wrote (recordIssueEvents spaces them by
 * microseconds, within that millisecond), were Gantry's.
 */
async function claimEcho(executor: Executor, issueId: string, version: Date, origin: IssueWriteOrigin) {
  await executor
    .update(schema.issueEvents)
    .set({ source: "gantry", actorId: origin.actorId, actorLogin: null })
    .where(
      and(
        eq(schema.issueEvents.issueId, issueId),
        eq(schema.issueEvents.source, "github"),
        gte(schema.issueEvents.createdAt, version),
        lt(schema.issueEvents.createdAt, new Date(version.getTime() + 1)),
      ),
    );
}

/**
 * Writes GitHub's version of an issue unless a newer one is already stored: deliveries and
 * pages can arrive out of order, and `updated_at` decides which is current. Answers the ids of
 * the issues written (a stale version writes nothing), for announcing them to boards.
 *
 * Each change to a stored issue goes on its timeline, dated when GitHub made it. A stale
 * version still happened on GitHub, so its changes are recorded too, with no "from" (what it
 * replaced is not known), and sort before the newer write that superseded them.
 */
export async function upsertIssues(
  executor: Executor,
  repositoryId: string,
  wires: GitHubIssueWire[],
  isPullRequest?: boolean,
  origin: IssueWriteOrigin = FROM_GITHUB,
): Promise<string[]> {
  const written: string[] = [];
  for (const wire of wires) {
    const values = issueValues(repositoryId, wire, isPullRequest ?? Boolean(wire.pull_request));
    const [before] = await executor
      .select()
      .from(schema.issues)
      .where(and(eq(schema.issues.repositoryId, repositoryId), eq(schema.issues.number, wire.number)))
      // A webhook and Gantry's own write of the same version must not both see the old one.
      .for("update");
    const rows = await executor
      .insert(schema.issues)
      .values(values)
      .onConflictDoUpdate({
        target: [schema.issues.repositoryId, schema.issues.number],
        set: { ...values, createdAt: sql`${schema.issues.createdAt}` },
        setWhere: lte(schema.issues.ghUpdatedAt, values.ghUpdatedAt),
      })
      .returning();
    written.push(...rows.map((row) => row.id));
    if (!before) continue;
    const stale = rows.length === 0;
    const changes = issueFieldChanges(before, stale ? { ...before, ...values } : (rows[0] ?? before));
    await recordIssueEvents(
      executor,
      changes.map((change) => ({
        ...change,
        ...(stale ? { from: null } : {}),
        issueId: before.id,
        actorId: origin.actorId,
        actorLogin: origin.actorLogin,
        source: origin.source,
        ...(origin.source === "github" ? { at: values.ghUpdatedAt } : {}),
      })),
    );
    if (origin.source === "gantry" && !stale) await claimEcho(executor, before.id, values.ghUpdatedAt, origin);
  }
  return written;
}

/** Deletes the issue; answers its id, or none when it was not stored. */
export async function deleteIssue(executor: Executor, repositoryId: string, number: number): Promise<string[]> {
  const rows = await executor
    .delete(schema.issues)
    .where(and(eq(schema.issues.repositoryId, repositoryId), eq(schema.issues.number, number)))
    .returning({ id: schema.issues.id });
  return rows.map((row) => row.id);
}
