import { type Executor, schema } from "@gantry/db";
import { and, eq, sql } from "drizzle-orm";
import { gitHubError } from "../codehost/errors.js";
import { githubAccountOf } from "../codehost/github-accounts.js";
import { type CodeHostDeps, clientForUser } from "../codehost/repositories.js";
import { issueUser } from "../codehost/review-requests.js";
import { GantryError } from "../graphql/errors.js";
import { effectivePermission } from "../organizations/access.js";

const { githubAccounts, organizationMembers, workspaceMembers, workspaces } = schema;

/** An assignee as an issue keeps it: a GitHub login. */
export interface IssueUser {
  login: string;
  avatarUrl: string | null;
}

/**
 * Who a native issue of this workspace can be assigned to: the people who can open the
 * workspace and have connected GitHub, since an assignee is a GitHub login everywhere Gantry
 * shows or filters one (decision 0028). By login, in code-point order of its lower case.
 */
export async function workspaceAssignableUsers(
  db: Executor,
  workspaceId: string,
  query?: string | null,
): Promise<IssueUser[]> {
  const typed = (query ?? "").trim().toLowerCase();
  const rows = await db
    .select({
      login: githubAccounts.login,
      avatarUrl: githubAccounts.avatarUrl,
      role: organizationMembers.role,
      explicit: workspaceMembers.permission,
      isPrivate: workspaces.isPrivate,
    })
    .from(workspaces)
    .innerJoin(organizationMembers, eq(organizationMembers.organizationId, workspaces.organizationId))
    .innerJoin(githubAccounts, eq(githubAccounts.userId, organizationMembers.userId))
    .leftJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, workspaces.id), eq(workspaceMembers.userId, organizationMembers.userId)),
    )
    .where(
      and(
        eq(workspaces.id, workspaceId),
        typed ? sql`strpos(lower(${githubAccounts.login}), ${typed}) > 0` : undefined,
      ),
    )
    .orderBy(sql`lower(${githubAccounts.login}) collate "C"`, sql`${githubAccounts.login} collate "C"`);
  return rows
    .filter((row) => effectivePermission(row.role, row.explicit, row.isPrivate) !== null)
    .map(({ login, avatarUrl }) => ({ login, avatarUrl }));
}

/**
 * The assignees a native issue is given, as GitHub spells their logins, with their avatars.
 * Logins it already had are kept as they are (someone who has since left stays until removed);
 * each new one must name a member of the workspace, or nothing is written.
 */
export async function nativeAssignees(
  db: Executor,
  workspaceId: string,
  logins: readonly string[],
  current: readonly IssueUser[] = [],
): Promise<IssueUser[]> {
  const members = new Map(
    (await workspaceAssignableUsers(db, workspaceId)).map((member) => [member.login.toLowerCase(), member]),
  );
  const assignees = new Map<string, IssueUser>();
  for (const login of logins) {
    const key = login.toLowerCase();
    const user = current.find((kept) => kept.login.toLowerCase() === key) ?? members.get(key);
    if (!user)
      throw new GantryError(
        "BAD_USER_INPUT",
        `${login} is not a member of this workspace; issues are assigned to members who connected GitHub.`,
        { field: "assignees" },
      );
    assignees.set(key, user);
  }
  return [...assignees.values()];
}

/**
 * Who the issue sidebar offers as assignees for an issue of this repository: for a native issue
 * the workspace's members (above); for a GitHub issue whoever GitHub says can be assigned there,
 * read with the viewer's GitHub account, or no one when they have not connected it.
 */
export async function repositoryAssignableUsers(
  db: Executor,
  codeHost: CodeHostDeps | null,
  userId: string,
  repository: typeof schema.repositories.$inferSelect,
  query?: string | null,
): Promise<IssueUser[]> {
  if (repository.nativeWorkspaceId) return workspaceAssignableUsers(db, repository.nativeWorkspaceId, query);
  if (!codeHost || !(await githubAccountOf(codeHost, userId))) return [];
  const { client } = await clientForUser(codeHost, userId);
  let listed: { login: string; avatar_url?: string | null }[];
  try {
    listed = await client.paginate(client.rest.issues.listAssignees, {
      owner: repository.ownerLogin,
      repo: repository.name,
      per_page: 100,
    });
  } catch (error) {
    throw gitHubError(error);
  }
  const typed = (query ?? "").trim().toLowerCase();
  return listed.filter((user) => user.login.toLowerCase().includes(typed)).map(issueUser);
}
