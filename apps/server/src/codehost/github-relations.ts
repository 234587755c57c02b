/**
 * GitHub's own sub-issues and issue dependencies, as its `sub_issues` and `issue_dependencies`
 * deliveries announce them, applied to Gantry's links. GitHub tells both issues' repositories of
 * each change, so every handler is idempotent. A parent is one link for an issue wherever it shows
 * (Gantry's parents are not per workspace); a dependency lives on each workspace's board that shows
 * both issues. A link GitHub would make into a cycle with Gantry's own is left out, as Gantry's
 * editors refuse it.
 */
import { type Executor, schema } from "@gantry/db";
import { pathBetween } from "@gantry/domain";
import { and, eq, inArray } from "drizzle-orm";
import { type IssueEventInput, recordIssueEvents } from "../issues/activity.js";
import { ancestorLinks, dependenciesBelow, dependencyEvents, issueLabel, lockLinks } from "../issues/relations.js";
import { placeLastAmongSiblings } from "../planning/github-order.js";
import { takeLinkEcho } from "./link-echoes.js";

const { issueDependencies, issuePositions, issues, repositories } = schema;

interface IssueSide {
  number?: number;
}

/** The parts of a `sub_issues` or `issue_dependencies` delivery read here. */
export interface RelationPayload {
  action?: string;
  repository?: { id?: number };
  sender?: { login?: string };
  parent_issue_id?: number;
  sub_issue_id?: number;
  blocked_issue_id?: number;
  blocking_issue_id?: number;
  parent_issue?: IssueSide;
  parent_issue_repo?: { id?: number };
  sub_issue?: IssueSide;
  sub_issue_repo?: { id?: number };
  blocked_issue?: IssueSide;
  blocked_issue_repo?: { id?: number };
  blocking_issue?: IssueSide;
  blocking_issue_repo?: { id?: number };
}

/** The stored issue with this number in the repository GitHub knows by this id. */
async function storedIssue(tx: Executor, repositoryGhId: number | undefined, side: IssueSide | undefined) {
  if (typeof repositoryGhId !== "number" || typeof side?.number !== "number") return null;
  const [row] = await tx
    .select({ issue: issues })
    .from(issues)
    .innerJoin(repositories, eq(repositories.id, issues.repositoryId))
    .where(and(eq(repositories.ghId, repositoryGhId), eq(issues.number, side.number)));
  return row?.issue ?? null;
}

const fromGitHub = (payload: RelationPayload) =>
  ({ actorId: null, actorLogin: payload.sender?.login ?? null, source: "github" }) as const;

/** Gantry's own write of this link, sent back by GitHub: already stored, so left alone. */
const isOwnEcho = async (tx: Executor, action: string, a?: number, b?: number, repositoryId?: number) =>
  typeof a === "number" &&
  typeof b === "number" &&
  typeof repositoryId === "number" &&
  (await takeLinkEcho(tx, { action, issueIds: [a, b], repositoryId }));

/** `sub_issues`: the child's parent becomes (or stops being) the parent GitHub names. */
export async function applySubIssueEvent(tx: Executor, payload: RelationPayload): Promise<string[]> {
  const action = payload.action ?? "";
  const toParent = action.startsWith("sub_issue_");
  const here = payload.repository?.id;
  const added = action.endsWith("_added");
  if (await isOwnEcho(tx, action, payload.parent_issue_id, payload.sub_issue_id, here)) return [];
  // Under the lock before reading, so Gantry's own write of this link, at the same time, is seen.
  await lockLinks(tx, "issue-parents");
  const parent = await storedIssue(tx, toParent ? here : payload.parent_issue_repo?.id, payload.parent_issue);
  const child = await storedIssue(tx, toParent ? payload.sub_issue_repo?.id : here, payload.sub_issue);
  if (!parent || !child) return [];
  // Each change arrives twice (once to each repository): the second finds it made.
  if (added === (child.parentIssueId === parent.id)) return [];
  if (added && pathBetween(await ancestorLinks(tx, parent.id), parent.id, child.id)) return [];
  const former = child.parentIssueId
    ? (await tx.select().from(issues).where(eq(issues.id, child.parentIssueId)))[0]
    : undefined;
  await tx
    .update(issues)
    .set({ parentIssueId: added ? parent.id : null, updatedAt: new Date() })
    .where(eq(issues.id, child.id));
  // GitHub puts a new sub-issue after its siblings; so does Gantry's planning order.
  if (added) await placeLastAmongSiblings(tx, parent.id, child.id);
  // GitHub's changes keep GitHub's time, not the planning clock (decision 0060).
  await recordIssueEvents(
    tx,
    [
      {
        issueId: child.id,
        field: "parent",
        from: former ? issueLabel(former) : null,
        to: added ? issueLabel(parent) : null,
        ...fromGitHub(payload),
      },
    ],
    new Date(),
  );
  return [child.id, parent.id, ...(former ? [former.id] : [])];
}

/** The workspaces whose boards show both issues. */
export async function sharedWorkspaces(tx: Executor, a: string, b: string): Promise<string[]> {
  const rows = await tx
    .select({ workspaceId: issuePositions.workspaceId, issueId: issuePositions.issueId })
    .from(issuePositions)
    .where(inArray(issuePositions.issueId, [a, b]));
  const of = (id: string) => new Set(rows.filter((row) => row.issueId === id).map((row) => row.workspaceId));
  const second = of(b);
  return [...of(a)].filter((workspaceId) => second.has(workspaceId)).sort();
}

/** `issue_dependencies`: "blocking blocks blocked" on every board that shows both, or on none. */
export async function applyDependencyEvent(tx: Executor, payload: RelationPayload): Promise<string[]> {
  const action = payload.action ?? "";
  const toBlocked = action.startsWith("blocked_by_");
  const here = payload.repository?.id;
  const added = action.endsWith("_added");
  if (await isOwnEcho(tx, action, payload.blocked_issue_id, payload.blocking_issue_id, here)) return [];
  const blocked = await storedIssue(tx, toBlocked ? here : payload.blocked_issue_repo?.id, payload.blocked_issue);
  const blocking = await storedIssue(tx, toBlocked ? payload.blocking_issue_repo?.id : here, payload.blocking_issue);
  if (!blocked || !blocking || blocked.id === blocking.id) return [];
  const events: IssueEventInput[] = [];
  for (const workspaceId of await sharedWorkspaces(tx, blocking.id, blocked.id)) {
    await lockLinks(tx, `dependencies:${workspaceId}`);
    const link = and(
      eq(issueDependencies.workspaceId, workspaceId),
      eq(issueDependencies.blockingIssueId, blocking.id),
      eq(issueDependencies.blockedIssueId, blocked.id),
    );
    if (added) {
      if (pathBetween(await dependenciesBelow(tx, workspaceId, blocked.id), blocked.id, blocking.id)) continue;
      const inserted = await tx
        .insert(issueDependencies)
        .values({ workspaceId, blockingIssueId: blocking.id, blockedIssueId: blocked.id })
        .onConflictDoNothing()
        .returning({ id: issueDependencies.id });
      if (inserted.length)
        events.push(...dependencyEvents("added", { workspaceId, blocking, blocked }, fromGitHub(payload)));
    } else {
      const removed = await tx.delete(issueDependencies).where(link).returning({ id: issueDependencies.id });
      if (removed.length)
        events.push(...dependencyEvents("removed", { workspaceId, blocking, blocked }, fromGitHub(payload)));
    }
  }
  await recordIssueEvents(tx, events, new Date());
  return events.length ? [blocking.id, blocked.id] : [];
}
