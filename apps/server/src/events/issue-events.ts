import { type Executor, schema } from "@gantry/db";
import { eq, inArray } from "drizzle-orm";
import type { BoardEventBus } from "./board-events.js";

const { issues, workspaceRepositories } = schema;

/** Workspace id → the given issues its board shows. */
export type IssueAudience = Map<string, string[]>;

function byWorkspace(rows: { workspaceId: string; issueId: string }[]): IssueAudience {
  const audience: IssueAudience = new Map();
  for (const { workspaceId, issueId } of rows)
    audience.set(workspaceId, [...(audience.get(workspaceId) ?? []), issueId]);
  return audience;
}

/** The boards showing these issues, which may come from several repositories. */
export async function boardsShowing(db: Executor, issueIds: string[]): Promise<IssueAudience> {
  if (issueIds.length === 0) return new Map();
  const rows = await db
    .select({ workspaceId: workspaceRepositories.workspaceId, issueId: issues.id })
    .from(issues)
    .innerJoin(workspaceRepositories, eq(workspaceRepositories.repositoryId, issues.repositoryId))
    .where(inArray(issues.id, issueIds));
  return byWorkspace(rows);
}

/** The boards of every workspace the repository is connected to, for issues of that repository (even deleted ones). */
export async function repositoryBoards(db: Executor, repositoryId: string, issueIds: string[]): Promise<IssueAudience> {
  if (issueIds.length === 0) return new Map();
  const links = await db
    .select({ workspaceId: workspaceRepositories.workspaceId })
    .from(workspaceRepositories)
    .where(eq(workspaceRepositories.repositoryId, repositoryId));
  return new Map(links.map(({ workspaceId }) => [workspaceId, issueIds]));
}

/**
 * Tells every board in the audience that these issues changed (one ISSUES_CHANGED per
 * workspace). Call after the write has committed.
 */
export async function publishIssuesChanged(
  events: BoardEventBus,
  audience: IssueAudience,
  origin: { actorId: string | null; clientMutationId?: string | null },
): Promise<void> {
  for (const [workspaceId, issueIds] of audience) {
    await events.publish({
      kind: "ISSUES_CHANGED",
      workspaceId,
      actorId: origin.actorId,
      clientMutationId: origin.clientMutationId ?? null,
      issueIds,
    });
  }
}

/**
 * Tells the workspace's open boards to read everything again (PIPELINES_CHANGED naming no pipeline): for a change
 * too wide to list issue by issue, as a repository connected, disconnected or imported. Call after the commit.
 */
export async function publishWholeBoardChanged(
  events: BoardEventBus,
  workspaceId: string,
  actorId: string | null,
): Promise<void> {
  await events.publish({ kind: "PIPELINES_CHANGED", workspaceId, actorId, clientMutationId: null, pipelineIds: [] });
}
