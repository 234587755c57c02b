import { type Database, schema } from "@gantry/db";
import type { SortType } from "@gantry/domain";
import { and, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { type BoardSearch, boardOrderBy, boardSearchCondition } from "./filtering.js";

const { issuePositions, issues, workspaceRepositories } = schema;

/** An open pipeline's issues kept by the board's filters and search, in the pipeline's sort order. */
export function pipelineIssues(
  db: Database,
  pipelineId: string,
  search: BoardSearch,
  sortType: SortType,
  limit: number,
  offset: number,
) {
  return db
    .select({ issue: issues })
    .from(issuePositions)
    .innerJoin(issues, eq(issues.id, issuePositions.issueId))
    .where(and(eq(issuePositions.pipelineId, pipelineId), eq(issues.state, "open"), boardSearchCondition(search)))
    .orderBy(...boardOrderBy(sortType, search.workspaceId))
    .limit(limit)
    .offset(offset)
    .then((rows) => rows.map((row) => row.issue));
}

/** SPEC §3 pipelineCounts from grouped rows: issues, pull requests, and the points they carry. */
function countsOf(rows: { isPullRequest: boolean; value: number; points: number | null }[]) {
  return {
    issuesCount: rows.find((row) => !row.isPullRequest)?.value ?? 0,
    pullRequestsCount: rows.find((row) => row.isPullRequest)?.value ?? 0,
    totalStoryPoints: rows.reduce((sum, row) => sum + (row.points ?? 0), 0),
  };
}

const countColumns = {
  isPullRequest: issues.isPullRequest,
  value: count(),
  points: sql<number | null>`sum(${issues.estimate})`.mapWith(Number),
};

/** The counts of what an open pipeline shows under the board's filters. */
export async function pipelineCounts(db: Database, pipelineId: string, search: BoardSearch) {
  const rows = await db
    .select(countColumns)
    .from(issuePositions)
    .innerJoin(issues, eq(issues.id, issuePositions.issueId))
    .where(and(eq(issuePositions.pipelineId, pipelineId), eq(issues.state, "open"), boardSearchCondition(search)))
    .groupBy(issues.isPullRequest);
  return countsOf(rows);
}

/** Issues of the repositories connected to the workspace. */
export function workspaceIssues(workspaceId: string) {
  return inArray(
    issues.repositoryId,
    sql`(select ${workspaceRepositories.repositoryId} from ${workspaceRepositories} where ${workspaceRepositories.workspaceId} = ${workspaceId})`,
  );
}

function closedCondition(search: BoardSearch): SQL | undefined {
  return and(workspaceIssues(search.workspaceId), eq(issues.state, "closed"), boardSearchCondition(search));
}

/** The Closed pipeline: the workspace's closed issues kept by the filters, most recently closed first. */
export function closedIssues(db: Database, search: BoardSearch, limit: number, offset: number) {
  return db
    .select()
    .from(issues)
    .where(closedCondition(search))
    .orderBy(desc(issues.closedAt), desc(issues.number))
    .limit(limit)
    .offset(offset);
}

export async function closedCounts(db: Database, search: BoardSearch) {
  const rows = await db.select(countColumns).from(issues).where(closedCondition(search)).groupBy(issues.isPullRequest);
  return countsOf(rows);
}
