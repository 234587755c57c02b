import { type Database, schema } from "@gantry/db";
import { and, eq, inArray } from "drizzle-orm";
import { OrderDirection } from "../board/order-input.js";
import { idsOf } from "../board/search-input.js";
import { builder } from "../graphql/builder.js";

const { workspaceViews } = schema;

const WorkspaceOrderField = builder.enumType("WorkspaceOrderField", {
  values: {
    WORKSPACE_VIEWS: {
      description: "When the viewer last opened the workspace (DESC: most recently first); never opened ones last.",
    },
  } as const,
});

export const WorkspaceOrderInput = builder.inputType("WorkspaceOrderInput", {
  description: "The field left out keeps the list's own order; the direction left out is ASC.",
  fields: (t) => ({
    direction: t.field({ type: OrderDirection, required: false }),
    field: t.field({ type: WorkspaceOrderField, required: false }),
  }),
});

export interface WorkspaceListArgs {
  query?: string | null;
  workspaceIds?: readonly (string | number)[] | null;
  orderBy?: { field?: "WORKSPACE_VIEWS" | null; direction?: "ASC" | "DESC" | null } | null;
}

/**
 * A list of workspaces narrowed to those named by `workspaceIds` and those whose name contains `query` (any case),
 * then in `orderBy`'s order; ids of another type are refused.
 */
export async function narrowedWorkspaces<T extends { id: string; name: string }>(
  db: Database,
  viewerId: string | null,
  workspaces: T[],
  args: WorkspaceListArgs,
): Promise<T[]> {
  const named = args.workspaceIds ? new Set(idsOf("workspaceIds", "Workspace", args.workspaceIds)) : null;
  const text = args.query?.trim().toLowerCase() ?? "";
  const kept = workspaces.filter(
    (workspace) => (!named || named.has(workspace.id)) && workspace.name.toLowerCase().includes(text),
  );
  if (!args.orderBy?.field || kept.length === 0) return kept;
  const views = viewerId
    ? await db
        .select({ workspaceId: workspaceViews.workspaceId, viewedAt: workspaceViews.viewedAt })
        .from(workspaceViews)
        .where(
          and(
            eq(workspaceViews.userId, viewerId),
            inArray(
              workspaceViews.workspaceId,
              kept.map((workspace) => workspace.id),
            ),
          ),
        )
    : [];
  const viewedAt = new Map(views.map((view) => [view.workspaceId, view.viewedAt.getTime()]));
  const sign = args.orderBy.direction === "DESC" ? -1 : 1;
  // A stable sort: workspaces opened at the same moment, and those never opened, keep the list's own order.
  return [...kept].sort((a, b) => {
    const at = viewedAt.get(a.id);
    const bt = viewedAt.get(b.id);
    if (at === undefined || bt === undefined) return (at === undefined ? 1 : 0) - (bt === undefined ? 1 : 0);
    return sign * (at - bt);
  });
}
