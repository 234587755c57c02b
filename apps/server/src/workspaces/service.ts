import { type Database, schema, type WorkspacePermission } from "@gantry/db";
import { estimateError } from "@gantry/domain";
import { and, eq } from "drizzle-orm";
import { type AuditOrigin, recordAuditEvent, userLabel } from "../audit/record.js";
import { type CodeHost, requireCodeHost } from "../codehost/code-host.js";
import { linkGitHubRepository, reachableGitHubRepositories, startLinkedRepository } from "../codehost/repositories.js";
import { requireSeat } from "../enterprise/seats.js";
import { GantryError } from "../graphql/errors.js";
import { organizationRole, requireOrganizationRole, requireWorkspace } from "../organizations/access.js";
import { validDescription, validWorkspaceName } from "../organizations/names.js";
import { startingPipelines, type WorkspaceConfig, writeWorkspaceConfig } from "./workspace-config.js";
import { defaultRepositoryIdOf, setDefaultRepository } from "./workspace-repositories.js";

const { workspaceMembers, workspaceViews, workspaces } = schema;

export interface WorkspacesDeps {
  db: Database;
  now: () => Date;
}

/**
 * Any member of the organisation may create a workspace; its creator becomes its admin. With the reference's
 * setup (decision 0098) it starts with GitHub repositories connected (the creator's GitHub account must reach each,
 * as addRepositoryToWorkspace needs), one of them its default, and its own pipelines and sprints. Everything is
 * checked and written in one transaction: a refused value leaves no workspace.
 */
export async function createWorkspace(
  deps: WorkspacesDeps & { codeHost?: CodeHost | null },
  userId: string,
  input: {
    organizationId: string;
    name: string;
    description?: string | null;
    isPrivate?: boolean | null;
    repositoryGhIds?: readonly number[] | null;
    defaultRepositoryGhId?: number | null;
    config?: WorkspaceConfig | null;
  },
) {
  await requireOrganizationRole(deps.db, input.organizationId, userId, "member");
  await requireSeat(deps.db, userId);
  const name = validWorkspaceName(input.name);
  const description = validDescription(input.description);
  const board = startingPipelines(input.config);
  const ghIds = input.repositoryGhIds ?? [];
  const defaultGhId = input.defaultRepositoryGhId ?? null;
  if (defaultGhId !== null && !ghIds.includes(defaultGhId))
    throw new GantryError(
      "BAD_USER_INPUT",
      `The default repository must be one of the repositories connected: ${defaultGhId} is not in repositoryGhIds.`,
      { field: "defaultRepositoryGhId" },
    );
  const codeHost = ghIds.length ? requireCodeHost({ codeHost: deps.codeHost ?? null }) : null;
  const found = codeHost ? await reachableGitHubRepositories(codeHost.deps, userId, ghIds, "repositoryGhIds") : [];
  const now = deps.now();
  const { workspace, connected } = await deps.db.transaction(async (tx) => {
    const [workspace] = await tx
      .insert(workspaces)
      .values({
        organizationId: input.organizationId,
        name,
        description,
        isPrivate: input.isPrivate ?? false,
        createdBy: userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!workspace) throw new Error("insert returned no workspace");
    await tx.insert(workspaceMembers).values({ workspaceId: workspace.id, userId, permission: "admin" });
    await writeWorkspaceConfig(tx, workspace.id, board, input.config?.sprintConfig, now);
    const connected = [];
    for (const repository of found)
      connected.push(await linkGitHubRepository(tx, { workspaceId: workspace.id, userId, found: repository, now }));
    const chosen = connected.find((repository) => repository.ghId === defaultGhId);
    if (chosen) await setDefaultRepository(tx, workspace.id, chosen.id);
    return { workspace, connected };
  });
  // Imports start (or copied issues are placed) once the links are committed, as addRepositoryToWorkspace does.
  for (const repository of connected)
    if (codeHost)
      await startLinkedRepository(codeHost.deps, userId, workspace.id, repository, (id) => codeHost.imports.start(id));
  return workspace;
}

export async function updateWorkspace(
  deps: WorkspacesDeps,
  userId: string,
  input: {
    workspaceId: string;
    name: string;
    description?: string | null;
    isPrivate?: boolean | null;
    pipelineLabelSync?: boolean | null;
    assumeEstimates?: boolean | null;
    /** Null: assume the workspace's median estimate (decision 0019); undefined: leave as is. */
    assumedEstimateValue?: number | null;
    /** A connected repository's reference `ghId`; null: none (the Gantry repository); undefined: leave as is. */
    defaultRepositoryGhId?: number | null;
  },
) {
  await requireWorkspace(deps.db, input.workspaceId, userId, "admin");
  const assumed = input.assumedEstimateValue;
  const assumedError = assumed === null || assumed === undefined ? null : estimateError(assumed);
  if (assumedError) throw new GantryError("BAD_USER_INPUT", assumedError, { field: "assumedEstimateValue" });
  const defaultRepositoryId =
    input.defaultRepositoryGhId === undefined
      ? undefined
      : await defaultRepositoryIdOf(deps.db, input.workspaceId, input.defaultRepositoryGhId);
  return deps.db.transaction(async (tx) => {
    if (defaultRepositoryId !== undefined) await setDefaultRepository(tx, input.workspaceId, defaultRepositoryId);
    const [workspace] = await tx
      .update(workspaces)
      .set({
        name: validWorkspaceName(input.name),
        description: validDescription(input.description),
        ...(input.isPrivate === null || input.isPrivate === undefined ? {} : { isPrivate: input.isPrivate }),
        ...(typeof input.pipelineLabelSync === "boolean" ? { pipelineLabelSync: input.pipelineLabelSync } : {}),
        ...(typeof input.assumeEstimates === "boolean" ? { assumeEstimates: input.assumeEstimates } : {}),
        ...(assumed === undefined ? {} : { assumedEstimateValue: assumed }),
        updatedAt: deps.now(),
      })
      .where(eq(workspaces.id, input.workspaceId))
      .returning();
    return workspace;
  });
}

export async function deleteWorkspace(
  deps: WorkspacesDeps,
  userId: string,
  workspaceId: string,
  origin: AuditOrigin | null = null,
) {
  const { workspace, organization } = await requireWorkspace(deps.db, workspaceId, userId, "admin");
  await deps.db.transaction(async (tx) => {
    await tx.delete(workspaces).where(eq(workspaces.id, workspaceId));
    await recordAuditEvent(tx, {
      action: "workspace.deleted",
      actor: { id: userId },
      organizationId: organization.id,
      workspaceId,
      target: { type: "workspace", id: workspaceId, label: workspace.name },
      origin,
      occurredAt: deps.now(),
    });
  });
}

/** Gives organisation members an explicit permission in a workspace. */
export async function setWorkspacePermissions(
  deps: WorkspacesDeps,
  userId: string,
  input: { workspaceId: string; roles: { userId: string; permission: WorkspacePermission }[] },
  origin: AuditOrigin | null = null,
) {
  const { organization, workspace } = await requireWorkspace(deps.db, input.workspaceId, userId, "admin");
  for (const role of input.roles) {
    if (!(await organizationRole(deps.db, organization.id, role.userId))) {
      throw new GantryError(
        "BAD_USER_INPUT",
        "Only members of the organization can be given a role in its workspaces.",
        {
          userId: role.userId,
        },
      );
    }
  }
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    for (const role of input.roles) {
      const [before] = await tx
        .select({ permission: workspaceMembers.permission })
        .from(workspaceMembers)
        .where(and(eq(workspaceMembers.workspaceId, input.workspaceId), eq(workspaceMembers.userId, role.userId)));
      if (before?.permission === role.permission) continue;
      await recordAuditEvent(tx, {
        action: "workspace.member_role_changed",
        actor: { id: userId },
        organizationId: organization.id,
        workspaceId: input.workspaceId,
        target: { type: "user", id: role.userId, label: await userLabel(tx, role.userId) },
        origin,
        details: { workspace: workspace.name, from: before?.permission ?? null, to: role.permission },
        occurredAt: now,
      });
      await tx
        .insert(workspaceMembers)
        .values({ workspaceId: input.workspaceId, userId: role.userId, permission: role.permission })
        .onConflictDoUpdate({
          target: [workspaceMembers.workspaceId, workspaceMembers.userId],
          set: { permission: role.permission },
        });
    }
  });
}

export async function removeWorkspacePermissions(
  deps: WorkspacesDeps,
  userId: string,
  input: { workspaceId: string; userIds: string[] },
  origin: AuditOrigin | null = null,
) {
  const { organization, workspace } = await requireWorkspace(deps.db, input.workspaceId, userId, "admin");
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    for (const member of input.userIds) {
      const removed = await tx
        .delete(workspaceMembers)
        .where(and(eq(workspaceMembers.workspaceId, input.workspaceId), eq(workspaceMembers.userId, member)))
        .returning({ permission: workspaceMembers.permission });
      // Only a role that existed is recorded as removed.
      for (const { permission } of removed) {
        await recordAuditEvent(tx, {
          action: "workspace.member_removed",
          actor: { id: userId },
          organizationId: organization.id,
          workspaceId: input.workspaceId,
          target: { type: "user", id: member, label: await userLabel(tx, member) },
          origin,
          details: { workspace: workspace.name, role: permission },
          occurredAt: now,
        });
      }
    }
  });
}

export async function markWorkspaceViewed(deps: WorkspacesDeps, userId: string, workspaceId: string) {
  await requireWorkspace(deps.db, workspaceId, userId, "viewer");
  const now = deps.now();
  await deps.db
    .insert(workspaceViews)
    .values({ workspaceId, userId, viewedAt: now })
    .onConflictDoUpdate({ target: [workspaceViews.workspaceId, workspaceViews.userId], set: { viewedAt: now } });
}
