import { schema } from "@gantry/db";
import { rankBetween } from "@gantry/domain";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { gitHubError } from "../codehost/errors.js";
import type { CodeHostDeps } from "../codehost/repositories.js";
import { clientForUser } from "../codehost/repositories.js";
import { GantryError } from "../graphql/errors.js";
import { requireWorkspace } from "../organizations/access.js";
import { CLOSED_PIPELINE } from "../workspaces/default-pipelines.js";
import { mirrorPipelineLabel } from "./pipeline-labels.js";

const { issuePositions, issues, pipelines, repositories, workspaceRepositories } = schema;

export interface MoveIssueInput {
  /** A pipeline's database id, or the Closed pipeline's fixed id. */
  pipelineId: string;
  issueId: string;
  /** Index in the target pipeline's open issues: 0 is the top; negative or too large is the bottom. */
  position: number;
}

async function issueInWorkspace(deps: CodeHostDeps, workspaceId: string, issueId: string) {
  const [row] = await deps.db
    .select({ issue: issues, repository: repositories })
    .from(issues)
    .innerJoin(repositories, eq(repositories.id, issues.repositoryId))
    .innerJoin(workspaceRepositories, eq(workspaceRepositories.repositoryId, repositories.id))
    .where(and(eq(issues.id, issueId), eq(workspaceRepositories.workspaceId, workspaceId)));
  if (!row) throw new GantryError("NOT_FOUND", "This issue is not on this workspace's board.");
  return row;
}

/** Closes or reopens the issue on GitHub first: if GitHub refuses, nothing changes here. */
async function setStateOnGitHub(
  deps: CodeHostDeps,
  userId: string,
  row: Awaited<ReturnType<typeof issueInWorkspace>>,
  state: "open" | "closed",
) {
  const { client } = await clientForUser(deps, userId);
  try {
    const { data } = await client.rest.issues.update({
      owner: row.repository.ownerLogin,
      repo: row.repository.name,
      issue_number: row.issue.number,
      state,
    });
    return data;
  } catch (error) {
    throw gitHubError(error);
  }
}

/**
 * Moves an issue to a position in a pipeline (moveIssue). The new rank lies between its new
 * neighbours', so one row changes and concurrent moves keep a consistent order. Moving to
 * Closed closes the issue on GitHub; moving a closed issue out reopens it.
 */
export async function moveIssue(deps: CodeHostDeps, userId: string, workspaceId: string, input: MoveIssueInput) {
  const { workspace } = await requireWorkspace(deps.db, workspaceId, userId, "editor");
  const row = await issueInWorkspace(deps, workspaceId, input.issueId);
  const now = deps.now();

  if (input.pipelineId === CLOSED_PIPELINE.id) {
    if (row.issue.state !== "closed") {
      const closed = await setStateOnGitHub(deps, userId, row, "closed");
      await deps.db
        .update(issues)
        .set({
          state: "closed",
          closedAt: closed.closed_at ? new Date(closed.closed_at) : now,
          ghUpdatedAt: new Date(closed.updated_at),
          updatedAt: now,
        })
        .where(eq(issues.id, row.issue.id));
    }
    return { issueId: row.issue.id, pipelineId: CLOSED_PIPELINE.id };
  }

  const [pipeline] = await deps.db.select().from(pipelines).where(eq(pipelines.id, input.pipelineId));
  if (pipeline?.workspaceId !== workspaceId)
    throw new GantryError("NOT_FOUND", "This pipeline is not on this workspace's board.");
  if (row.issue.state === "closed") {
    const reopened = await setStateOnGitHub(deps, userId, row, "open");
    await deps.db
      .update(issues)
      .set({ state: "open", closedAt: null, ghUpdatedAt: new Date(reopened.updated_at), updatedAt: now })
      .where(eq(issues.id, row.issue.id));
  }

  if (workspace.pipelineLabelSync) {
    try {
      await mirrorPipelineLabel(deps, userId, row, pipeline.name);
    } catch (error) {
      throw gitHubError(error);
    }
  }

  await deps.db.transaction(async (tx) => {
    const others = await tx
      .select({ rank: issuePositions.rank })
      .from(issuePositions)
      .innerJoin(issues, eq(issues.id, issuePositions.issueId))
      .where(
        and(
          eq(issuePositions.pipelineId, pipeline.id),
          eq(issues.state, "open"),
          ne(issuePositions.issueId, row.issue.id),
        ),
      )
      .orderBy(asc(sql`${issuePositions.rank} collate "C"`));
    const index = input.position < 0 || input.position > others.length ? others.length : input.position;
    const rank = rankBetween(others[index - 1]?.rank ?? null, others[index]?.rank ?? null);
    await tx
      .insert(issuePositions)
      .values({ workspaceId, issueId: row.issue.id, pipelineId: pipeline.id, rank, movedAt: now })
      .onConflictDoUpdate({
        target: [issuePositions.workspaceId, issuePositions.issueId],
        set: { pipelineId: pipeline.id, rank, movedAt: now },
      });
  });
  return { issueId: row.issue.id, pipelineId: pipeline.id };
}
