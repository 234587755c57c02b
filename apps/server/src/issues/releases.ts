import { type Database, type Executor, schema } from "@gantry/db";
import { releaseDatesError, releaseDescriptionError, releaseTitleError } from "@gantry/domain";
import { asc, eq } from "drizzle-orm";
import type { BoardEventBus } from "../events/board-events.js";
import { GantryError } from "../graphql/errors.js";
import { requireWorkspace } from "../organizations/access.js";
import { accessibleWorkspaces, viewerOrganizations } from "../organizations/queries.js";
import { workspaceRepositoriesByGhId } from "../workspaces/repository-gh-ids.js";

const { releases, releaseIssues, releaseRepositories } = schema;

export type ReleaseRow = typeof releases.$inferSelect;
type ReleasesDeps = { db: Database; events: BoardEventBus; now: () => Date };
type ReleaseState = ReleaseRow["state"];

const NOT_FOUND = "This release does not exist.";

function check(message: string | null, field: string) {
  if (message) throw new GantryError("BAD_USER_INPUT", message, { field });
}

async function requireRelease(db: Executor, releaseId: string, userId: string, needed: "viewer" | "editor") {
  const [release] = await db.select().from(releases).where(eq(releases.id, releaseId));
  if (!release) throw new GantryError("NOT_FOUND", NOT_FOUND);
  await requireWorkspace(db, release.workspaceId, userId, needed);
  return release;
}

export async function releaseIssueIds(db: Executor, releaseId: string): Promise<string[]> {
  const rows = await db
    .select({ issueId: releaseIssues.issueId })
    .from(releaseIssues)
    .where(eq(releaseIssues.releaseId, releaseId));
  return rows.map((row) => row.issueId);
}

/** Cards show their releases: boards holding a changed release's issues read them again. */
async function announce(deps: ReleasesDeps, userId: string, release: ReleaseRow, issueIds: string[]) {
  if (issueIds.length === 0) return;
  await deps.events.publish({
    kind: "ISSUES_CHANGED",
    workspaceId: release.workspaceId,
    actorId: userId,
    clientMutationId: null,
    issueIds,
  });
}

export interface ReleaseInput {
  title: string;
  description: string | null;
  startOn: string | null;
  endOn: string | null;
}

/**
 * Releases belong to a workspace; editors plan them, as they plan sprints' contents. `repositoryGhIds` names the
 * workspace's repositories the release is for (none: the whole workspace), stored with the release or not at all.
 */
export async function createRelease(
  deps: ReleasesDeps,
  userId: string,
  given: ReleaseInput & { workspaceId: string | null; repositoryGhIds?: readonly number[] },
): Promise<ReleaseRow> {
  const input = {
    ...given,
    workspaceId: given.workspaceId ?? (await workspaceShowing(deps.db, userId, given.repositoryGhIds ?? [])),
  };
  await requireWorkspace(deps.db, input.workspaceId, userId, "editor");
  check(releaseTitleError(input.title), "title");
  check(releaseDescriptionError(input.description ?? ""), "description");
  check(releaseDatesError(input.startOn, input.endOn), "endOn");
  const forRepositories = await workspaceRepositoriesByGhId(
    deps.db,
    input.workspaceId,
    input.repositoryGhIds ?? [],
    "repositoryGhIds",
  );
  return deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(releases)
      .values({
        workspaceId: input.workspaceId,
        title: input.title.trim(),
        description: input.description ?? "",
        startOn: input.startOn,
        endOn: input.endOn,
      })
      .returning();
    if (!created) throw new Error("release not stored");
    if (forRepositories.length)
      await tx
        .insert(releaseRepositories)
        .values(forRepositories.map((repository) => ({ releaseId: created.id, repositoryId: repository.id })));
    return created;
  });
}

/**
 * The reference creates a release for repositories, naming no workspace: the one workspace the person may plan
 * in (editor or admin) that shows every one of them. None or several is a clear error asking for `workspaceId`.
 */
async function workspaceShowing(db: Database, userId: string, ghIds: readonly number[]): Promise<string> {
  if (ghIds.length === 0)
    throw new GantryError("BAD_USER_INPUT", "Give workspaceId, or the repositories (repositoryGhIds) of the release.", {
      field: "workspaceId",
    });
  const planned = (await accessibleWorkspaces(db, userId, await viewerOrganizations(db, userId))).filter(
    (workspace) => workspace.viewerPermission !== "viewer",
  );
  const showing: string[] = [];
  for (const workspace of planned) {
    try {
      await workspaceRepositoriesByGhId(db, workspace.id, ghIds, "repositoryGhIds");
      showing.push(workspace.id);
    } catch (error) {
      if (!(error instanceof GantryError)) throw error;
    }
  }
  const [only, ...more] = showing;
  if (!only)
    throw new GantryError(
      "BAD_USER_INPUT",
      "No workspace you can plan in shows all of these repositories; give workspaceId.",
      { field: "release.repositoryGhIds" },
    );
  if (more.length > 0)
    throw new GantryError(
      "BAD_USER_INPUT",
      "Several workspaces you can plan in show these repositories; give workspaceId to say which.",
      { field: "workspaceId" },
    );
  return only;
}

/** When a release in `state` was closed: kept while it stays closed, now when it closes, null once reopened. */
export function closedAtFor(
  release: Pick<ReleaseRow, "state" | "closedAt">,
  state: ReleaseState,
  now: Date,
): Date | null {
  if (state !== "CLOSED") return null;
  return release.state === "CLOSED" ? release.closedAt : now;
}

/** Changes the given fields; a date given as null clears it. The result must still be valid as a whole. */
export async function updateRelease(
  deps: ReleasesDeps,
  userId: string,
  input: { releaseId: string } & Partial<ReleaseInput> & { state?: ReleaseState | null },
): Promise<ReleaseRow> {
  const release = await requireRelease(deps.db, input.releaseId, userId, "editor");
  const title = input.title ?? release.title;
  const description = input.description ?? release.description;
  const startOn = input.startOn === undefined ? release.startOn : input.startOn;
  const endOn = input.endOn === undefined ? release.endOn : input.endOn;
  check(releaseTitleError(title), "title");
  check(releaseDescriptionError(description), "description");
  check(releaseDatesError(startOn, endOn), "endOn");
  const state = input.state ?? release.state;
  const [updated] = await deps.db
    .update(releases)
    .set({ title: title.trim(), description, startOn, endOn, state, closedAt: closedAtFor(release, state, deps.now()) })
    .where(eq(releases.id, release.id))
    .returning();
  if (!updated) throw new GantryError("NOT_FOUND", NOT_FOUND);
  await announce(deps, userId, updated, await releaseIssueIds(deps.db, updated.id));
  return updated;
}

export async function deleteRelease(deps: ReleasesDeps, userId: string, input: { releaseId: string }) {
  const release = await requireRelease(deps.db, input.releaseId, userId, "editor");
  const issueIds = await releaseIssueIds(deps.db, release.id);
  await deps.db.delete(releases).where(eq(releases.id, release.id));
  await announce(deps, userId, release, issueIds);
  return release;
}

/** A release's issues, oldest first by number within their repository. */
export function releaseIssueRows(db: Executor, releaseId: string) {
  return db
    .select({ issue: schema.issues })
    .from(releaseIssues)
    .innerJoin(schema.issues, eq(schema.issues.id, releaseIssues.issueId))
    .where(eq(releaseIssues.releaseId, releaseId))
    .orderBy(asc(schema.issues.repositoryId), asc(schema.issues.number))
    .then((rows) => rows.map((row) => row.issue));
}
