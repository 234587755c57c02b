import type { FastifyRequest } from "fastify";
import type { SandboxContext } from "../context.js";
import { forbidden, notFound } from "../http/errors.js";
import type { Account, Repository } from "../store/records.js";
import type { HubStore } from "../store/store.js";

export type RepositoryAccess = "read" | "push" | "admin";

/** Owners and organisation admins administer; organisation members and collaborators push; anyone reads a public repository. */
export function permissionOf(store: HubStore, repository: Repository, viewer: Account | null): RepositoryAccess | null {
  if (viewer) {
    if (repository.ownerId === viewer.id) return "admin";
    const owner = store.account(repository.ownerId);
    const role = owner.type === "Organization" ? store.roleIn(owner, viewer) : undefined;
    if (role) return role === "admin" ? "admin" : "push";
    if (repository.collaboratorIds.has(viewer.id)) return "push";
  }
  return repository.private ? null : "read";
}

const mustPush = "Must have push access to repository.";

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
    throw forbidden(wanted === "admin" ? "Must have admin rights to Repository." : mustPush);
  }
  return repository;
}

/** Pushers may change any issue or comment; everyone else only what they wrote. */
export function checkMayEdit(store: HubStore, repository: Repository, viewer: Account, authorId: number): void {
  if (authorId !== viewer.id && !hasAccess(permissionOf(store, repository, viewer), "push")) throw forbidden(mustPush);
}

/** Who may be assigned issues: the owning user, the owning organisation's members, and collaborators. */
export function assignableUsers(store: HubStore, repository: Repository): Account[] {
  const owner = store.account(repository.ownerId);
  const ids = new Set(owner.type === "User" ? [owner.id] : store.memberIds(owner));
  for (const id of repository.collaboratorIds) ids.add(id);
  return [...ids].map((id) => store.account(id)).sort((a, b) => a.login.localeCompare(b.login));
}

/** GitHub's `author_association` of an account with a repository. */
export function authorAssociation(store: HubStore, repository: Repository, accountId: number): string {
  const owner = store.account(repository.ownerId);
  if (owner.id === accountId) return "OWNER";
  const account = store.account(accountId);
  if (owner.type === "Organization" && store.isMember(owner, account)) return "MEMBER";
  if (repository.collaboratorIds.has(accountId)) return "COLLABORATOR";
  return "NONE";
}
