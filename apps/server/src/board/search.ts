import { type Database, schema } from "@gantry/db";
import {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { IssueCounts } from "../graphql/issue-counts.js";

const { issuePositions, issues, workspaceRepositories } = schema;

export interface IssueSearch {
  query: string;
  includeClosed: boolean;
  /** Only these of the workspace's repositories; every one when left out. */
  repositoryIds?: string[];
  /** Only the open issues in these of the workspace's pipelines (database ids), and the closed ones when `closed`. */
  pipelines?: { ids: string[]; closed: boolean };
  /** A further condition over `issues` (Workspace.issues' filters, as the board reads them). */
  kept?: SQL;
  /** Another order than most recently updated first; it may read the issue's place on the board (`issue_positions`). */
  order?: SQL[];
}

/** Issues whose title contains the text (any case) or whose number it is; every issue for no text. */
export function titleOrNumber(table: { title: AnyColumn; number: AnyColumn }, query: string): SQL | undefined {
  const text = query.trim();
  const number = /^#?(\d{1,9})$/.exec(text)?.[1];
  const escaped = text.replace(/[%_\\]/g, "\\$&");
  return text
    ? or(ilike(table.title, `%${escaped}%`), number ? eq(table.number, Number(number)) : sql`false`)
    : undefined;
}

/** A workspace's issues whose title contains the text (any case) or whose number it is. */
function matching(db: Database, workspaceId: string, search: IssueSearch): SQL | undefined {
  return and(
    inArray(
      issues.repositoryId,
      db
        .select({ id: workspaceRepositories.repositoryId })
        .from(workspaceRepositories)
        .where(eq(workspaceRepositories.workspaceId, workspaceId)),
    ),
    search.repositoryIds ? inArray(issues.repositoryId, search.repositoryIds) : undefined,
    search.includeClosed || search.pipelines?.closed ? undefined : eq(issues.state, "open"),
    search.pipelines ? inPipelines(db, workspaceId, search.pipelines) : undefined,
    titleOrNumber(issues, search.query),
    search.kept,
  );
}

/** Open issues placed in these pipelines of the workspace, or (with `closed`) closed ones. */
function inPipelines(
  db: Database,
  workspaceId: string,
  pipelines: { ids: string[]; closed: boolean },
): SQL | undefined {
  const open =
    pipelines.ids.length > 0
      ? and(
          eq(issues.state, "open"),
          inArray(
            issues.id,
            db
              .select({ id: issuePositions.issueId })
              .from(issuePositions)
              .where(
                and(eq(issuePositions.workspaceId, workspaceId), inArray(issuePositions.pipelineId, pipelines.ids)),
              ),
          ),
        )
      : undefined;
  const closed = pipelines.closed ? eq(issues.state, "closed") : undefined;
  return or(open, closed) ?? sql`false`;
}

/**
 * searchIssues and Workspace.issues: matches most recently updated first (issues updated in the
 * same second by id, so offset pages neither repeat nor skip one), or in the search's order; closed
 * ones only when asked.
 */
export function searchWorkspaceIssues(
  db: Database,
  workspaceId: string,
  search: IssueSearch,
  limit: number,
  offset: number,
) {
  const query = db.select(getTableColumns(issues)).from(issues).$dynamic();
  // An order may read the issue's place on this board; the join is by issue_positions' primary key.
  if (search.order)
    query.leftJoin(
      issuePositions,
      and(eq(issuePositions.issueId, issues.id), eq(issuePositions.workspaceId, workspaceId)),
    );
  return query
    .where(matching(db, workspaceId, search))
    .orderBy(...(search.order ?? [desc(issues.ghUpdatedAt), asc(issues.id)]))
    .limit(limit)
    .offset(offset);
}

/** The reference's IssueConnection.pipelineCounts of a workspace search: issues, pull requests and their points. */
export async function workspaceIssueCounts(
  db: Database,
  workspaceId: string,
  search: IssueSearch,
): Promise<IssueCounts> {
  const rows = await db
    .select({
      isPullRequest: issues.isPullRequest,
      value: count(),
      points: sql<number>`coalesce(sum(${issues.estimate}), 0)::float8`.mapWith(Number),
    })
    .from(issues)
    .where(matching(db, workspaceId, search))
    .groupBy(issues.isPullRequest);
  const of = (pullRequests: boolean) => rows.find((row) => row.isPullRequest === pullRequests);
  return {
    issuesCount: of(false)?.value ?? 0,
    pullRequestsCount: of(true)?.value ?? 0,
    sumEstimates: rows.reduce((sum, row) => sum + row.points, 0),
    unfilteredIssueCount: null,
    unfilteredSumEstimates: null,
  };
}

export async function countWorkspaceIssues(db: Database, workspaceId: string, search: IssueSearch): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(issues)
    .where(matching(db, workspaceId, search));
  return row?.value ?? 0;
}
