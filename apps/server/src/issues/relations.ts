import { type Executor, schema } from "@gantry/db";
import { type IssueLink, pathBetween } from "@gantry/domain";
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { BulkResult } from "../board/issue-writes.js";
import type { CodeHostDeps } from "../codehost/repositories.js";
import { publishIssuesChanged } from "../events/issue-events.js";
import { GantryError } from "../graphql/errors.js";
import { type IssueEventInput, recordIssueEvents } from "./activity.js";
import {
  type Deps,
  emptyResult,
  mayEditIn,
  type Origin,
  type ShownIssue,
  tellBoards,
  visibleIssues,
  writableOnly,
} from "./bulk-fields.js";
import { type GitHubLinks, gitHubLinks } from "./github-links.js";

const { issueDependencies, issues } = schema;

export type Blockage = typeof issueDependencies.$inferSelect;

const FORBIDDEN_HERE = "You do not have permission to do this in this workspace.";

/**
 * Serialises writers of one kind of link (per workspace for dependencies), so two requests
 * cannot each add half of a cycle that neither saw.
 */
export async function lockLinks(tx: Executor, key: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

type IssueRow = typeof issues.$inferSelect;
/** What changing links needs; without GitHub (null or left out) every link stays in Gantry. */
export type LinkDeps = Deps & { codeHost?: CodeHostDeps | null };

/** How the activity timeline names a related issue. */
export const issueLabel = (issue: Pick<IssueRow, "number" | "title">) => `#${issue.number} ${issue.title}`;

interface DependencyPlace {
  workspaceId: string;
  blocking: IssueRow;
  blocked: IssueRow;
}

/** The timeline's two sides of a dependency: the blocked issue gains a blocker, the blocking one something it blocks. */
export function dependencyEvents(
  change: "added" | "removed",
  { workspaceId, blocking, blocked }: DependencyPlace,
  actor: Pick<IssueEventInput, "actorId" | "actorLogin" | "source">,
): IssueEventInput[] {
  const sides = [
    { issueId: blocked.id, field: "blocking" as const, other: issueLabel(blocking) },
    { issueId: blocking.id, field: "blocked" as const, other: issueLabel(blocked) },
  ];
  return sides.map(({ issueId, field, other }) => ({
    issueId,
    field,
    workspaceId,
    ...actor,
    from: change === "removed" ? other : null,
    to: change === "added" ? other : null,
  }));
}

export const workspaceIdsOf = (shown: ShownIssue) => shown.workspaces.map(({ workspaceId }) => workspaceId);

/** The two issues of a dependency and the one workspace whose board it belongs to. */
async function dependencyPlace(
  deps: Deps,
  userId: string,
  input: { blockingId: string; blockedId: string; workspaceId?: string | null },
) {
  if (input.blockingId === input.blockedId)
    throw new GantryError("BAD_USER_INPUT", "An issue cannot block itself.", { field: "blocked" });
  const result = emptyResult();
  const shown = await visibleIssues(deps.db, userId, [input.blockingId, input.blockedId], result);
  const [blocking, blocked] = [input.blockingId, input.blockedId].map((id) =>
    shown.find((entry) => entry.issue.id === id),
  );
  if (!blocking || !blocked) throw new GantryError("NOT_FOUND", "This issue does not exist.");
  const shared = workspaceIdsOf(blocking).filter((id) => workspaceIdsOf(blocked).includes(id));
  const candidates = input.workspaceId ? shared.filter((id) => id === input.workspaceId) : shared;
  if (candidates.length === 0)
    throw new GantryError(
      "BAD_USER_INPUT",
      input.workspaceId
        ? "Both issues must be on this workspace's board."
        : "Both issues must be on the same workspace's board.",
      { field: "blocked" },
    );
  if (candidates.length > 1)
    throw new GantryError("BAD_USER_INPUT", "Both issues are on several boards; choose the workspace.", {
      field: "workspaceId",
    });
  const workspaceId = candidates[0] as string;
  if (!mayEditIn(blocking, workspaceId)) throw new GantryError("FORBIDDEN", FORBIDDEN_HERE);
  return { workspaceId, blocking: blocking.issue, blocked: blocked.issue };
}

/** The dependencies reachable from an issue by following "blocks" within a workspace. */
export async function dependenciesBelow(tx: Executor, workspaceId: string, issueId: string): Promise<IssueLink[]> {
  return tx
    .select({ from: issueDependencies.blockingIssueId, to: issueDependencies.blockedIssueId })
    .from(issueDependencies)
    .where(
      and(
        eq(issueDependencies.workspaceId, workspaceId),
        sql`${issueDependencies.blockingIssueId} in (
          with recursive reach(id) as (
            select ${issueId}::uuid
            union
            select link.blocked_issue_id from ${issueDependencies} as link
              join reach on link.blocking_issue_id = reach.id
              where link.workspace_id = ${workspaceId}
          ) select id from reach)`,
      ),
    );
}

/** Only the dependency's own board shows it. */
async function tellDependencyBoard(deps: Deps, userId: string, place: DependencyPlace, origin: Origin) {
  await publishIssuesChanged(deps.events, new Map([[place.workspaceId, [place.blocking.id, place.blocked.id]]]), {
    actorId: userId,
    clientMutationId: origin.clientMutationId ?? null,
  });
}

const theDependency = (place: DependencyPlace) =>
  and(
    eq(issueDependencies.workspaceId, place.workspaceId),
    eq(issueDependencies.blockingIssueId, place.blocking.id),
    eq(issueDependencies.blockedIssueId, place.blocked.id),
  );

async function refuseCycle(tx: Executor, { workspaceId, blocking, blocked }: DependencyPlace) {
  if (pathBetween(await dependenciesBelow(tx, workspaceId, blocked.id), blocked.id, blocking.id))
    throw new GantryError(
      "BAD_USER_INPUT",
      `This dependency would create a cycle: #${blocking.number} already depends on #${blocked.number}.`,
      { field: "blocked" },
    );
}

/** Both issues as GitHub knows them, when the dependency is GitHub's too; else null (it stays in Gantry). */
async function gitHubDependency(links: GitHubLinks, { blocking, blocked }: DependencyPlace) {
  const sides = await links.sides([blocking.id, blocked.id]);
  const [blockingSide, blockedSide] = [sides.get(blocking.id), sides.get(blocked.id)];
  return blockingSide && blockedSide ? { blocking: blockingSide, blocked: blockedSide } : null;
}

/**
 * createBlockage: "blocking blocks blocked" on the board of a workspace showing both; cycles are
 * refused. Between two GitHub issues it is GitHub's "blocked by" first.
 */
export async function createBlockage(
  deps: LinkDeps,
  userId: string,
  input: { blockingId: string; blockedId: string; workspaceId?: string | null } & Origin,
): Promise<Blockage> {
  const place = await dependencyPlace(deps, userId, input);
  const { workspaceId } = place;
  const [existing] = await deps.db.select().from(issueDependencies).where(theDependency(place));
  if (!existing) {
    await refuseCycle(deps.db, place);
    const links = gitHubLinks(deps, userId);
    const onGitHub = await gitHubDependency(links, place);
    if (onGitHub) await links.addBlockedBy(onGitHub.blocked, onGitHub.blocking);
  }
  const blockage = await deps.db.transaction(async (tx) => {
    await lockLinks(tx, `dependencies:${workspaceId}`);
    await refuseCycle(tx, place);
    const [inserted] = await tx
      .insert(issueDependencies)
      .values({ workspaceId, blockingIssueId: place.blocking.id, blockedIssueId: place.blocked.id })
      .onConflictDoNothing()
      .returning();
    if (inserted) {
      await recordIssueEvents(tx, dependencyEvents("added", place, { actorId: userId }), deps.now());
      return inserted;
    }
    const [row] = await tx.select().from(issueDependencies).where(theDependency(place));
    if (!row) throw new Error("dependency not stored");
    return row;
  });
  await tellDependencyBoard(deps, userId, place, input);
  return blockage;
}

/** deleteBlockage: removes the dependency between two issues on one workspace's board (and GitHub's, between GitHub issues). */
export async function deleteBlockage(
  deps: LinkDeps,
  userId: string,
  input: { blockingId: string; blockedId: string; workspaceId?: string | null } & Origin,
): Promise<Blockage> {
  const place = await dependencyPlace(deps, userId, input);
  const { blocking, blocked } = place;
  const [existing] = await deps.db.select().from(issueDependencies).where(theDependency(place));
  if (!existing)
    throw new GantryError("NOT_FOUND", `#${blocking.number} does not block #${blocked.number}.`, { field: "blocked" });
  const links = gitHubLinks(deps, userId);
  const onGitHub = await gitHubDependency(links, place);
  if (onGitHub) await links.removeBlockedBy(onGitHub.blocked, onGitHub.blocking);
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.delete(issueDependencies).where(theDependency(place)).returning();
    if (row) await recordIssueEvents(tx, dependencyEvents("removed", place, { actorId: userId }), deps.now());
  });
  await tellDependencyBoard(deps, userId, place, input);
  return existing;
}

/** "child → parent" links from an issue up to the top of its tree. */
export async function ancestorLinks(tx: Executor, issueId: string): Promise<IssueLink[]> {
  const rows = await tx
    .select({ from: issues.id, to: issues.parentIssueId })
    .from(issues)
    .where(
      and(
        isNotNull(issues.parentIssueId),
        sql`${issues.id} in (
          with recursive up(id) as (
            select ${issueId}::uuid
            union
            select above.parent_issue_id from ${issues} as above join up on above.id = up.id
              where above.parent_issue_id is not null
          ) select id from up)`,
      ),
    );
  return rows.flatMap(({ from, to }) => (to ? [{ from, to }] : []));
}

/** "parent" events for children moving from their current parent to `parent` (null: to none). */
async function parentEvents(tx: Executor, children: ShownIssue[], parent: IssueRow | null, actorId: string) {
  const formerIds = [...new Set(children.flatMap(({ issue }) => (issue.parentIssueId ? [issue.parentIssueId] : [])))];
  const former = formerIds.length
    ? await tx
        .select({ id: issues.id, number: issues.number, title: issues.title })
        .from(issues)
        .where(inArray(issues.id, formerIds))
    : [];
  const labelOf = (id: string | null) => {
    const row = former.find((candidate) => candidate.id === id);
    return row ? issueLabel(row) : null;
  };
  return children.map(({ issue }) => ({
    issueId: issue.id,
    field: "parent" as const,
    actorId,
    from: labelOf(issue.parentIssueId),
    to: parent ? issueLabel(parent) : null,
  }));
}

/** The children whose stored parent is not yet `parentId` (another request may have just moved them). */
async function stillToMove(tx: Executor, children: ShownIssue[], parentId: string | null) {
  const ids = children.map(({ issue }) => issue.id);
  const current = await tx
    .select({ id: issues.id, parentIssueId: issues.parentIssueId })
    .from(issues)
    .where(inArray(issues.id, ids));
  const isThere = (child: ShownIssue) =>
    (current.find((row) => row.id === child.issue.id)?.parentIssueId ?? null) === parentId;
  return children.filter((child) => !isThere(child));
}

/**
 * Within a transaction: the issues become children of `parent`, unless that would make an issue
 * its own ancestor (checked under one lock, as parents are not per workspace).
 */
export async function attachChildren(
  tx: Executor,
  now: Date,
  userId: string,
  parent: IssueRow,
  children: ShownIssue[],
) {
  await lockLinks(tx, "issue-parents");
  const above = await ancestorLinks(tx, parent.id);
  for (const { issue } of children) {
    if (pathBetween(above, parent.id, issue.id))
      throw new GantryError(
        "BAD_USER_INPUT",
        `An issue cannot be its own ancestor: #${parent.number} is already below #${issue.number}.`,
        { field: "childIssueIds" },
      );
  }
  const moving = await stillToMove(tx, children, parent.id);
  if (moving.length === 0) return;
  const ids = moving.map(({ issue }) => issue.id);
  await tx.update(issues).set({ parentIssueId: parent.id, updatedAt: now }).where(inArray(issues.id, ids));
  await recordIssueEvents(tx, await parentEvents(tx, moving, parent, userId), now);
}

/** Within a transaction: the issues no longer have a parent. */
export async function detachChildren(tx: Executor, now: Date, userId: string, children: ShownIssue[]) {
  const moving = await stillToMove(tx, children, null);
  if (moving.length === 0) return;
  const ids = moving.map(({ issue }) => issue.id);
  await tx.update(issues).set({ parentIssueId: null, updatedAt: now }).where(inArray(issues.id, ids));
  await recordIssueEvents(tx, await parentEvents(tx, moving, null, userId), now);
}

/**
 * GitHub's side of a child getting `parent` (null: none): between GitHub issues the sub-issue is
 * added there (replacing GitHub's parent) or removed; a link that involves a native issue stays in
 * Gantry, and a GitHub parent left for a native one loses the child on GitHub too.
 */
export async function reparentOnGitHub(links: GitHubLinks, child: IssueRow, parent: IssueRow | null) {
  const sides = await links.sides([
    child.id,
    ...(child.parentIssueId ? [child.parentIssueId] : []),
    ...(parent ? [parent.id] : []),
  ]);
  const childSide = sides.get(child.id);
  if (!childSide || child.parentIssueId === (parent?.id ?? null)) return;
  const formerSide = child.parentIssueId ? sides.get(child.parentIssueId) : undefined;
  const parentSide = parent ? sides.get(parent.id) : undefined;
  if (parentSide) {
    await links.checkSubIssue(parentSide, childSide);
    await links.addSubIssue(parentSide, childSide, formerSide);
  } else if (formerSide) await links.removeSubIssue(formerSide, childSide);
}

/** GitHub's order among a parent's sub-issues, when the parent, the moved issue and its neighbour are all GitHub's. */
export async function reorderOnGitHub(
  links: GitHubLinks,
  parent: IssueRow,
  child: IssueRow,
  place: { beside: IssueRow; after: boolean },
) {
  const sides = await links.sides([parent.id, child.id, place.beside.id]);
  const [parentSide, childSide, besideSide] = [parent, child, place.beside].map((issue) => sides.get(issue.id));
  if (parentSide && childSide && besideSide)
    await links.reorderSubIssue(parentSide, childSide, { beside: besideSide, after: place.after });
}

/** Each child's GitHub side first; a child GitHub refuses goes to failedIssues with GitHub's reason. */
async function onGitHubEach(
  result: BulkResult,
  children: ShownIssue[],
  write: (child: IssueRow) => Promise<void>,
): Promise<ShownIssue[]> {
  const done: ShownIssue[] = [];
  for (const child of children) {
    try {
      await write(child.issue);
      done.push(child);
    } catch (error) {
      if (!(error instanceof GantryError)) throw error;
      result.failedIssues.push(child.issue);
      result.githubErrors[child.issue.id] = error.message;
    }
  }
  return done;
}

/** The children and every parent whose sub-issue progress changed with them. */
export const withParents = (children: ShownIssue[], ...others: string[]) => [
  ...new Set([
    ...children.flatMap(({ issue }) => [issue.id, ...(issue.parentIssueId ? [issue.parentIssueId] : [])]),
    ...others,
  ]),
];

/**
 * addSubIssues: makes the issues children of the parent. Any issue can have children from
 * any repository, as long as a workspace shows both; an issue with another parent moves only
 * with replaceParent. Bad input refuses the whole call; issues the person cannot edit go to
 * failedIssues.
 */
export async function addSubIssues(
  deps: LinkDeps,
  userId: string,
  input: { parentId: string; childIssueIds: string[]; replaceParent: boolean } & Origin,
): Promise<BulkResult> {
  if (input.childIssueIds.length === 0)
    throw new GantryError("BAD_USER_INPUT", "Choose at least one sub-issue.", { field: "childIssueIds" });
  const [parent] = await visibleIssues(deps.db, userId, [input.parentId], emptyResult());
  if (!parent) throw new GantryError("NOT_FOUND", "This issue does not exist.");
  const result = emptyResult();
  const children = await visibleIssues(deps.db, userId, input.childIssueIds, result);
  const shared = (child: ShownIssue) => workspaceIdsOf(child).filter((id) => workspaceIdsOf(parent).includes(id));
  for (const child of children) {
    const { issue } = child;
    const refuse = (message: string) => {
      throw new GantryError("BAD_USER_INPUT", message, { field: "childIssueIds" });
    };
    if (issue.id === parent.issue.id) refuse("An issue cannot be its own parent.");
    if (shared(child).length === 0) refuse(`#${issue.number} is not on a board with #${parent.issue.number}.`);
    if (issue.parentIssueId && issue.parentIssueId !== parent.issue.id && !input.replaceParent)
      refuse(`#${issue.number} already has a parent issue; replace it to move it here.`);
  }
  const links = gitHubLinks(deps, userId);
  const linked = await onGitHubEach(
    result,
    writableOnly(result, children, (child) => shared(child).some((workspaceId) => mayEditIn(child, workspaceId))),
    (child) => reparentOnGitHub(links, child, parent.issue),
  );
  if (linked.length) await deps.db.transaction((tx) => attachChildren(tx, deps.now(), userId, parent.issue, linked));
  result.successCount = linked.length;
  await tellBoards(deps, userId, withParents(linked, parent.issue.id), input);
  return result;
}

/** removeSubIssues: the issues no longer have a parent. */
export async function removeSubIssues(
  deps: LinkDeps,
  userId: string,
  input: { childIssueIds: string[] } & Origin,
): Promise<BulkResult> {
  if (input.childIssueIds.length === 0)
    throw new GantryError("BAD_USER_INPUT", "Choose at least one sub-issue.", { field: "childIssueIds" });
  const result = emptyResult();
  const children = await visibleIssues(deps.db, userId, input.childIssueIds, result);
  const links = gitHubLinks(deps, userId);
  const unlinked = await onGitHubEach(
    result,
    writableOnly(result, children, (child) => mayEditIn(child)),
    (child) => reparentOnGitHub(links, child, null),
  );
  if (unlinked.length) await deps.db.transaction((tx) => detachChildren(tx, deps.now(), userId, unlinked));
  result.successCount = unlinked.length;
  await tellBoards(deps, userId, withParents(unlinked), input);
  return result;
}
