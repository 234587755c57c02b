import { type Executor, schema } from "@gantry/db";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
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
 */
export async function boardPlacements(
  db: Executor,
  workspaceId: string,
  issueIds: string[],
): Promise<BoardPlacement[]> {
  if (issueIds.length === 0) return [];
  const open = db
    .select({
      issueId: issuePositions.issueId,
      pipelineId: issuePositions.pipelineId,
      position:
        sql<number>`(row_number() over (partition by ${issuePositions.pipelineId} order by ${issuePositions.rank} collate "C") - 1)::int`.as(
          "position",
        ),
    })
    .from(issuePositions)
    .innerJoin(issues, eq(issues.id, issuePositions.issueId))
    .where(and(eq(issuePositions.workspaceId, workspaceId), eq(issues.state, "open")))
    .as("open_places");
  const closed = db
    .select({
      issueId: sql<string>`${issues.id}`.as("issue_id"),
      position:
        sql<number>`(row_number() over (order by ${desc(issues.closedAt)}, ${desc(issues.number)}) - 1)::int`.as(
          "position",
        ),
    })
    .from(issues)
    .where(and(workspaceIssues(workspaceId), eq(issues.state, "closed")))
    .as("closed_places");
  const [rows, openPlaces, closedPlaces] = await Promise.all([
    db
      .select()
      .from(issues)
      .where(and(inArray(issues.id, issueIds), workspaceIssues(workspaceId))),
    db.select().from(open).where(inArray(open.issueId, issueIds)),
    db.select().from(closed).where(inArray(closed.issueId, issueIds)),
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
