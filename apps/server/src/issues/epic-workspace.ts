import { type Executor, schema } from "@gantry/db";
import { and, eq } from "drizzle-orm";
import { GantryError } from "../graphql/errors.js";
import { requireWorkspace } from "../organizations/access.js";

const { repositories, workspaceRepositories } = schema;

/**
 * The workspace a Gantry epic is created in, as the reference names it: by `workspaceId`, or by the organisation
 * and a Gantry repository (`gantryOrganizationId`, `gantryRepositoryId`: a Gantry epic belongs to the workspace
 * whose Gantry repository it is). A GitHub repository names no one workspace, so it needs `workspaceId` too and
 * must be connected to it. The person must be able to edit the workspace; a named organisation must be its.
 */
export async function epicWorkspaceOf(
  db: Executor,
  userId: string,
  input: { workspaceId: string | null; organizationId: string | null; repositoryId: string | null },
): Promise<string> {
  let workspaceId = input.workspaceId;
  let githubRepositoryId: string | null = null;
  if (input.repositoryId) {
    const [repository] = await db
      .select({ id: repositories.id, nativeWorkspaceId: repositories.nativeWorkspaceId })
      .from(repositories)
      .where(eq(repositories.id, input.repositoryId));
    if (!repository)
      throw new GantryError("NOT_FOUND", "This repository does not exist.", { field: "gantryRepositoryId" });
    if (repository.nativeWorkspaceId) {
      if (workspaceId && workspaceId !== repository.nativeWorkspaceId)
        throw new GantryError("BAD_USER_INPUT", "The Gantry repository is another workspace's.", {
          field: "gantryRepositoryId",
        });
      workspaceId = repository.nativeWorkspaceId;
    } else githubRepositoryId = repository.id;
  }
  if (!workspaceId)
    throw new GantryError(
      "BAD_USER_INPUT",
      "Name the epic's workspace: workspaceId, or gantryRepositoryId as the workspace's Gantry repository.",
      { field: "workspaceId" },
    );
  const access = await requireWorkspace(db, workspaceId, userId, "editor");
  if (input.organizationId && access.workspace.organizationId !== input.organizationId)
    throw new GantryError("BAD_USER_INPUT", "The workspace belongs to another organisation.", {
      field: "gantryOrganizationId",
    });
  if (githubRepositoryId) {
    const [connected] = await db
      .select({ repositoryId: workspaceRepositories.repositoryId })
      .from(workspaceRepositories)
      .where(
        and(
          eq(workspaceRepositories.workspaceId, workspaceId),
          eq(workspaceRepositories.repositoryId, githubRepositoryId),
        ),
      );
    if (!connected)
      throw new GantryError("BAD_USER_INPUT", "The repository is not connected to this workspace.", {
        field: "gantryRepositoryId",
      });
  }
  return workspaceId;
}
