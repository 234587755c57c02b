import { type Executor, schema } from "@gantry/db";
import { and, eq, inArray, sql } from "drizzle-orm";
import { GantryError } from "../graphql/errors.js";
import { requireWorkspace } from "../organizations/access.js";

const { issues, repositories, workspaceRepositories } = schema;

type Repository = typeof repositories.$inferSelect;
export type IssueRow = typeof issues.$inferSelect;

/** Said for an issue that does not exist and for one the viewer may not see, so neither leaks. */
export const ISSUE_NOT_FOUND = "This issue does not exist.";

const notFound = () => new GantryError("NOT_FOUND", ISSUE_NOT_FOUND);

async function issueIn(db: Executor, repositoryId: string, issueNumber: number): Promise<IssueRow> {
  const [issue] = await db
    .select()
    .from(issues)
    .where(and(eq(issues.repositoryId, repositoryId), eq(issues.number, issueNumber)));
  if (!issue) throw notFound();
  return issue;
}

/** The workspaces whose boards show the repository: those it is connected to, or the one it is native to. */
async function workspacesHolding(db: Executor, repository: Repository): Promise<string[]> {
  if (repository.nativeWorkspaceId) return [repository.nativeWorkspaceId];
  const rows = await db
    .select({ workspaceId: workspaceRepositories.workspaceId })
    .from(workspaceRepositories)
    .where(eq(workspaceRepositories.repositoryId, repository.id));
  return rows.map((row) => row.workspaceId);
}

/**
 * A repository the viewer may change through some workspace holding it with at least `needed` permission.
 * One they may only read is FORBIDDEN; one they cannot see at all is NOT_FOUND, so its existence does not leak.
 */
export async function requireRepositoryPermission(
  db: Executor,
  repositoryId: string,
  userId: string,
  needed: "editor" | "admin",
): Promise<Repository> {
  const repository = await requireReadableRepository(db, await findRepository(db, { id: repositoryId }), userId).catch(
    (error: unknown) => {
      throw error instanceof GantryError ? new GantryError("NOT_FOUND", "This repository does not exist.") : error;
    },
  );
  for (const workspaceId of await workspacesHolding(db, repository)) {
    try {
      await requireWorkspace(db, workspaceId, userId, needed);
      return repository;
    } catch (error) {
      if (!(error instanceof GantryError)) throw error;
    }
  }
  throw new GantryError("FORBIDDEN", `You need ${needed} access to a workspace showing this repository.`);
}

/** A repository is readable through any workspace holding it that the viewer may read. */
async function requireReadableRepository(db: Executor, repository: Repository | undefined, userId: string) {
  if (!repository) throw notFound();
  for (const workspaceId of await workspacesHolding(db, repository)) {
    try {
      await requireWorkspace(db, workspaceId, userId, "viewer");
      return repository;
    } catch (error) {
      if (!(error instanceof GantryError)) throw error;
    }
  }
  throw notFound();
}

function repositoryNamed(db: Executor, owner: string, name: string) {
  // GitHub owner and repository names are case-insensitive.
  return db
    .select()
    .from(repositories)
    .where(
      and(sql`lower(${repositories.ownerLogin}) = lower(${owner})`, sql`lower(${repositories.name}) = lower(${name})`),
    );
}

export type RepositoryKey = { ghId: number } | { id: string } | { owner: string; name: string };

async function findRepository(db: Executor, key: RepositoryKey): Promise<Repository | undefined> {
  if ("ghId" in key) return (await db.select().from(repositories).where(eq(repositories.ghId, key.ghId)))[0];
  if ("id" in key) return (await db.select().from(repositories).where(eq(repositories.id, key.id)))[0];
  return (await repositoryNamed(db, key.owner, key.name))[0];
}

/**
 * SPEC §2 issue path form 3 and the API's `issueByInfo`: an issue by its repository, for a
 * viewer who can read some workspace holding that repository.
 */
export async function repositoryIssue(db: Executor, userId: string, key: RepositoryKey, issueNumber: number) {
  const repository = await requireReadableRepository(db, await findRepository(db, key), userId);
  return issueIn(db, repository.id, issueNumber);
}

/** The reference's `node(id)` for a repository: the repository if the viewer can read a workspace holding it, else null. */
export async function readableRepository(db: Executor, userId: string, repositoryId: string) {
  try {
    return await requireReadableRepository(db, await findRepository(db, { id: repositoryId }), userId);
  } catch (error) {
    if (error instanceof GantryError) return null;
    throw error;
  }
}

/** The reference's `repositoriesByGhId`: those of these GitHub repositories the viewer can read, in the order asked. */
export async function readableRepositoriesByGhId(db: Executor, userId: string, ghIds: readonly number[]) {
  const rows = ghIds.length
    ? await db
        .select()
        .from(repositories)
        .where(inArray(repositories.ghId, [...ghIds]))
    : [];
  const readable: Repository[] = [];
  for (const ghId of new Set(ghIds)) {
    const repository = rows.find((row) => row.ghId === ghId);
    try {
      readable.push(await requireReadableRepository(db, repository, userId));
    } catch (error) {
      if (!(error instanceof GantryError)) throw error;
    }
  }
  return readable;
}

/** The reference's `node(id)` for an issue: the issue if the viewer can read a workspace holding it, else null. */
export async function readableIssue(db: Executor, userId: string, issueId: string): Promise<IssueRow | null> {
  const [issue] = await db.select().from(issues).where(eq(issues.id, issueId));
  if (!issue) return null;
  try {
    await requireReadableRepository(db, await findRepository(db, { id: issue.repositoryId }), userId);
    return issue;
  } catch (error) {
    if (error instanceof GantryError) return null;
    throw error;
  }
}

/**
 * SPEC §2 issue path forms 1 and 2: a native issue of the workspace by number, or an issue of a
 * repository connected to the workspace. A workspace the viewer cannot read answers as
 * `requireWorkspace` does; an issue outside the workspace is not found.
 */
export async function workspaceIssue(
  db: Executor,
  userId: string,
  workspaceId: string,
  issueNumber: number,
  repository?: { owner: string; name: string },
): Promise<IssueRow> {
  await requireWorkspace(db, workspaceId, userId, "viewer");
  const candidates = repository
    ? await repositoryNamed(db, repository.owner, repository.name)
    : await db.select().from(repositories).where(eq(repositories.nativeWorkspaceId, workspaceId));
  for (const candidate of candidates) {
    if ((await workspacesHolding(db, candidate)).includes(workspaceId)) return issueIn(db, candidate.id, issueNumber);
  }
  throw notFound();
}

/**
 * The reference's `IssueInfoInput` list (repository by GitHub or Gantry id, and a number) read
 * within one workspace, for a caller that has checked the workspace permission. An issue of a
 * repository the workspace does not show is not found, naming which one.
 */
export async function workspaceIssuesByInfo(
  db: Executor,
  workspaceId: string,
  infos: { repository: RepositoryKey; issueNumber: number }[],
): Promise<IssueRow[]> {
  const found: IssueRow[] = [];
  for (const info of infos) {
    const repository = await findRepository(db, info.repository);
    if (!repository || !(await workspacesHolding(db, repository)).includes(workspaceId))
      throw new GantryError("NOT_FOUND", `Issue #${info.issueNumber} is not on this workspace's board.`);
    found.push(await issueIn(db, repository.id, info.issueNumber));
  }
  return found;
}
