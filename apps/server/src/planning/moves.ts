import { type Executor, schema } from "@gantry/db";
import { eq, sql } from "drizzle-orm";
import { GantryError } from "../graphql/errors.js";
import {
  type Deps,
  emptyResult,
  mayEditIn,
  type Origin,
  type ShownIssue,
  tellBoards,
  visibleIssues,
} from "../issues/bulk-fields.js";
import { gitHubLinks } from "../issues/github-links.js";
import {
  attachChildren,
  detachChildren,
  type LinkDeps,
  reorderOnGitHub,
  reparentOnGitHub,
  withParents,
} from "../issues/relations.js";
import { placement } from "./placement.js";
import { type PlanningViewer, siblingOrder } from "./strategic-issues.js";

const { issues, planningRanks, workspaces } = schema;

/** The hitbox package's tree-item instructions, as SPEC §4 reads them. */
export type PlanningInstruction = "MAKE_CHILD" | "REORDER_ABOVE" | "REORDER_BELOW";

export interface StrategicMove extends Origin {
  issueId: string;
  targetIssueId: string;
  instruction: PlanningInstruction;
}

const NOT_IN_ORGANIZATION = "This issue is not on a board of this organization.";
const FORBIDDEN_HERE = "You do not have permission to do this in this workspace.";

/** The issues' entries limited to the organisation's workspaces; an issue on none of them is refused. */
async function inOrganization(db: Executor, organizationId: string, shown: ShownIssue[]) {
  const ids = new Set(
    (await db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.organizationId, organizationId))).map(
      (row) => row.id,
    ),
  );
  return shown.map((entry) => {
    const here = entry.workspaces.filter(({ workspaceId, access }) => ids.has(workspaceId) && access?.permission);
    if (here.length === 0) throw new GantryError("NOT_FOUND", NOT_IN_ORGANIZATION, { field: "issueId" });
    return { ...entry, workspaces: here };
  });
}

/** Ranks the moved issue at its new place among its siblings (and any unranked siblings before it). */
async function placeAmongSiblings(
  tx: Executor,
  viewer: PlanningViewer,
  move: StrategicMove,
  parentId: string | null,
  now: Date,
) {
  const siblings = (await siblingOrder(tx, viewer, parentId)).filter((row) => row.id !== move.issueId);
  const targetIndex = siblings.findIndex((row) => row.id === move.targetIssueId);
  const at =
    move.instruction === "MAKE_CHILD" || targetIndex < 0
      ? siblings.length
      : targetIndex + (move.instruction === "REORDER_BELOW" ? 1 : 0);
  const { placed, rank } = placement(siblings, at);
  const organizationId = viewer.organizationId;
  if (placed.length)
    await tx
      .insert(planningRanks)
      .values(placed.map((row) => ({ organizationId, issueId: row.id, rank: row.rank })))
      .onConflictDoNothing();
  await tx
    .insert(planningRanks)
    .values({ organizationId, issueId: move.issueId, rank, placedAt: now })
    .onConflictDoUpdate({
      target: [planningRanks.organizationId, planningRanks.issueId],
      set: { rank, placedAt: now },
    });
}

/** The target's parent when the viewer can see it; beside the target is otherwise the top level. */
async function seenParent(deps: Deps, userId: string, target: ShownIssue): Promise<ShownIssue | null> {
  if (!target.issue.parentIssueId) return null;
  try {
    const [parent] = await visibleIssues(deps.db, userId, [target.issue.parentIssueId], emptyResult());
    return parent ?? null;
  } catch (error) {
    if (error instanceof GantryError && error.code === "NOT_FOUND") return null;
    throw error;
  }
}

/**
 * moveStrategicIssue: SPEC §4's planning panel move, persisted. MAKE_CHILD makes the issue the
 * target's last child; REORDER_ABOVE/BELOW put it beside the target, under the target's parent
 * (the top level when the viewer cannot see that parent). A change of parent follows
 * addSubIssues' rules (a board showing both, editor there, no cycles); a reorder needs editor on
 * one of the organisation's boards showing the issue. Nothing is written unless all of it is.
 */
export async function moveStrategicIssue(deps: LinkDeps, userId: string, viewer: PlanningViewer, move: StrategicMove) {
  if (move.issueId === move.targetIssueId)
    throw new GantryError("BAD_USER_INPUT", "An issue cannot be moved next to or under itself.", {
      field: "targetIssueId",
    });
  const result = emptyResult();
  const found = await visibleIssues(deps.db, userId, [move.issueId, move.targetIssueId], result);
  if (found.length < 2) throw new GantryError("NOT_FOUND", "This issue does not exist.");
  const [moved, target] = (await inOrganization(deps.db, viewer.organizationId, found)) as [ShownIssue, ShownIssue];
  const parent = move.instruction === "MAKE_CHILD" ? target : await seenParent(deps, userId, target);
  const parentId = parent?.issue.id ?? null;
  const reparent = parentId !== moved.issue.parentIssueId;
  const boards = moved.workspaces
    .map(({ workspaceId }) => workspaceId)
    .filter(
      (workspaceId) => !reparent || !parent || parent.workspaces.some((entry) => entry.workspaceId === workspaceId),
    );
  if (boards.length === 0 && parent)
    throw new GantryError("BAD_USER_INPUT", `#${moved.issue.number} is not on a board with #${parent.issue.number}.`, {
      field: "targetIssueId",
    });
  if (!boards.some((workspaceId) => mayEditIn(moved, workspaceId))) throw new GantryError("FORBIDDEN", FORBIDDEN_HERE);
  const now = deps.now();
  // GitHub's sub-issues first (decision 0064): a move GitHub refuses is not made here either.
  const links = gitHubLinks(deps, userId);
  if (reparent) await reparentOnGitHub(links, moved.issue, parent?.issue ?? null);
  if (parent && move.instruction !== "MAKE_CHILD")
    await reorderOnGitHub(links, parent.issue, moved.issue, {
      beside: target.issue,
      after: move.instruction === "REORDER_BELOW",
    });
  await deps.db.transaction(async (tx) => {
    // One mover at a time per organisation, so two moves cannot take the same place.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`planning:${viewer.organizationId}`}))`);
    if (reparent) {
      if (parent) await attachChildren(tx, now, userId, parent.issue, [moved]);
      else await detachChildren(tx, now, userId, [moved]);
    }
    await placeAmongSiblings(tx, viewer, move, parentId, now);
  });
  if (reparent) await tellBoards(deps, userId, withParents([moved], ...(parentId ? [parentId] : [])), move);
  const [issue] = await deps.db.select().from(issues).where(eq(issues.id, move.issueId));
  if (!issue) throw new Error(`issue ${move.issueId} vanished`);
  return issue;
}
