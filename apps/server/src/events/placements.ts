import { type Executor, schema } from "@gantry/db";
import { and, type Column, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { workspaceIssues } from "../board/queries.js";
import { CLOSED_PIPELINE } from "../workspaces/default-pipelines.js";

const { issuePositions, issues } = schema;

/** Where an issue now sits on one board: its pipeline and its index there, as the board reads them. */
export interface BoardPlacement {
  issueId: string;
  issue: typeof issues.$inferSelect | null;
  /** A pipeline's database id or the Closed pipeline's id; null when the board no longer shows the issue. */
  pipelineId: string | null;
  position: number | null;
}

/**
 * The issues' current places on the workspace's board, in the orders searchIssuesByPipeline
 * and searchClosedIssues answer (rank within an open pipeline; most recently closed first).
 * A place is the number of issues before it, counted for the named issues alone: numbering
 * the whole board on every event would cost as much as reading it.
 */
export async function boardPlacements(
  db: Executor,
  workspaceId: string,
  issueIds: string[],
): Promise<BoardPlacement[]> {
  if (issueIds.length === 0) return [];
  const before = alias(issuePositions, "before");
  const beforeIssue = alias(issues, "before_issue");
  const closedIssue = alias(issues, "closed_issue");
  // Most recently closed first; an issue with no closing time sorts first, as in a descending order.
  const closedOrder = (table: { closedAt: Column; number: Column }) =>
    sql`(coalesce(${table.closedAt}, 'infinity'), ${table.number})`;
  const [rows, openPlaces, closedPlaces] = await Promise.all([
    db
      .select()
      .from(issues)
      .where(and(inArray(issues.id, issueIds), workspaceIssues(workspaceId))),
    db
      .select({
        issueId: issuePositions.issueId,
        pipelineId: issuePositions.pipelineId,
        position: sql<number>`(select count(*) from ${issuePositions} as ${before}
          inner join ${issues} as ${beforeIssue} on ${beforeIssue.id} = ${before.issueId} and ${beforeIssue.state} = 'open'
          where ${before.pipelineId} = ${issuePositions.pipelineId}
            and ${before.rank} collate "C" < ${issuePositions.rank} collate "C")::int`,
      })
      .from(issuePositions)
      .innerJoin(issues, eq(issues.id, issuePositions.issueId))
      .where(
        and(
          eq(issuePositions.workspaceId, workspaceId),
          inArray(issuePositions.issueId, issueIds),
          eq(issues.state, "open"),
        ),
      ),
    db
      .select({
        issueId: closedIssue.id,
        position: sql<number>`(select count(*) from ${issues}
          where ${and(workspaceIssues(workspaceId), eq(issues.state, "closed"))}
            and ${closedOrder(issues)} > ${closedOrder(closedIssue)})::int`,
      })
      .from(closedIssue)
      .where(and(inArray(closedIssue.id, issueIds), eq(closedIssue.state, "closed"))),
  ]);
  return issueIds.map((issueId) => {
    const issue = rows.find((row) => row.id === issueId) ?? null;
    const openPlace = openPlaces.find((place) => place.issueId === issueId);
    const closedPlace = closedPlaces.find((place) => place.issueId === issueId);
    if (issue && openPlace) return { issueId, issue, pipelineId: openPlace.pipelineId, position: openPlace.position };
    if (issue && closedPlace) return { issueId, issue, pipelineId: CLOSED_PIPELINE.id, position: closedPlace.position };
    return { issueId, issue: null, pipelineId: null, position: null };
  });
}

/** The pipeline an issue is in on the workspace's board before a move: Closed when closed, null when unplaced. */
export async function currentPipelineId(
  db: Executor,
  workspaceId: string,
  issue: { id: string; state: string },
): Promise<string | null> {
  if (issue.state === "closed") return CLOSED_PIPELINE.id;
  const [place] = await db
    .select({ pipelineId: issuePositions.pipelineId })
    .from(issuePositions)
    .where(and(eq(issuePositions.workspaceId, workspaceId), eq(issuePositions.issueId, issue.id)));
  return place?.pipelineId ?? null;
}
