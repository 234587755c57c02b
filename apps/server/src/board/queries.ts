import { type Database, schema } from "@gantry/db";
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";

const { issuePositions, issues, workspaceRepositories } = schema;

/** An open pipeline's issues in board order. */
export function pipelineIssues(db: Database, pipelineId: string, limit: number, offset: number) {
  return db
    .select({ issue: issues })
    .from(issuePositions)
    .innerJoin(issues, eq(issues.id, issuePositions.issueId))
    .where(and(eq(issuePositions.pipelineId, pipelineId), eq(issues.state, "open")))
    .orderBy(asc(sql`${issuePositions.rank} collate "C"`))
    .limit(limit)
    .offset(offset)
    .then((rows) => rows.map((row) => row.issue));
}

/** SPEC §3 pipelineCounts: issues, pull requests and points in an open pipeline. */
export async function pipelineCounts(db: Database, pipelineId: string) {
  const rows = await db
    .select({ isPullRequest: issues.isPullRequest, value: count() })
    .from(issuePositions)
    .innerJoin(issues, eq(issues.id, issuePositions.issueId))
    .where(and(eq(issuePositions.pipelineId, pipelineId), eq(issues.state, "open")))
    .groupBy(issues.isPullRequest);
  return {
    issuesCount: rows.find((row) => !row.isPullRequest)?.value ?? 0,
    pullRequestsCount: rows.find((row) => row.isPullRequest)?.value ?? 0,
    // Estimates arrive with the issue-fields work; until then nothing carries points.
    totalStoryPoints: 0,
  };
}

function workspaceIssues(workspaceId: string) {
  return inArray(
    issues.repositoryId,
    sql`(select ${workspaceRepositories.repositoryId} from ${workspaceRepositories} where ${workspaceRepositories.workspaceId} = ${workspaceId})`,
  );
}

/** The Closed pipeline: the workspace's closed issues, most recently closed first. */
export function closedIssues(db: Database, workspaceId: string, limit: number, offset: number) {
  return db
    .select()
    .from(issues)
    .where(and(workspaceIssues(workspaceId), eq(issues.state, "closed")))
    .orderBy(desc(issues.closedAt), desc(issues.number))
    .limit(limit)
    .offset(offset);
}

export async function closedCounts(db: Database, workspaceId: string) {
  const rows = await db
    .select({ isPullRequest: issues.isPullRequest, value: count() })
    .from(issues)
    .where(and(workspaceIssues(workspaceId), eq(issues.state, "closed")))
    .groupBy(issues.isPullRequest);
  return {
    issuesCount: rows.find((row) => !row.isPullRequest)?.value ?? 0,
    pullRequestsCount: rows.find((row) => row.isPullRequest)?.value ?? 0,
    totalStoryPoints: 0,
  };
}
