import { type Database, schema } from "@gantry/db";
import { assigneeLoginsError, labelNamesError, nativeLabelName } from "@gantry/domain";
import { eq, inArray } from "drizzle-orm";
import { gitHubError } from "../codehost/errors.js";
import type { GitHubClient } from "../codehost/github-client.js";
import { type GitHubIssueWire, upsertIssues } from "../codehost/issue-sync.js";
import { type CodeHostDeps, clientForUser } from "../codehost/repositories.js";
import type { BoardEventBus } from "../events/board-events.js";
import { boardsShowing, publishIssuesChanged } from "../events/issue-events.js";
import { GantryError } from "../graphql/errors.js";
import { issueFieldChanges, recordIssueEvents } from "../issues/activity.js";
import { nativeAssignees } from "../issues/assignable-users.js";
import { nativeMilestoneRef } from "../issues/native-milestones.js";
import { permissionAtLeast, repositoryWorkspacesAccess } from "../organizations/access.js";

const { issues, repositories } = schema;
/** One call changes at most this many issues; larger selections are sent in batches. */
export const MAX_ISSUES_PER_CALL = 100;

type IssueRow = typeof issues.$inferSelect;
export type IssueWithRepository = { issue: IssueRow; repository: typeof repositories.$inferSelect };

/** What GitHub should change on one issue; the current issue is given so lists can be merged. */
export type IssuePatch = (issue: IssueRow) => {
  title?: string;
  body?: string;
  state?: "open" | "closed";
  labels?: string[];
  assignees?: string[];
  milestone?: number | null;
  /** An issue type's name; on GitHub, one of the organisation's. */
  type?: string | null;
};

export interface BulkResult {
  successCount: number;
  failedIssues: IssueRow[];
  /** Issue id → what GitHub (or Gantry) said, for the ones that failed. */
  githubErrors: Record<string, string>;
}

/** Whether the person may edit the issue: editor of some workspace that shows its repository. */
/** "edit", "read" (shown in failedIssues, as the person already sees it) or "none" (answered as missing). */
async function accessTo(db: Database, userId: string, repositoryId: string): Promise<"edit" | "read" | "none"> {
  const workspaces = await repositoryWorkspacesAccess(db, repositoryId, userId);
  if (workspaces.some(({ access }) => permissionAtLeast(access?.permission ?? null, "editor"))) return "edit";
  return workspaces.some(({ access }) => access?.permission) ? "read" : "none";
}

export interface IssueWriteDeps {
  db: Database;
  events: BoardEventBus;
  now: () => Date;
  /** Null when GitHub is not configured: native issues can still be changed. */
  codeHost: CodeHostDeps | null;
}

/** What a write to a GitHub issue needs; refused on an install without GitHub. */
export function requireGitHub(deps: IssueWriteDeps): CodeHostDeps {
  if (!deps.codeHost)
    throw new GantryError("FORBIDDEN", "GitHub is not configured on this install.", { reason: "GITHUB_DISABLED" });
  return deps.codeHost;
}

/**
 * A native issue takes the patch here alone, with its timeline, in one transaction. Its labels
 * carry the zh- prefix (decision 0015), its assignees are the workspace's members and its
 * milestone one of its Gantry repository's own (decision 0028).
 */
async function patchNativeIssue(
  deps: IssueWriteDeps,
  userId: string,
  issue: IssueRow,
  workspaceId: string,
  patch: IssuePatch,
) {
  const change = patch(issue);
  const invalid = labelNamesError(change.labels ?? []) ?? assigneeLoginsError(change.assignees ?? []);
  if (invalid) throw new GantryError("BAD_USER_INPUT", invalid);
  const assignees =
    change.assignees && (await nativeAssignees(deps.db, workspaceId, change.assignees, issue.assignees));
  const now = deps.now();
  const labels = change.labels && [...new Set(change.labels.map(nativeLabelName))];
  await deps.db.transaction(async (tx) => {
    const milestone =
      change.milestone === undefined ? undefined : await nativeMilestoneRef(tx, issue.repositoryId, change.milestone);
    const [after] = await tx
      .update(issues)
      .set({
        ...(change.title === undefined ? {} : { title: change.title }),
        ...(change.body === undefined ? {} : { body: change.body }),
        ...(change.state ? { state: change.state, closedAt: change.state === "closed" ? now : null } : {}),
        ...(labels
          ? {
              labels: labels.map((name) => issue.labels.find((label) => label.name === name) ?? { name, color: "" }),
            }
          : {}),
        ...(assignees ? { assignees } : {}),
        ...(milestone === undefined ? {} : { milestone }),
        ...(change.type === undefined ? {} : { issueType: change.type }),
        ghUpdatedAt: now,
        updatedAt: now,
      })
      .where(eq(issues.id, issue.id))
      .returning();
    if (after) {
      await recordIssueEvents(
        tx,
        issueFieldChanges(issue, after).map((event) => ({ ...event, issueId: issue.id, actorId: userId })),
        now,
      );
    }
  });
}

/** GitHub is written first and its answer stored, so Gantry shows what GitHub now holds. */
async function patchGitHubIssue(
  codeHost: CodeHostDeps,
  client: GitHubClient,
  userId: string,
  row: IssueWithRepository,
  patch: IssuePatch,
): Promise<string[]> {
  let data: GitHubIssueWire;
  try {
    ({ data } = await client.rest.issues.update({
      owner: row.repository.ownerLogin,
      repo: row.repository.name,
      issue_number: row.issue.number,
      ...patch(row.issue),
    }));
  } catch (error) {
    throw gitHubError(error);
  }
  return codeHost.db.transaction((tx) =>
    upsertIssues(tx, row.repository.id, [data], row.issue.isPullRequest, {
      source: "gantry",
      actorId: userId,
      actorLogin: null,
    }),
  );
}

/**
 * Writes one issue: a native issue in Gantry alone, a GitHub issue on GitHub first. Answers the
 * ids stored (none when GitHub already had a newer version). `client` is asked for only when
 * GitHub is, so native issues need no GitHub account. Throws what went wrong.
 */
export async function patchIssue(
  deps: IssueWriteDeps,
  client: () => Promise<GitHubClient>,
  userId: string,
  row: IssueWithRepository,
  patch: IssuePatch,
): Promise<string[]> {
  if (row.repository.ghId === null) {
    await patchNativeIssue(deps, userId, row.issue, row.repository.nativeWorkspaceId ?? "", patch);
    return [row.issue.id];
  }
  return patchGitHubIssue(requireGitHub(deps), await client(), userId, row, patch);
}

/** The person's GitHub client, made on first use and then kept. */
export function lazyClient(deps: IssueWriteDeps, userId: string): () => Promise<GitHubClient> {
  let client: Promise<GitHubClient> | null = null;
  return () => {
    const codeHost = requireGitHub(deps);
    client ??= clientForUser(codeHost, userId).then((found) => found.client);
    return client;
  };
}

/**
 * Applies a change to many issues, one by one: a GitHub issue on GitHub first, a native issue
 * in Gantry alone. One issue failing does not stop the others.
 */
export async function updateIssues(
  deps: IssueWriteDeps,
  userId: string,
  issueIds: string[],
  patch: IssuePatch,
): Promise<BulkResult> {
  const result: BulkResult = { successCount: 0, failedIssues: [], githubErrors: {} };
  if (issueIds.length === 0) return result;
  if (issueIds.length > MAX_ISSUES_PER_CALL) {
    throw new GantryError("BAD_USER_INPUT", `At most ${MAX_ISSUES_PER_CALL} issues can be changed at once.`, {
      field: "issueIds",
    });
  }
  const rows = await deps.db
    .select({ issue: issues, repository: repositories })
    .from(issues)
    .innerJoin(repositories, eq(repositories.id, issues.repositoryId))
    .where(inArray(issues.id, issueIds));
  const client = lazyClient(deps, userId);
  const changed: string[] = [];
  for (const id of issueIds) {
    const row = rows.find((candidate) => candidate.issue.id === id);
    // An issue the person cannot open is answered as missing: failedIssues would show it to them.
    const access = row ? await accessTo(deps.db, userId, row.repository.id) : "none";
    if (!row || access === "none") {
      result.githubErrors[id] = "No such issue.";
      continue;
    }
    if (access === "read") {
      result.failedIssues.push(row.issue);
      result.githubErrors[id] = "You cannot edit this issue.";
      continue;
    }
    try {
      changed.push(...(await patchIssue(deps, client, userId, row, patch)));
      result.successCount += 1;
    } catch (error) {
      result.failedIssues.push(row.issue);
      result.githubErrors[id] = error instanceof GantryError ? error.message : gitHubError(error).message;
    }
  }
  await publishIssuesChanged(deps.events, await boardsShowing(deps.db, changed), { actorId: userId });
  return result;
}

export const patches = {
  close: (): IssuePatch => () => ({ state: "closed" }),
  reopen: (): IssuePatch => () => ({ state: "open" }),
  addLabels:
    (names: string[]): IssuePatch =>
    (issue) => ({
      labels: [...new Set([...issue.labels.map((label) => label.name), ...names])],
    }),
  removeLabels:
    (names: string[]): IssuePatch =>
    (issue) => ({
      labels: issue.labels.map((label) => label.name).filter((name) => !names.includes(name)),
    }),
  addAssignees:
    (logins: string[]): IssuePatch =>
    (issue) => ({
      assignees: [...new Set([...issue.assignees.map((user) => user.login), ...logins])],
    }),
  removeAssignees:
    (logins: string[]): IssuePatch =>
    (issue) => ({
      assignees: issue.assignees.map((user) => user.login).filter((login) => !logins.includes(login)),
    }),
  setMilestone:
    (number: number | null): IssuePatch =>
    () => ({ milestone: number }),
  setType:
    (name: string | null): IssuePatch =>
    () => ({ type: name }),
};
