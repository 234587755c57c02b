import { type Executor, schema } from "@gantry/db";
import { encodeGlobalID } from "@pothos/plugin-relay";
import { eq } from "drizzle-orm";

const { organizations, repositories, workspaceRepositories, workspaces } = schema;

export type RepositoryRow = typeof repositories.$inferSelect;

/**
 * The workspace's Gantry repository, which holds its native issues (decision 0011), made the
 * first time anyone needs it: owner = the organisation's name, name = the workspace's name.
 * Two requests racing both end with the one row the unique index allows.
 */
export async function ensureGantryRepository(
  executor: Executor,
  workspaceId: string,
  publicUrl: string,
): Promise<RepositoryRow> {
  const existing = await gantryRepositoryOf(executor, workspaceId);
  if (existing) return existing;
  const [workspace] = await executor
    .select({ name: workspaces.name, organization: organizations.name })
    .from(workspaces)
    .innerJoin(organizations, eq(organizations.id, workspaces.organizationId))
    .where(eq(workspaces.id, workspaceId));
  if (!workspace) throw new Error(`workspace ${workspaceId} vanished`);
  const [created] = await executor
    .insert(repositories)
    .values({
      nativeWorkspaceId: workspaceId,
      ownerLogin: workspace.organization,
      name: workspace.name,
      isPrivate: true,
      htmlUrl: new URL(
        `/workspaces/${encodeURIComponent(encodeGlobalID("Workspace", workspaceId))}`,
        publicUrl,
      ).toString(),
      // Nothing to import from GitHub: import and reconciliation skip it.
      importState: "done",
    })
    .onConflictDoNothing()
    .returning();
  const repository = created ?? (await gantryRepositoryOf(executor, workspaceId));
  if (!repository) throw new Error(`no Gantry repository for workspace ${workspaceId}`);
  await executor
    .insert(workspaceRepositories)
    .values({ workspaceId, repositoryId: repository.id })
    .onConflictDoNothing();
  return repository;
}

async function gantryRepositoryOf(executor: Executor, workspaceId: string): Promise<RepositoryRow | null> {
  const [row] = await executor.select().from(repositories).where(eq(repositories.nativeWorkspaceId, workspaceId));
  return row ?? null;
}
