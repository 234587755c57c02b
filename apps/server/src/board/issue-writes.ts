import { schema } from "@gantry/db";
import { eq, inArray } from "drizzle-orm";
import { gitHubError } from "../codehost/errors.js";
import { type GitHubIssueWire, upsertIssues } from "../codehost/issue-sync.js";
import { type CodeHostDeps, clientForUser } from "../codehost/repositories.js";
import { boardsShowing, publishIssuesChanged } from "../events/issue-events.js";
import { GantryError } from "../graphql/errors.js";
import { permissionAtLeast, repositoryWorkspacesAccess } from "../organizations/access.js";

const { issues, repositories } = schema;
/** One call changes at most this many issues; larger selections are sent in batches. */
export const MAX_ISSUES_PER_CALL = 100;

type IssueRow = typeof issues.$inferSelect;

/** What GitHub should change on one issue; the current issue is given so lists can be merged. */
export type IssuePatch = (issue: IssueRow) => {
  state?: "open" | "closed";
  labels?: string[];
  assignees?: string[];
  milestone?: number | null;
};

export interface BulkResult {
  successCount: number;
  failedIssues: IssueRow[];
  /** Issue id → what GitHub (or Gantry) said, for the ones that failed. */
  githubErrors: Record<string, string>;
}

/** Whether the person may edit the issue: editor of some workspace that shows its repository. */
async function mayEdit(deps: CodeHostDeps, userId: string, repositoryId: string): Promise<boolean> {
  const workspaces = await repositoryWorkspacesAccess(deps.db, repositoryId, userId);
  return workspaces.some(({ access }) => permissionAtLeast(access?.permission ?? null, "editor"));
}

/**
 * Applies a change to many GitHub issues, one by one: GitHub is written first and its answer
 * stored, so Gantry shows what GitHub now holds. One issue failing does not stop the others.
 */
export async function updateIssuesOnGitHub(
  deps: CodeHostDeps,
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
  const { client } = await clientForUser(deps, userId);
  const changed: string[] = [];
  for (const id of issueIds) {
    const row = rows.find((candidate) => candidate.issue.id === id);
    if (!row) {
      result.githubErrors[id] = "No such issue.";
      continue;
    }
    if (!(await mayEdit(deps, userId, row.repository.id))) {
      result.failedIssues.push(row.issue);
      result.githubErrors[id] = "You cannot edit this issue.";
      continue;
    }
    try {
      const { data } = await client.rest.issues.update({
        owner: row.repository.ownerLogin,
        repo: row.repository.name,
        issue_number: row.issue.number,
        ...patch(row.issue),
      });
      changed.push(
        ...(await upsertIssues(deps.db, row.repository.id, [data as GitHubIssueWire], row.issue.isPullRequest)),
      );
      result.successCount += 1;
    } catch (error) {
      result.failedIssues.push(row.issue);
      result.githubErrors[id] = gitHubError(error).message;
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
};
