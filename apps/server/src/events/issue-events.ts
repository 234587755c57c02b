import { type Executor, schema } from "@gantry/db";
import { eq, inArray } from "drizzle-orm";
import type { BoardEventBus } from "./board-events.js";

const { issues, workspaceRepositories } = schema;

/** Workspace id → the given issues its board shows. */
export type IssueAudience = Map<string, string[]>;

/**
 * The boards showing these issues. Read it before deleting issues, since afterwards
 * nothing links them to a workspace any more.
 */
export async function boardsShowing(db: Executor, issueIds: string[]): Promise<IssueAudience> {
  const audience: IssueAudience = new Map();
  if (issueIds.length === 0) return audience;
  const rows = await db
    .select({ workspaceId: workspaceRepositories.workspaceId, issueId: issues.id })
    .from(issues)
    .innerJoin(workspaceRepositories, eq(workspaceRepositories.repositoryId, issues.repositoryId))
    .where(inArray(issues.id, issueIds));
  for (const { workspaceId, issueId } of rows)
    audience.set(workspaceId, [...(audience.get(workspaceId) ?? []), issueId]);
  return audience;
}

/**
 * Tells every board showing the issues that they changed (one ISSUES_CHANGED per workspace).
 * Call after the write has committed; pass `audience` when the issues are already deleted.
 */
export async function publishIssuesChanged(
  deps: { db: Executor; events: BoardEventBus },
  issueIds: string[],
  origin: { actorId: string | null; clientMutationId?: string | null },
  audience?: IssueAudience,
): Promise<void> {
  for (const [workspaceId, ids] of audience ?? (await boardsShowing(deps.db, issueIds))) {
    await deps.events.publish({
      kind: "ISSUES_CHANGED",
      workspaceId,
      actorId: origin.actorId,
      clientMutationId: origin.clientMutationId ?? null,
      issueIds: ids,
    });
  }
}
