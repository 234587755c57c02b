import type { FastifyRequest } from "fastify";
import type { SandboxContext } from "../context.js";
import { forbidden, notFound } from "../http/errors.js";
import type { Account, Repository } from "../store/records.js";
import type { HubStore } from "../store/store.js";

export type RepositoryAccess = "read" | "push" | "admin";

/** Owners, members of an owning organisation and collaborators may push; owners and org admins administer. */
export function permissionOf(store: HubStore, repository: Repository, viewer: Account | null): RepositoryAccess | null {
  if (viewer) {
    if (repository.ownerId === viewer.id) return "admin";
    const owner = store.account(repository.ownerId);
    if (owner.type === "Organization" && store.isMember(owner, viewer)) return "push";
    if (repository.collaboratorIds.has(viewer.id)) return "push";
  }
  return repository.private ? null : "read";
}

const rank: Record<RepositoryAccess, number> = { read: 0, push: 1, admin: 2 };

export function hasAccess(granted: RepositoryAccess | null, wanted: RepositoryAccess): boolean {
  return granted !== null && rank[granted] >= rank[wanted];
}

export interface RepositoryParams {
  owner: string;
  repo: string;
}

/** Finds `/repos/{owner}/{repo}`: 404 when the viewer may not see it (as GitHub hides private ones), 403 when they may see but not do. */
export function loadRepository(
  context: SandboxContext,
  request: FastifyRequest<{ Params: RepositoryParams }>,
  wanted: RepositoryAccess = "read",
): Repository {
  const repository = context.store.repository(request.params.owner, request.params.repo);
  if (!repository) throw notFound();
  const granted = permissionOf(context.store, repository, request.viewer);
  if (granted === null) throw notFound();
  if (!hasAccess(granted, wanted)) {
    throw forbidden(
      wanted === "admin" ? "Must have admin rights to Repository." : "Must have push access to repository.",
    );
  }
  return repository;
}
