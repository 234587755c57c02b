import { type Executor, schema } from "@gantry/db";
import { and, asc, eq, gte, inArray, lt, lte, sql } from "drizzle-orm";
import { type IssueEventInput, issueFieldChanges, recordIssueEvents } from "../issues/activity.js";
import { type GitHubMilestoneWire, keepGitHubMilestone } from "../milestones/milestone-records.js";
import { type GitHubLabelWire, recordLabels } from "./label-records.js";
import {
  type GitHubUserWire,
  gitHubIssueUser,
  issueUser,
  keptRequestDates,
  requestedReviewers,
} from "./review-requests.js";

/**
 * The fields of a GitHub issue or pull request Gantry keeps (GitHub's REST and webhook shapes agree
 * on them). Some deliveries leave fields out (`issues.pinned` and `unpinned` carry no `labels` or
 * `state`); a field left out keeps its stored value.
 */
export interface GitHubIssueWire {
  id: number;
  number: number;
  title: string;
  body?: string | null;
  state?: string;
  html_url: string;
  user?: GitHubUserWire | null;
  labels?: (string | GitHubLabelWire)[];
  assignees?: GitHubUserWire[] | null;
  /** Only in pull request shapes; the issue shapes of the same pull request leave it out. */
  requested_reviewers?: GitHubUserWire[] | null;
  /** GitHub's whole milestone; Gantry's copy keeps it (decision 0085), the issue its number and title. */
  milestone?: GitHubMilestoneWire | null;
  /** The organisation's issue type (absent where GitHub has none, as on older Enterprise Servers). */
  type?: { name: string } | null;
  pull_request?: { merged_at?: string | null } | null;
  merged_at?: string | null;
  closed_at?: string | null;
  created_at: string;
  updated_at: string;
}

/** The columns a wire field fills, for the fields a delivery may leave out. */
const OPTIONAL_FIELDS = {
  body: "body",
  state: "state",
  user: "author",
  labels: "labels",
  assignees: "assignees",
  requested_reviewers: "requestedReviewers",
  milestone: "milestone",
  type: "issueType",
  closed_at: "closedAt",
} as const;

function mergedAtOf(wire: GitHubIssueWire): string | null | undefined {
  if ("merged_at" in wire) return wire.merged_at ?? null;
  if (wire.pull_request && "merged_at" in wire.pull_request) return wire.pull_request.merged_at ?? null;
  // An issue-shaped answer about a pull request does not say whether it was merged.
  return wire.pull_request ? undefined : null;
}

function issueValues(repositoryId: string, wire: GitHubIssueWire, isPullRequest: boolean) {
  const mergedAt = mergedAtOf(wire);
  const values = {
    repositoryId,
    ghId: wire.id,
    number: wire.number,
    title: wire.title,
    body: wire.body ?? null,
    // A new issue whose delivery leaves its state out is open: GitHub sends no payload of a closed issue without it.
    state: wire.state === "closed" ? ("closed" as const) : ("open" as const),
    isPullRequest,
    mergedAt: mergedAt ? new Date(mergedAt) : null,
    closedAt: wire.closed_at ? new Date(wire.closed_at) : null,
    htmlUrl: wire.html_url,
    author: wire.user ? gitHubIssueUser(wire.user) : null,
    labels: (wire.labels ?? []).flatMap((label) =>
      typeof label === "string"
        ? [{ name: label, color: "" }]
        : label.name
          ? [{ name: label.name, color: label.color ?? "" }]
          : [],
    ),
    assignees: (wire.assignees ?? []).map(issueUser),
    requestedReviewers: requestedReviewers(wire.requested_reviewers ?? [], wire.updated_at),
    milestone: wire.milestone ? { number: wire.milestone.number, title: wire.milestone.title } : null,
    // GitHub's issue type is Gantry's issue type, by name (decision 0064).
    issueType: wire.type?.name ?? null,
    ghCreatedAt: new Date(wire.created_at),
    ghUpdatedAt: new Date(wire.updated_at),
    updatedAt: new Date(),
  };
  // What the delivery did not say is kept as stored (and takes the column's default on a new row).
  const kept: (keyof typeof values)[] = Object.entries(OPTIONAL_FIELDS)
    .filter(([field]) => !(field in wire))
    .map(([, column]) => column);
  if (mergedAt === undefined) kept.push("mergedAt");
  return { values, kept };
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

/** Who each issue's change came from, by number, when a batch of webhook deliveries had several senders. */
export type OriginByNumber = (issueNumber: number) => IssueWriteOrigin;

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

type IssueValues = ReturnType<typeof issueValues>["values"];
type IssueColumn = keyof IssueValues;

/**
 * Timeline events per INSERT at most: recordIssueEvents spaces a statement's events a microsecond
 * apart, and each issue's must stay within the millisecond of its version for claimEcho.
 */
const EVENTS_PER_STATEMENT = 1000;

/** Column names for `excluded.<column>` in a multi-row upsert, by property. */
function excludedSet(keys: IssueColumn[]) {
  return Object.fromEntries(keys.map((key) => [key, sql.raw(`excluded."${schema.issues[key].name}"`)]));
}

/** What `storeIssues` wrote: every issue written, and those that were new. */
export interface StoredIssues {
  written: string[];
  inserted: string[];
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
  return (await storeIssues(executor, repositoryId, wires, isPullRequest, origin)).written;
}

/**
 * upsertIssues, also telling which issues were new. A page of 100 is two statements (the stored
 * versions, locked, then one multi-row INSERT … ON CONFLICT), not two per issue: an import of
 * 10,000 issues was 20,000 round trips (B4, decision 0045).
 */
export async function storeIssues(
  executor: Executor,
  repositoryId: string,
  wires: GitHubIssueWire[],
  isPullRequest?: boolean,
  origins: IssueWriteOrigin | OriginByNumber = FROM_GITHUB,
): Promise<StoredIssues> {
  const originOf = typeof origins === "function" ? origins : () => origins;
  // One row per number (an upsert may touch a row once): the newest version, the later one on a tie.
  const newest = new Map<number, { values: IssueValues; kept: IssueColumn[] }>();
  for (const wire of wires) {
    const made = issueValues(repositoryId, wire, isPullRequest ?? Boolean(wire.pull_request));
    const seen = newest.get(wire.number);
    if (!seen || seen.values.ghUpdatedAt <= made.values.ghUpdatedAt) newest.set(wire.number, made);
  }
  if (newest.size === 0) return { written: [], inserted: [] };
  // One write per milestone the page carries (few), from the newest issue version carrying it.
  const milestones = new Map<number, GitHubMilestoneWire>();
  for (const wire of wires) if (wire.milestone?.id !== undefined) milestones.set(wire.milestone.number, wire.milestone);
  for (const milestone of milestones.values()) await keepGitHubMilestone(executor, repositoryId, milestone);
  // Issue payloads carry their labels with GitHub's ids: the repository's label record learns them too.
  await recordLabels(
    executor,
    repositoryId,
    wires.flatMap((wire) => wire.labels ?? []),
  );
  // Rows are locked and written in number order, so two batches touching the same issues cannot deadlock.
  const sorted = [...newest.values()].sort((a, b) => a.values.number - b.values.number);
  const stored = await executor
    .select()
    .from(schema.issues)
    .where(
      and(
        eq(schema.issues.repositoryId, repositoryId),
        inArray(
          schema.issues.number,
          sorted.map(({ values }) => values.number),
        ),
      ),
    )
    .orderBy(asc(schema.issues.number))
    // A webhook and Gantry's own write of the same version must not both see the old one.
    .for("update");
  const before = new Map(stored.map((row) => [row.number, row]));
  // A reviewer still asked keeps when Gantry first saw the request.
  for (const { values } of sorted) {
    const old = before.get(values.number);
    if (old) values.requestedReviewers = keptRequestDates(values.requestedReviewers, old.requestedReviewers);
  }

  // Rows that leave different fields out set different columns (pull request shapes carry the
  // requested reviewers, issue shapes leave them out), so each set of columns is its own statement.
  const groups = new Map<string, { set: IssueColumn[]; rows: IssueValues[] }>();
  for (const { values, kept } of sorted) {
    const key = kept.sort().join();
    const group = groups.get(key) ?? {
      set: (Object.keys(values) as IssueColumn[]).filter((column) => !kept.includes(column)),
      rows: [],
    };
    group.rows.push(values);
    groups.set(key, group);
  }
  const after = new Map<number, typeof schema.issues.$inferSelect>();
  for (const { set, rows: group } of groups.values()) {
    const rows = await executor
      .insert(schema.issues)
      .values(group)
      .onConflictDoUpdate({
        target: [schema.issues.repositoryId, schema.issues.number],
        set: excludedSet(set),
        setWhere: lte(schema.issues.ghUpdatedAt, sql`excluded."gh_updated_at"`),
      })
      .returning();
    for (const row of rows) after.set(row.number, row);
  }

  const written: string[] = [];
  const inserted: string[] = [];
  // The batch's timeline in one INSERT, not one per issue (B4).
  let timeline: IssueEventInput[] = [];
  const recordTimeline = async () => {
    // GitHub's changes keep real time, as sign-in does: a test clock moves planning only (decision 0020).
    await recordIssueEvents(executor, timeline, new Date());
    timeline = [];
  };
  for (const { values, kept } of sorted) {
    const row = after.get(values.number);
    const old = before.get(values.number);
    if (row) written.push(row.id);
    if (!old) {
      if (row) inserted.push(row.id);
      continue;
    }
    const stale = !row;
    const origin = originOf(values.number);
    const said = Object.fromEntries(Object.entries(values).filter(([column]) => !kept.includes(column as IssueColumn)));
    const changes = issueFieldChanges(old, stale ? { ...old, ...said } : row);
    if (timeline.length + changes.length > EVENTS_PER_STATEMENT) await recordTimeline();
    timeline.push(
      ...changes.map((change) => ({
        ...change,
        ...(stale ? { from: null } : {}),
        issueId: old.id,
        actorId: origin.actorId,
        actorLogin: origin.actorLogin,
        source: origin.source,
        ...(origin.source === "github" ? { at: values.ghUpdatedAt } : {}),
      })),
    );
    if (origin.source === "gantry" && !stale) await claimEcho(executor, old.id, values.ghUpdatedAt, origin);
  }
  await recordTimeline();
  return { written, inserted };
}

/** Deletes the issue; answers its id, or none when it was not stored. */
export async function deleteIssue(executor: Executor, repositoryId: string, number: number): Promise<string[]> {
  const rows = await executor
    .delete(schema.issues)
    .where(and(eq(schema.issues.repositoryId, repositoryId), eq(schema.issues.number, number)))
    .returning({ id: schema.issues.id });
  return rows.map((row) => row.id);
}
