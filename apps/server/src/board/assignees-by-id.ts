import { schema } from "@gantry/db";
import { eq, inArray } from "drizzle-orm";
import { GantryError } from "../graphql/errors.js";
import { type IssueUser, workspaceAssignableUsers } from "../issues/assignable-users.js";
import { type BulkResult, type IssueWriteDeps, patches, updateIssues } from "./issue-writes.js";
import { loginsOf } from "./search-input.js";

const { issues, repositories } = schema;

type IssueRow = typeof issues.$inferSelect;

/** Someone who could not be assigned, and the issues they were not assigned to (the reference's Unassignable). */
export interface Unassignable {
  assignee: IssueUser;
  issues: IssueRow[];
}

/**
 * The people an assignee mutation names: GitHub logins (`assigneeLogins`, Gantry's) and GitHub `User` ids
 * (`assigneeIds`, the reference's, as `Issue.assignees` gives them), one list; at least one person.
 */
export function assigneeLoginsOf(
  logins: readonly string[] | null | undefined,
  ids: readonly (string | number)[] | null | undefined,
): string[] {
  const all = [...(logins ?? []), ...(loginsOf("assigneeIds", ids) ?? [])];
  if (all.length === 0)
    throw new GantryError("BAD_USER_INPUT", "Name at least one assignee (assigneeIds or assigneeLogins).", {
      field: "assigneeIds",
    });
  return [...new Map(all.map((login) => [login.toLowerCase(), login])).values()];
}

/**
 * addAssigneesToIssues: each issue gets the people who can be assigned to it; the others are reported in
 * `unassignable` instead of failing the issue, as the reference does. A native issue's assignees are its
 * workspace's members who connected GitHub (decision 0028), checked before writing; GitHub drops the logins it
 * cannot assign on its own issues, so those are read back from what GitHub answered.
 */
export async function addAssigneesReportingUnassignable(
  deps: IssueWriteDeps,
  userId: string,
  issueIds: string[],
  logins: string[],
): Promise<BulkResult & { unassignable: Unassignable[] }> {
  const rows = issueIds.length
    ? await deps.db
        .select({ id: issues.id, nativeWorkspaceId: repositories.nativeWorkspaceId })
        .from(issues)
        .innerJoin(repositories, eq(repositories.id, issues.repositoryId))
        .where(inArray(issues.id, issueIds))
    : [];
  const membersOf = new Map<string, Set<string>>();
  for (const workspaceId of new Set(rows.flatMap((row) => row.nativeWorkspaceId ?? []))) {
    const members = await workspaceAssignableUsers(deps.db, workspaceId);
    membersOf.set(workspaceId, new Set(members.map((member) => member.login.toLowerCase())));
  }
  const nativeWorkspaceOf = new Map(rows.map((row) => [row.id, row.nativeWorkspaceId]));
  const assignable = (issue: IssueRow, login: string) => {
    const workspaceId = nativeWorkspaceOf.get(issue.id);
    return !workspaceId || (membersOf.get(workspaceId)?.has(login.toLowerCase()) ?? false);
  };
  const result = await updateIssues(deps, userId, issueIds, (issue) =>
    patches.addAssignees(logins.filter((login) => assignable(issue, login)))(issue),
  );
  const failed = new Set([...result.failedIssues.map((issue) => issue.id), ...Object.keys(result.githubErrors)]);
  const written = issueIds.filter((id) => !failed.has(id));
  const after = written.length ? await deps.db.select().from(issues).where(inArray(issues.id, written)) : [];
  const unassignable: Unassignable[] = [];
  for (const login of logins) {
    const missed = written
      .map((id) => after.find((issue) => issue.id === id))
      .filter(
        (issue): issue is IssueRow =>
          issue !== undefined &&
          !issue.assignees.some((assignee) => assignee.login.toLowerCase() === login.toLowerCase()),
      );
    if (missed.length) unassignable.push({ assignee: { login, avatarUrl: null }, issues: missed });
  }
  return { ...result, unassignable };
}
