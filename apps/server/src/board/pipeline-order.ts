/**
 * One pipeline's order under concurrent writers: the lock every rank writer takes first, and
 * the two neighbour ranks a move needs (decision 0046).
 */
import { type Executor, schema } from "@gantry/db";
import { and, asc, desc, eq, inArray, notInArray, sql } from "drizzle-orm";
import { GantryError } from "../graphql/errors.js";

const { issuePositions, issues, pipelines } = schema;

/**
 * Takes, inside a transaction, the locks that keep one pipeline's order sound while many write
 * it: every writer that gives issues ranks in a pipeline calls this before reading any rank, so
 * the next one reads the ranks the last one committed and two issues never share a rank.
 * The order is the same everywhere: the issues' rows first (FOR KEY SHARE: the timeline rows the
 * move writes would take it anyway), then the pipelines' rows (FOR NO KEY UPDATE), several in id
 * order. A webhook updates an issue's row before placing it, so taking the pipeline first could
 * deadlock with it; and FOR UPDATE would also block the foreign-key checks of positions written
 * into the pipeline, the deadlock that made an earlier fix fail (decision 0046).
 */
export async function lockPipelineOrder(tx: Executor, pipelineId: string | string[], issueIds: string[]) {
  const pipelineIds = [...new Set(typeof pipelineId === "string" ? [pipelineId] : pipelineId)].sort();
  if (issueIds.length > 0) {
    await tx
      .select({ id: issues.id })
      .from(issues)
      .where(inArray(issues.id, issueIds))
      .orderBy(asc(issues.id))
      .for("key share");
  }
  // Sorted, so two writers locking the same pipelines take them in the same order.
  const locked = await tx
    .select({ id: pipelines.id })
    .from(pipelines)
    .where(inArray(pipelines.id, pipelineIds))
    .orderBy(asc(pipelines.id))
    .for("no key update");
  if (locked.length < pipelineIds.length)
    throw new GantryError("NOT_FOUND", "This pipeline is not on this workspace's board.");
}

/**
 * The ranks either side of `position` among the pipeline's open issues other than the moving
 * ones: 0 is above the first; negative or past the last is below the last. Reads at most two
 * rows through the (pipeline, rank collate "C") index instead of the whole pipeline.
 */
export async function neighbourRanks(
  executor: Executor,
  pipelineId: string,
  movingIssueIds: string[],
  position: number,
): Promise<[string | null, string | null]> {
  const open = () =>
    executor
      .select({ rank: issuePositions.rank })
      .from(issuePositions)
      .innerJoin(issues, eq(issues.id, issuePositions.issueId))
      .where(
        and(
          eq(issuePositions.pipelineId, pipelineId),
          eq(issues.state, "open"),
          movingIssueIds.length ? notInArray(issuePositions.issueId, movingIssueIds) : undefined,
        ),
      );
  if (position === 0) {
    const [first] = await open()
      .orderBy(asc(sql`${issuePositions.rank} collate "C"`))
      .limit(1);
    return [null, first?.rank ?? null];
  }
  if (position > 0) {
    const [above, below] = await open()
      .orderBy(asc(sql`${issuePositions.rank} collate "C"`))
      .offset(position - 1)
      .limit(2);
    if (above) return [above.rank, below?.rank ?? null];
  }
  const [last] = await open()
    .orderBy(desc(sql`${issuePositions.rank} collate "C"`))
    .limit(1);
  return [last?.rank ?? null, null];
}
