import type { SandboxContext } from "../context.js";
import { notFound, validationFailed } from "../http/errors.js";
import type { Site } from "../http/site.js";
import type { Account, Repository } from "../store/records.js";
import { simpleUser } from "../users/wire.js";

const repositoryName = /^[A-Za-z0-9._-]{1,100}$/;

export function createRepository(
  context: SandboxContext,
  input: { owner: Account; name: string; description?: string | null; private?: boolean },
): Repository {
  if (!repositoryName.test(input.name) || input.name === "." || input.name === "..") {
    throw validationFailed([{ resource: "Repository", code: "invalid", field: "name" }], "Repository creation failed.");
  }
  if (context.store.repository(input.owner.login, input.name)) {
    throw validationFailed(
      [{ resource: "Repository", code: "custom", field: "name", message: "name already exists on this account" }],
      "Repository creation failed.",
    );
  }
  return context.store.createRepository(input);
}

export function updateRepository(
  context: SandboxContext,
  site: Site,
  repository: Repository,
  sender: Account,
  changes: { name?: string; description?: string | null; private?: boolean; archived?: boolean },
): void {
  const { store, webhooks } = context;
  const emit = (action: string, extra: Record<string, unknown> = {}) =>
    webhooks.emit(site, repository, sender, "repository", { action, ...extra });

  if (changes.name !== undefined && changes.name !== repository.name) {
    const owner = store.account(repository.ownerId);
    if (store.repository(owner.login, changes.name)) {
      throw validationFailed([
        { resource: "Repository", code: "custom", field: "name", message: "name already exists on this account" },
      ]);
    }
    const from = repository.name;
    store.renameRepository(repository, changes.name);
    repository.updatedAt = store.timestamp();
    emit("renamed", { changes: { repository: { name: { from } } } });
  }
  if (changes.description !== undefined && changes.description !== repository.description) {
    const from = repository.description;
    repository.description = changes.description;
    repository.updatedAt = store.timestamp();
    emit("edited", { changes: { description: { from } } });
  }
  if (changes.private !== undefined && changes.private !== repository.private) {
    repository.private = changes.private;
    repository.updatedAt = store.timestamp();
    emit(changes.private ? "privatized" : "publicized");
  }
  if (changes.archived !== undefined && changes.archived !== repository.archived) {
    repository.archived = changes.archived;
    repository.updatedAt = store.timestamp();
    emit(changes.archived ? "archived" : "unarchived");
  }
}

/** Deletes the repository; its hooks hear of it first, as GitHub's do. */
export function deleteRepository(context: SandboxContext, site: Site, repository: Repository, sender: Account): void {
  context.webhooks.emit(site, repository, sender, "repository", { action: "deleted" });
  context.store.deleteRepository(repository);
}

/** Collaborators are added at once (no invitation step) and announced with a `member` event. */
export function setCollaborator(
  context: SandboxContext,
  site: Site,
  repository: Repository,
  sender: Account,
  login: string,
  present: boolean,
): void {
  const member = context.store.accountByLogin(login);
  if (member?.type !== "User") throw notFound();
  if (repository.collaboratorIds.has(member.id) === present) return;
  if (present) repository.collaboratorIds.add(member.id);
  else repository.collaboratorIds.delete(member.id);
  context.webhooks.emit(site, repository, sender, "member", {
    action: present ? "added" : "removed",
    member: simpleUser(site, member),
  });
}
