import { type Database, schema } from "@gantry/db";
import type { SortType } from "@gantry/domain";
import DataLoader from "dataloader";
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
  const [counts] = await manyPipelineCounts(db, [pipelineId], search);
  return counts ?? countsOf([]);
}

/**
 * The counts of several open pipelines under one search, in one grouped query: the board asks
 * for every pipeline's counts at once, and one pass over the workspace's positions costs about
 * what one pipeline's count did (decision 0046).
 */
export async function manyPipelineCounts(db: Database, pipelineIds: string[], search: BoardSearch) {
  const rows = await db
    .select({ pipelineId: issuePositions.pipelineId, ...countColumns })
    .from(issuePositions)
    .innerJoin(issues, eq(issues.id, issuePositions.issueId))
    .where(and(inArray(issuePositions.pipelineId, pipelineIds), eq(issues.state, "open"), boardSearchCondition(search)))
    .groupBy(issuePositions.pipelineId, issues.isPullRequest);
  return pipelineIds.map((id) => countsOf(rows.filter((row) => row.pipelineId === id)));
}

type Counts = ReturnType<typeof countsOf>;
const countLoaders = new WeakMap<object, Map<string, DataLoader<string, Counts>>>();

/**
 * An open pipeline's counts, batched with the other pipelines asked for in the same request
 * under the same search (one query for the board's whole row of headers).
 */
export function batchedPipelineCounts(
  request: { db: Database },
  pipelineId: string,
  search: BoardSearch,
): Promise<Counts> {
  const bySearch = countLoaders.get(request) ?? new Map<string, DataLoader<string, Counts>>();
  countLoaders.set(request, bySearch);
  const key = JSON.stringify(search);
  let loader = bySearch.get(key);
  if (!loader) {
    loader = new DataLoader((ids: readonly string[]) => manyPipelineCounts(request.db, [...ids], search));
    bySearch.set(key, loader);
  }
  return loader.load(pipelineId);
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
