/**
 * The organisations' GitHub issue types, copied into Gantry (decision 0064) when one of their
 * repositories is imported or reconciled, and the types an issue may be given: its organisation's
 * for a GitHub issue, those of the organisations on its boards for a native one.
 */
import { type Database, type Executor, schema } from "@gantry/db";
import { and, asc, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { GitHubClient } from "./github-client.js";

const { githubIssueTypes, issuePositions, repositories, workspaceRepositories } = schema;

/** GitHub's `issue-type`, the parts kept. */
interface IssueTypeWire {
  id: number;
  name: string;
  description?: string | null;
  color?: string | null;
  is_enabled?: boolean;
}

export interface IssueTypeChoice {
  name: string;
  description: string | null;
  color: string | null;
}

/**
 * Reads the owner's issue types and stores them as GitHub lists them. A user account has none and
 * is not asked; GitHub answers 404 to a person outside the organisation: then nothing is known, and
 * none are kept.
 */
export async function syncIssueTypes(
  db: Database,
  client: GitHubClient,
  repository: { ownerLogin: string; ownerIsOrganization: boolean | null },
): Promise<void> {
  if (repository.ownerIsOrganization === false) return;
  const ownerLogin = repository.ownerLogin;
  const owner = ownerLogin.toLowerCase();
  const types = await client
    .request("GET /orgs/{org}/issue-types", { org: ownerLogin })
    .then((answer) => answer.data as IssueTypeWire[])
    .catch((error: { status?: number }) => (error.status === 404 || error.status === 403 ? [] : Promise.reject(error)));
  await db.transaction(async (tx) => {
    const kept = types.map((type) => type.id);
    await tx
      .delete(githubIssueTypes)
      .where(
        and(eq(githubIssueTypes.ownerLogin, owner), kept.length ? notInArray(githubIssueTypes.ghId, kept) : undefined),
      );
    for (const [position, type] of types.entries()) {
      const values = {
        name: type.name,
        description: type.description ?? null,
        color: type.color ?? null,
        isEnabled: type.is_enabled ?? true,
        position,
        readAt: new Date(),
      };
      await tx
        .insert(githubIssueTypes)
        .values({ ownerLogin: owner, ghId: type.id, ...values })
        .onConflictDoUpdate({
          target: [githubIssueTypes.ownerLogin, githubIssueTypes.ghId],
          set: {
            ...values,
            updatedAt: sql`case when (${githubIssueTypes.name}, ${githubIssueTypes.description}, ${githubIssueTypes.color},
              ${githubIssueTypes.isEnabled}) is distinct from (excluded.name, excluded.description, excluded.color,
              excluded.is_enabled) then now() else ${githubIssueTypes.updatedAt} end`,
          },
        });
    }
  });
}

/**
 * The enabled types an issue may be given: its organisation's for a GitHub issue; for a native
 * issue, those of every organisation with a repository on a board showing it, once per name.
 */
export async function issueTypeChoices(
  db: Executor,
  issue: { repositoryId: string; id: string; ghId: number | null },
): Promise<IssueTypeChoice[]> {
  let owners: string[];
  if (issue.ghId !== null) {
    const [repository] = await db
      .select({ ownerLogin: repositories.ownerLogin })
      .from(repositories)
      .where(eq(repositories.id, issue.repositoryId));
    owners = repository ? [repository.ownerLogin.toLowerCase()] : [];
  } else {
    const rows = await db
      .selectDistinct({ ownerLogin: repositories.ownerLogin })
      .from(issuePositions)
      .innerJoin(workspaceRepositories, eq(workspaceRepositories.workspaceId, issuePositions.workspaceId))
      .innerJoin(repositories, eq(repositories.id, workspaceRepositories.repositoryId))
      .where(eq(issuePositions.issueId, issue.id));
    owners = rows.map((row) => row.ownerLogin.toLowerCase());
  }
  return enabledIssueTypes(db, owners);
}

/** The enabled issue types of these GitHub owners (lower-case logins), one per name (any case), in GitHub's order. */
export async function enabledIssueTypes(db: Executor, owners: string[]): Promise<IssueTypeChoice[]> {
  if (owners.length === 0) return [];
  const rows = await db
    .select({ name: githubIssueTypes.name, description: githubIssueTypes.description, color: githubIssueTypes.color })
    .from(githubIssueTypes)
    .where(and(inArray(githubIssueTypes.ownerLogin, owners), eq(githubIssueTypes.isEnabled, true)))
    .orderBy(asc(githubIssueTypes.ownerLogin), asc(githubIssueTypes.position));
  const seen = new Set<string>();
  return rows.filter((row) => !seen.has(row.name.toLowerCase()) && seen.add(row.name.toLowerCase()));
}
