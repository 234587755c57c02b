import { type Executor, schema } from "@gantry/db";
import { rankBetween } from "@gantry/domain";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { lockPipelineOrder } from "./pipeline-order.js";

const { issuePositions, issues, pipelines, workspaceRepositories } = schema;

/**
 * Gives every issue of a repository that has no place yet on a connected workspace's board a
 * place at the top of that workspace's first pipeline, newest on top.
 */
export async function placeNewIssues(executor: Executor, repositoryId: string, now: Date): Promise<void> {
  const links = await executor
    .select({ workspaceId: workspaceRepositories.workspaceId })
    .from(workspaceRepositories)
    .where(eq(workspaceRepositories.repositoryId, repositoryId))
    // One workspace after another in a set order, so two placements holding order locks of
    // several workspaces' pipelines take them in the same order.
    .orderBy(asc(workspaceRepositories.workspaceId));
  for (const { workspaceId } of links) {
    const [first] = await executor
      .select({ id: pipelines.id })
      .from(pipelines)
      .where(eq(pipelines.workspaceId, workspaceId))
      .orderBy(asc(sql`${pipelines.rank} collate "C"`))
      .limit(1);
    if (!first) continue;
    const unplaced = await executor
      .select({ id: issues.id })
      .from(issues)
      .leftJoin(issuePositions, and(eq(issuePositions.issueId, issues.id), eq(issuePositions.workspaceId, workspaceId)))
      .where(and(eq(issues.repositoryId, repositoryId), isNull(issuePositions.issueId)))
      .orderBy(asc(issues.number));
    if (unplaced.length === 0) continue;
    // In a transaction of its own (a savepoint inside a caller's), so the order lock holds until the rows are in.
    await executor.transaction(async (tx) => {
      await lockPipelineOrder(
        tx,
        first.id,
        unplaced.map(({ id }) => id),
      );
      const [top] = await tx
        .select({ rank: issuePositions.rank })
        .from(issuePositions)
        .where(eq(issuePositions.pipelineId, first.id))
        .orderBy(asc(sql`${issuePositions.rank} collate "C"`))
        .limit(1);
      let above = top?.rank ?? null;
      const rows = unplaced.map(({ id }) => {
        above = rankBetween(null, above);
        return { workspaceId, issueId: id, pipelineId: first.id, rank: above, movedAt: now, joinedAt: now };
      });
      for (let start = 0; start < rows.length; start += 500) {
        await tx
          .insert(issuePositions)
          .values(rows.slice(start, start + 500))
          .onConflictDoNothing();
      }
    });
  }
}
