import { randomBytes } from "node:crypto";
import { type Database, type Executor, schema } from "@gantry/db";
import { and, eq, sql } from "drizzle-orm";
import { placeNewIssues } from "../board/placement.js";
import type { SecretBox } from "../crypto/secret-box.js";
import type { BoardEventBus } from "../events/board-events.js";
import {
  boardsShowing,
  publishIssuesChanged,
  publishWholeBoardChanged,
  repositoryBoards,
} from "../events/issue-events.js";
import { GantryError } from "../graphql/errors.js";
import { requireWorkspace } from "../organizations/access.js";
import type { GitHubConfig } from "./config.js";
import { gitHubError, notConnected } from "./errors.js";
import { githubAccountOf } from "./github-accounts.js";
import { createGitHubClient, type GitHubClient } from "./github-client.js";
import { type GitHubIssueWire, upsertIssues } from "./issue-sync.js";
import { syncIssueTypes } from "./issue-types.js";
import { syncLabels } from "./label-records.js";
import { hasLinks, syncRelations } from "./relation-sync.js";
import { gitHubDetails } from "./repository-details.js";
import { syncRequestedReviewers } from "./review-requests.js";

const { repositories, workspaceRepositories } = schema;

export interface CodeHostDeps {
  db: Database;
  secretBox: SecretBox;
  github: GitHubConfig;
  publicUrl: string;
  now: () => Date;
  /** Where changes to boards are announced (see BoardEventBus). */
  events: BoardEventBus;
  log?: { warn(object: object, message: string): void; error(object: object, message: string): void };
}

export const WEBHOOK_PATH = "/webhooks/github";
/** Installing a webhook needs admin rights on GitHub; without one, reconciliation keeps the copy current. */
export const WEBHOOK_NOT_INSTALLED = "The webhook could not be installed, so changes arrive only by reconciliation:";
const WEBHOOK_EVENTS = [
  "issues",
  "pull_request",
  "label",
  "milestone",
  "issue_comment",
  "member",
  "repository",
  "sub_issues",
  "issue_dependencies",
];
const PAGE_SIZE = 100;

export async function clientForUser(
  deps: CodeHostDeps,
  userId: string,
): Promise<{ client: GitHubClient; login: string }> {
  const account = await githubAccountOf(deps, userId);
  if (!account) throw notConnected();
  const client = createGitHubClient({
    apiUrl: deps.github.apiUrl,
    token: account.token,
    db: deps.db,
    account: account.login,
    ...(deps.log ? { log: deps.log } : {}),
  });
  return { client, login: account.login };
}

async function gitHub<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw gitHubError(error);
  }
}

/** User.getMyOrgs (SPEC §7): the person's GitHub organisations. */
export async function myGitHubOrganizations(deps: CodeHostDeps, userId: string) {
  const { client } = await clientForUser(deps, userId);
  const orgs = await gitHub(() => client.paginate(client.rest.orgs.listForAuthenticatedUser, { per_page: PAGE_SIZE }));
  return orgs.map((org) => ({ id: org.id, login: org.login, avatarUrl: org.avatar_url }));
}

/** The repositories the person can push to, for choosing what to import. */
export async function myGitHubRepositories(deps: CodeHostDeps, userId: string) {
  const { client } = await clientForUser(deps, userId);
  return gitHub(() =>
    client.paginate(client.rest.repos.listForAuthenticatedUser, { per_page: PAGE_SIZE, sort: "full_name" }),
  );
}

/** createGitHubRepository (SPEC §7): under the person's own account, or an organisation by its GitHub id. */
export async function createGitHubRepository(
  deps: CodeHostDeps,
  userId: string,
  input: { name: string; private: boolean; description?: string | null; organizationGhId?: string | null },
) {
  const name = input.name.trim();
  if (!/^[A-Za-z0-9_.-]{1,100}$/.test(name)) {
    throw new GantryError(
      "BAD_USER_INPUT",
      "Repository names use letters, numbers, hyphens (-), underscores (_) and dots (.).",
      { field: "name" },
    );
  }
  const { client } = await clientForUser(deps, userId);
  const body = { name, private: input.private, description: input.description?.trim() || undefined };
  let org: string | null = null;
  if (input.organizationGhId) {
    const orgs = await myGitHubOrganizations(deps, userId);
    org = orgs.find((candidate) => String(candidate.id) === input.organizationGhId)?.login ?? null;
    if (!org) throw new GantryError("NOT_FOUND", "You are not a member of that GitHub organization.");
  }
  try {
    const { data } = org
      ? await client.rest.repos.createInOrg({ org, ...body })
      : await client.rest.repos.createForAuthenticatedUser(body);
    return { ghId: data.id, name: data.name };
  } catch (error) {
    const details =
      (error as { response?: { data?: { errors?: { message?: string }[] } } }).response?.data?.errors ?? [];
    const reason = details
      .map((detail) => detail.message)
      .filter(Boolean)
      .join("; ");
    // SPEC §8: the web app reads this text ("name already exists" picks its message).
    if (reason) throw new GantryError("BAD_USER_INPUT", `Repository creation failed: ${reason}`, { field: "name" });
    throw gitHubError(error);
  }
}

type GitHubRepositoryWire = Awaited<ReturnType<typeof myGitHubRepositories>>[number];
type RepositoryRow = typeof repositories.$inferSelect;

const NOT_ON_GITHUB = "GitHub has no such repository, or your account cannot see it.";

/**
 * The GitHub repositories with these ids, in the order given, as the person's GitHub account sees them: connecting
 * one needs the account to reach it. One it cannot is refused, naming it, before anything is written.
 */
export async function reachableGitHubRepositories(
  deps: CodeHostDeps,
  userId: string,
  ghIds: readonly number[],
  field: string,
): Promise<GitHubRepositoryWire[]> {
  for (const ghId of ghIds)
    if (!Number.isSafeInteger(ghId) || ghId <= 0)
      throw new GantryError("BAD_USER_INPUT", `${field} must be a GitHub repository id.`, { field });
  const mine = await myGitHubRepositories(deps, userId);
  return [...new Set(ghIds)].map((ghId) => {
    const found = mine.find((repository) => repository.id === ghId);
    if (!found)
      throw new GantryError(
        "NOT_FOUND",
        ghIds.length > 1 ? `GitHub has no repository ${ghId}, or your account cannot see it.` : NOT_ON_GITHUB,
        { field },
      );
    return found;
  });
}

/** Stores (or refreshes) Gantry's copy of a GitHub repository and links it to the workspace. */
export async function linkGitHubRepository(
  executor: Executor,
  input: { workspaceId: string; userId: string; found: GitHubRepositoryWire; now: Date },
): Promise<RepositoryRow> {
  const { found, userId, now } = input;
  const details = {
    ownerLogin: found.owner.login,
    name: found.name,
    isPrivate: found.private,
    htmlUrl: found.html_url,
    ownerIsOrganization: found.owner.type === "Organization",
    ...gitHubDetails(found),
  };
  const [repository] = await executor
    .insert(repositories)
    .values({ ghId: found.id, ...details, connectedBy: userId })
    .onConflictDoUpdate({ target: repositories.ghId, set: { ...details, updatedAt: now } })
    .returning();
  if (!repository) throw new Error("upsert returned no repository");
  await executor
    .insert(workspaceRepositories)
    .values({ workspaceId: input.workspaceId, repositoryId: repository.id, addedBy: userId, addedAt: now })
    .onConflictDoNothing();
  return repository;
}

/**
 * After a link is written: the first workspace to connect a repository starts its import (and webhook); later ones
 * place the issues already copied on their board at once.
 */
export async function startLinkedRepository(
  deps: CodeHostDeps,
  userId: string,
  workspaceId: string,
  repository: RepositoryRow,
  startImport: (repositoryId: string) => void,
): Promise<void> {
  if (repository.importState === "pending" || repository.importState === "failed" || repository.hookId === null) {
    // An import or webhook that failed for its first connector's rights: this person's token tries now.
    await deps.db.update(repositories).set({ connectedBy: userId }).where(eq(repositories.id, repository.id));
    startImport(repository.id);
  } else {
    await placeNewIssues(deps.db, repository.id, deps.now());
    // Already imported: its issues land on the board at once, so open boards read everything again.
    await publishWholeBoardChanged(deps.events, workspaceId, userId);
  }
}

/**
 * Connects a GitHub repository to a workspace (addRepositoryToWorkspace). The first workspace
 * to connect it starts the import and installs the webhook; later ones share the copy.
 */
export async function addRepositoryToWorkspace(
  deps: CodeHostDeps,
  userId: string,
  input: { workspaceId: string; repositoryGhId: string },
  startImport: (repositoryId: string) => void,
) {
  await requireWorkspace(deps.db, input.workspaceId, userId, "editor");
  const [found] = await reachableGitHubRepositories(deps, userId, [Number(input.repositoryGhId)], "repositoryGhId");
  if (!found) throw new GantryError("NOT_FOUND", NOT_ON_GITHUB);
  const repository = await linkGitHubRepository(deps.db, {
    workspaceId: input.workspaceId,
    userId,
    found,
    now: deps.now(),
  });
  await startLinkedRepository(deps, userId, input.workspaceId, repository, startImport);
  return repository;
}

/**
 * Imports a repository's issues and pull requests a page of 100 at a time, recording the next
 * page after each, so an interrupted import resumes instead of starting over. Installs the
 * webhook first, so nothing that changes during the import is missed.
 */
export async function importRepository(deps: CodeHostDeps, repositoryId: string): Promise<void> {
  const [repository] = await deps.db.select().from(repositories).where(eq(repositories.id, repositoryId));
  if (!repository?.connectedBy) return;
  const startedAt = deps.now();
  await deps.db.update(repositories).set({ importState: "importing" }).where(eq(repositories.id, repositoryId));
  try {
    const { client } = await clientForUser(deps, repository.connectedBy);
    const hookProblem = await ensureWebhook(deps, client, repository).then(
      () => null,
      (error: unknown) => `${WEBHOOK_NOT_INSTALLED} ${gitHubError(error).message}`,
    );
    // A resumed import may have read every pull request before it stopped, so the reviewers are read again then too.
    let hasPullRequests = repository.importNextPage > 1;
    const listPage = (page: number) =>
      client.rest.issues.listForRepo({
        owner: repository.ownerLogin,
        repo: repository.name,
        state: "all",
        sort: "created",
        direction: "asc",
        per_page: PAGE_SIZE,
        page,
      });
    let pending = listPage(repository.importNextPage);
    // Issues with sub-issues or blockers on GitHub; their links are read once every issue is stored.
    const withLinks: GitHubIssueWire[] = [];
    for (let page = repository.importNextPage; ; page++) {
      const { data, headers } = await pending;
      const more = headers.link?.includes('rel="next"') ?? false;
      // The next page is read while this one is written, so the import waits on GitHub and the
      // database at once rather than in turn (B4, decision 0045). Should this page's write fail,
      // the read already under way is ignored; the import resumes from this page.
      if (more) {
        pending = listPage(page + 1);
        pending.catch(() => undefined);
      }
      const written = await deps.db.transaction(async (tx) => {
        const ids = await upsertIssues(tx, repositoryId, data as GitHubIssueWire[]);
        await placeNewIssues(tx, repositoryId, deps.now());
        await tx
          .update(repositories)
          .set({ importNextPage: page + 1, importedCount: sql`${repositories.importedCount} + ${data.length}` })
          .where(eq(repositories.id, repositoryId));
        return ids;
      });
      // Boards already showing the repository fill in page by page.
      await publishIssuesChanged(deps.events, await repositoryBoards(deps.db, repositoryId, written), {
        actorId: null,
      });
      hasPullRequests ||= data.some((issue) => issue.pull_request);
      withLinks.push(...(data as GitHubIssueWire[]).filter(hasLinks));
      if (!more) break;
    }
    const linked = await syncRelations(deps.db, client, repository, withLinks);
    await syncIssueTypes(deps.db, client, repository);
    await syncLabels(deps.db, client, repositoryId, repository);
    await publishIssuesChanged(deps.events, await boardsShowing(deps.db, linked), { actorId: null });
    if (hasPullRequests) {
      const reviewed = await syncRequestedReviewers(deps.db, client, repository, null);
      await publishIssuesChanged(deps.events, await repositoryBoards(deps.db, repositoryId, reviewed), {
        actorId: null,
      });
    }
    await deps.db
      .update(repositories)
      .set({
        importState: "done",
        lastReconciledAt: startedAt,
        lastSyncError: hookProblem,
        lastSyncErrorAt: hookProblem ? deps.now() : null,
      })
      .where(eq(repositories.id, repositoryId));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    deps.log?.error({ repositoryId, err: message }, "repository import failed");
    await deps.db
      .update(repositories)
      .set({ importState: "failed", lastSyncError: message, lastSyncErrorAt: deps.now() })
      .where(eq(repositories.id, repositoryId));
  }
}

export async function ensureWebhook(
  deps: CodeHostDeps,
  client: GitHubClient,
  repository: typeof repositories.$inferSelect,
) {
  if (repository.hookId) return;
  const secret = randomBytes(32).toString("base64url");
  const { data } = await client.rest.repos.createWebhook({
    owner: repository.ownerLogin,
    repo: repository.name,
    events: WEBHOOK_EVENTS,
    config: { url: new URL(WEBHOOK_PATH, deps.publicUrl).toString(), content_type: "json", secret },
  });
  await deps.db
    .update(repositories)
    .set({ hookId: data.id, encryptedHookSecret: deps.secretBox.seal(secret) })
    .where(and(eq(repositories.id, repository.id)));
}
