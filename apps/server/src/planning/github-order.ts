/**
 * GitHub's order of an issue's sub-issues, read back into Gantry's planning order (decision 0064).
 * GitHub appends a new sub-issue at the end, and its sub-issue list (read at import and
 * reconciliation) is in its order; Gantry's children of that parent follow it in every
 * organisation whose boards show the parent, unless a person reordered them in Gantry after GitHub
 * last changed the parent (latest change wins). Children GitHub does not list (native issues, kept
 * in Gantry only) keep their places; the GitHub ones are put in GitHub's order around them.
 */
import { type Executor, schema } from "@gantry/db";
import { ranksBetween } from "@gantry/domain";
import { and, asc, eq, sql } from "drizzle-orm";
import { placement } from "./placement.js";

const { issuePositions, issues, planningRanks, workspaces } = schema;

/** The organisations whose boards show this issue. */
async function organizationsShowing(tx: Executor, issueId: string): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ id: workspaces.organizationId })
    .from(issuePositions)
    .innerJoin(workspaces, eq(workspaces.id, issuePositions.workspaceId))
    .where(eq(issuePositions.issueId, issueId));
  return rows.map((row) => row.id);
}

/** A parent's children in an organisation's planning order (as the planning panel sorts them). */
async function childrenInOrder(tx: Executor, organizationId: string, parentId: string) {
  return tx
    .select({ id: issues.id, rank: planningRanks.rank, placedAt: planningRanks.placedAt })
    .from(issues)
    .leftJoin(
      planningRanks,
      and(eq(planningRanks.issueId, issues.id), eq(planningRanks.organizationId, organizationId)),
    )
    .where(eq(issues.parentIssueId, parentId))
    .orderBy(sql`${planningRanks.rank} is null`, asc(planningRanks.rank), asc(issues.ghCreatedAt), asc(issues.number));
}

async function writeRanks(tx: Executor, organizationId: string, ranked: { id: string; rank: string }[]) {
  for (const { id, rank } of ranked) {
    // The rank only: when a person last placed an issue stays what it was.
    await tx
      .insert(planningRanks)
      .values({ organizationId, issueId: id, rank })
      .onConflictDoUpdate({ target: [planningRanks.organizationId, planningRanks.issueId], set: { rank } });
  }
}

/** A sub-issue GitHub added goes after its siblings, where GitHub puts it. */
export async function placeLastAmongSiblings(tx: Executor, parentId: string, childId: string): Promise<void> {
  for (const organizationId of await organizationsShowing(tx, parentId)) {
    const siblings = (await childrenInOrder(tx, organizationId, parentId)).filter((row) => row.id !== childId);
    const { placed, rank } = placement(siblings, siblings.length);
    await writeRanks(tx, organizationId, [...placed, { id: childId, rank }]);
  }
}

/**
 * Puts the parent's children GitHub lists (Gantry's ids, in GitHub's order) in that order, in each
 * organisation where no one reordered them after `githubChangedAt`. Answers whether any moved.
 */
export async function followGitHubOrder(
  tx: Executor,
  parentId: string,
  githubOrder: string[],
  githubChangedAt: Date,
): Promise<boolean> {
  let moved = false;
  for (const organizationId of await organizationsShowing(tx, parentId)) {
    const current = await childrenInOrder(tx, organizationId, parentId);
    const listed = githubOrder.filter((id) => current.some((row) => row.id === id));
    const lastPlacedByPerson = Math.max(0, ...current.map((row) => row.placedAt?.getTime() ?? 0));
    if (lastPlacedByPerson > githubChangedAt.getTime()) continue;
    // GitHub's children take the places GitHub's children hold now, in GitHub's order.
    const queue = [...listed];
    const wanted = current.map((row) => (listed.includes(row.id) ? (queue.shift() as string) : row.id));
    if (wanted.every((id, index) => id === current[index]?.id)) continue;
    const ranks = ranksBetween(null, null, wanted.length);
    await writeRanks(
      tx,
      organizationId,
      wanted.map((id, index) => ({ id, rank: ranks[index] as string })),
    );
    moved = true;
  }
  return moved;
}
