import { type Database, schema } from "@gantry/db";
import { and, count, inArray, sql } from "drizzle-orm";

const { issuePositions } = schema;

/**
 * Open pipelines' counts when the board keeps every issue, read from the positions alone: the
 * issue's state, kind and estimate are copied onto its positions by triggers (migration 0029,
 * decision 0050), so the board's headers no longer join every open issue of the board.
 */
export async function unfilteredPipelineTotals(db: Database, pipelineIds: string[]) {
  return (
    db
      .select({
        pipelineId: issuePositions.pipelineId,
        isPullRequest: issuePositions.isPullRequest,
        value: count(),
        points: sql<number | null>`sum(${issuePositions.estimate})`.mapWith(Number),
      })
      .from(issuePositions)
      // Literally `issue_open`, so the partial index's condition is seen to hold.
      .where(and(inArray(issuePositions.pipelineId, pipelineIds), sql`${issuePositions.issueOpen}`))
      .groupBy(issuePositions.pipelineId, issuePositions.isPullRequest)
  );
}
