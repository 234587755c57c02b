import { type Executor, schema } from "@gantry/db";
import { rankBetween } from "@gantry/domain";
import { and, asc, eq, sql } from "drizzle-orm";
import { type CodeHostDeps, clientForUser } from "../codehost/repositories.js";
import { recordIssueEvents } from "../issues/activity.js";
import { lockPipelineOrder } from "./pipeline-order.js";

const { issuePositions, issues, pipelines, workspaceRepositories, workspaces } = schema;

/** "No lock-in": a workspace can show each issue's pipeline on GitHub as this label. */
export const PIPELINE_LABEL_PREFIX = "pipeline: ";
const LABEL_COLOUR = "bfd4f2";

export const pipelineLabel = (pipelineName: string) => `${PIPELINE_LABEL_PREFIX}${pipelineName}`;

interface IssueOnGitHub {
  issue: Pick<typeof issues.$inferSelect, "id" | "number" | "labels">;
  repository: Pick<typeof schema.repositories.$inferSelect, "ownerLogin" | "name">;
}

/**
 * Replaces the issue's pipeline label on GitHub (keeping its other labels), creating the label
 * in the repository first when it is new there.
 */
export async function mirrorPipelineLabel(
  deps: CodeHostDeps,
  userId: string,
  { issue, repository }: IssueOnGitHub,
  pipelineName: string,
) {
  const { client } = await clientForUser(deps, userId);
  const owner = repository.ownerLogin;
  const repo = repository.name;
  const wanted = pipelineLabel(pipelineName);
  await client.rest.issues
    .createLabel({ owner, repo, name: wanted, color: LABEL_COLOUR })
    .catch((error: { status?: number }) => (error.status === 422 ? undefined : Promise.reject(error)));
  const kept = issue.labels.map((label) => label.name).filter((name) => !name.startsWith(PIPELINE_LABEL_PREFIX));
  const { data } = await client.rest.issues.setLabels({
    owner,
    repo,
    issue_number: issue.number,
    labels: [...kept, wanted],
  });
  await deps.db
    .update(issues)
    .set({ labels: data.map((label) => ({ name: label.name, color: label.color })) })
    .where(eq(issues.id, issue.id));
}

/**
 * A pipeline label added on GitHub moves the issue, on every workspace that mirrors pipelines,
 * to the top of the pipeline of that name (unless it is already there).
 */
export async function applyPipelineLabel(
  executor: Executor,
  repositoryId: string,
  issueNumber: number,
  labelName: string,
  now: Date,
) {
  if (!labelName.startsWith(PIPELINE_LABEL_PREFIX)) return;
  const pipelineName = labelName.slice(PIPELINE_LABEL_PREFIX.length).trim().toLowerCase();
  const [issue] = await executor
    .select({ id: issues.id })
    .from(issues)
    .where(and(eq(issues.repositoryId, repositoryId), eq(issues.number, issueNumber)));
  if (!issue) return;
  const mirroring = await executor
    .select({ workspaceId: workspaces.id })
    .from(workspaceRepositories)
    .innerJoin(workspaces, eq(workspaces.id, workspaceRepositories.workspaceId))
    .where(and(eq(workspaceRepositories.repositoryId, repositoryId), eq(workspaces.pipelineLabelSync, true)));
  for (const { workspaceId } of mirroring) {
    const [pipeline] = await executor
      .select({ id: pipelines.id, name: pipelines.name })
      .from(pipelines)
      .where(and(eq(pipelines.workspaceId, workspaceId), eq(sql`lower(${pipelines.name})`, pipelineName)));
    if (!pipeline) continue;
    const [current] = await executor
      .select({ pipelineId: issuePositions.pipelineId, name: pipelines.name })
      .from(issuePositions)
      .innerJoin(pipelines, eq(pipelines.id, issuePositions.pipelineId))
      .where(and(eq(issuePositions.workspaceId, workspaceId), eq(issuePositions.issueId, issue.id)));
    if (current?.pipelineId === pipeline.id) continue;
    // The webhook's transaction: the issue's row is already locked by its update.
    await lockPipelineOrder(executor, pipeline.id, [issue.id]);
    const [top] = await executor
      .select({ rank: issuePositions.rank })
      .from(issuePositions)
      .where(eq(issuePositions.pipelineId, pipeline.id))
      .orderBy(asc(sql`${issuePositions.rank} collate "C"`))
      .limit(1);
    const rank = rankBetween(null, top?.rank ?? null);
    await executor
      .insert(issuePositions)
      .values({ workspaceId, issueId: issue.id, pipelineId: pipeline.id, rank, movedAt: now, joinedAt: now })
      .onConflictDoUpdate({
        target: [issuePositions.workspaceId, issuePositions.issueId],
        set: { pipelineId: pipeline.id, rank, movedAt: now },
      });
    // On the timeline like any other move, so reports replaying the board see it (decision 0024).
    await recordIssueEvents(
      executor,
      [
        {
          issueId: issue.id,
          workspaceId,
          field: "pipeline",
          from: current?.name ?? null,
          to: pipeline.name,
          actorId: null,
          source: "github",
        },
      ],
      now,
    );
  }
}
