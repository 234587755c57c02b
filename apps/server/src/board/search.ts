import { type Database, schema } from "@gantry/db";
import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";

const { issues, workspaceRepositories } = schema;

export interface IssueSearch {
  query: string;
  includeClosed: boolean;
}

/** A workspace's issues whose title contains the text (any case) or whose number it is. */
function matching(db: Database, workspaceId: string, search: IssueSearch): SQL | undefined {
  const text = search.query.trim();
  const number = /^#?(\d{1,9})$/.exec(text)?.[1];
  const escaped = text.replace(/[%_\\]/g, "\\$&");
  return and(
    inArray(
      issues.repositoryId,
      db
        .select({ id: workspaceRepositories.repositoryId })
        .from(workspaceRepositories)
        .where(eq(workspaceRepositories.workspaceId, workspaceId)),
    ),
    search.includeClosed ? undefined : eq(issues.state, "open"),
    text ? or(ilike(issues.title, `%${escaped}%`), number ? eq(issues.number, Number(number)) : sql`false`) : undefined,
  );
}

/** searchIssues: matches most recently updated first, closed ones only when asked. */
export function searchWorkspaceIssues(
  db: Database,
  workspaceId: string,
  search: IssueSearch,
  limit: number,
  offset: number,
) {
  return db
    .select()
    .from(issues)
    .where(matching(db, workspaceId, search))
    .orderBy(desc(issues.ghUpdatedAt))
    .limit(limit)
    .offset(offset);
}

export async function countWorkspaceIssues(db: Database, workspaceId: string, search: IssueSearch): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(issues)
    .where(matching(db, workspaceId, search));
  return row?.value ?? 0;
}
