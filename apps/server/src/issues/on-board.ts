import { type Database, schema } from "@gantry/db";
import { and, eq, inArray, type SQL, type SQLWrapper } from "drizzle-orm";

const { issues, workspaceRepositories } = schema;

/**
 * The join of workspace_repositories to an issue on the board of `workspaceId` (a value or a
 * column): an issue is on a board when its repository is one of the workspace's.
 */
export function issueOnBoardOf(workspaceId: string | SQLWrapper): SQL {
  return and(
    eq(workspaceRepositories.repositoryId, issues.repositoryId),
    eq(workspaceRepositories.workspaceId, workspaceId),
  ) as SQL;
}

/** Issues of the workspace's repositories. */
export function workspaceIssues(db: Database, workspaceId: string): SQL {
  return inArray(
    issues.repositoryId,
    db
      .select({ id: workspaceRepositories.repositoryId })
      .from(workspaceRepositories)
      .where(eq(workspaceRepositories.workspaceId, workspaceId)),
  );
}
