import { type Database, type Executor, schema } from "@gantry/db";
import { and, eq, inArray } from "drizzle-orm";
import type { BoardEventBus } from "../events/board-events.js";
import { publishWholeBoardChanged } from "../events/issue-events.js";
import { GantryError } from "../graphql/errors.js";
import { requireWorkspace } from "../organizations/access.js";
import { workspaceRepositoriesByGhId } from "./repository-gh-ids.js";

const { issuePositions, issues, releaseRepositories, releases, workspaceRepositories } = schema;

/**
 * Makes a repository the workspace's default (the reference's `Workspace.defaultRepository`), or with null goes
 * back to none, which reads as the workspace's Gantry repository. The repository must be connected to it.
 */
export async function setDefaultRepository(tx: Executor, workspaceId: string, repositoryId: string | null) {
  await tx
    .update(workspaceRepositories)
    .set({ isDefault: false })
    .where(and(eq(workspaceRepositories.workspaceId, workspaceId), eq(workspaceRepositories.isDefault, true)));
  if (repositoryId)
    await tx
      .update(workspaceRepositories)
      .set({ isDefault: true })
      .where(
        and(eq(workspaceRepositories.workspaceId, workspaceId), eq(workspaceRepositories.repositoryId, repositoryId)),
      );
}

/** The repository a default repository's `ghId` names among the workspace's, or null for none. */
export async function defaultRepositoryIdOf(
  db: Executor,
  workspaceId: string,
  ghId: number | null,
): Promise<string | null> {
  if (ghId === null) return null;
  const [repository] = await workspaceRepositoriesByGhId(db, workspaceId, [ghId], "defaultRepositoryGhId");
  return repository?.id ?? null;
}

/**
 * disconnectWorkspaceRepository (decision 0094): an editor takes a GitHub repository off the workspace, as an
 * editor connects one. Its issues leave the board (their places go); what Gantry keeps about them stays, so
 * connecting the repository again brings them back to the first pipeline, with their estimates, sprints and
 * epics. The workspace's releases stop naming it. The workspace's Gantry repository is its own and stays.
 */
export async function disconnectWorkspaceRepository(
  deps: { db: Database; events: BoardEventBus },
  userId: string,
  input: { workspaceId: string; repositoryGhId: number },
): Promise<void> {
  await requireWorkspace(deps.db, input.workspaceId, userId, "editor");
  const [repository] = await workspaceRepositoriesByGhId(
    deps.db,
    input.workspaceId,
    [input.repositoryGhId],
    "repositoryGhId",
  );
  if (!repository) return;
  if (repository.nativeWorkspaceId)
    throw new GantryError("BAD_USER_INPUT", "A workspace's Gantry repository is its own: it cannot be disconnected.", {
      field: "repositoryGhId",
    });
  await deps.db.transaction(async (tx) => {
    const repositoryIssues = tx.select({ id: issues.id }).from(issues).where(eq(issues.repositoryId, repository.id));
    await tx
      .delete(issuePositions)
      .where(and(eq(issuePositions.workspaceId, input.workspaceId), inArray(issuePositions.issueId, repositoryIssues)));
    const workspaceReleases = tx
      .select({ id: releases.id })
      .from(releases)
      .where(eq(releases.workspaceId, input.workspaceId));
    await tx
      .delete(releaseRepositories)
      .where(
        and(
          eq(releaseRepositories.repositoryId, repository.id),
          inArray(releaseRepositories.releaseId, workspaceReleases),
        ),
      );
    await tx
      .delete(workspaceRepositories)
      .where(
        and(
          eq(workspaceRepositories.workspaceId, input.workspaceId),
          eq(workspaceRepositories.repositoryId, repository.id),
        ),
      );
  });
  // Its issues are gone from the board: open boards read everything again.
  await publishWholeBoardChanged(deps.events, input.workspaceId, userId);
}
