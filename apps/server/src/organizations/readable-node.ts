import type { GraphQLContext } from "../graphql/context.js";
import { requireWorkspace } from "./access.js";

/**
 * What `node(id:)` answers for a row that belongs to one workspace: the row to someone who may
 * read that workspace, else null, as for a row that does not exist (the reference's Node lookup
 * tells no one what they may not see).
 */
export async function readableInWorkspace<Row extends { workspaceId: string }>(
  context: GraphQLContext,
  row: Row | undefined,
): Promise<Row | null> {
  if (!row || !context.viewer) return null;
  try {
    await requireWorkspace(context.db, row.workspaceId, context.viewer.id, "viewer");
    return row;
  } catch {
    return null;
  }
}
