import { schema } from "@gantry/db";
import { and, eq, type SQL, type SQLWrapper } from "drizzle-orm";

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
