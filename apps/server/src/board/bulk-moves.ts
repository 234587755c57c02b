import { ranksBetween } from "@gantry/domain";
import { currentPipelineId } from "../events/placements.js";
import { GantryError } from "../graphql/errors.js";
import { requireWorkspace } from "../organizations/access.js";
import { CLOSED_PIPELINE } from "../workspaces/default-pipelines.js";
import { type BulkResult, type IssueWriteDeps, MAX_ISSUES_PER_CALL } from "./issue-writes.js";
import {
  closeIssue,
  issuesInWorkspace,
  placeIssues,
  prepareOpenMove,
  recordPipelineMoves,
  workspacePipeline,
} from "./moves.js";
import { lockPipelineOrder, neighbourRanks } from "./pipeline-order.js";

/** The reference schema's PipelineIssuePosition: the top or the bottom of the pipeline. */
export type PipelineIssuePosition = "START" | "END";

export interface MovePipelineIssuesInput {
  /** A pipeline's database id, or the Closed pipeline's fixed id. */
  pipelineId: string;
  issueIds: string[];
  position: PipelineIssuePosition;
  /** Sent back on the board event, so the client that moved the cards can ignore the echo. */
  clientMutationId?: string | null;
}

function validIssueIds(issueIds: string[]): string[] {
  const unique = [...new Set(issueIds)];
  if (unique.length === 0) {
    throw new GantryError("BAD_USER_INPUT", "Choose at least one issue to move.", { field: "issueIds" });
  }
  if (unique.length > MAX_ISSUES_PER_CALL) {
    throw new GantryError("BAD_USER_INPUT", `At most ${MAX_ISSUES_PER_CALL} issues can be moved at once.`, {
      field: "issueIds",
    });
  }
  return unique;
}

/**
 * Moves many issues to the top or bottom of a pipeline (movePipelineIssues), keeping the order
 * they were given in, as one run of neighbouring ranks. GitHub hears first, issue by issue
 * (closing for Closed; reopening and the pipeline label otherwise); an issue GitHub refuses
 * stays where it was and is reported, and the rest are placed in one transaction.
 */
export async function movePipelineIssues(
  deps: IssueWriteDeps,
  userId: string,
  workspaceId: string,
  input: MovePipelineIssuesInput,
): Promise<BulkResult> {
  const { workspace } = await requireWorkspace(deps.db, workspaceId, userId, "editor");
  const issueIds = validIssueIds(input.issueIds);
  const pipeline =
    input.pipelineId === CLOSED_PIPELINE.id ? null : await workspacePipeline(deps.db, workspaceId, input.pipelineId);
  const rows = await issuesInWorkspace(deps.db, workspaceId, issueIds);

  const result: BulkResult = { successCount: 0, failedIssues: [], githubErrors: {} };
  const ready: string[] = [];
  const from = new Set<string | null>();
  const moves: { issueId: string; fromPipelineId: string | null }[] = [];
  for (const id of issueIds) {
    const row = rows.find((candidate) => candidate.issue.id === id);
    if (!row) {
      result.githubErrors[id] = "This issue is not on this workspace's board.";
      continue;
    }
    const fromPipelineId = await currentPipelineId(deps.db, workspaceId, row.issue);
    try {
      if (pipeline) await prepareOpenMove(deps, userId, row, pipeline, workspace.pipelineLabelSync);
      else await closeIssue(deps, userId, row);
      ready.push(id);
      from.add(fromPipelineId);
      moves.push({ issueId: id, fromPipelineId });
    } catch (error) {
      if (!(error instanceof GantryError)) throw error;
      result.failedIssues.push(row.issue);
      result.githubErrors[id] = error.message;
    }
  }

  if (pipeline && ready.length > 0) {
    await deps.db.transaction(async (tx) => {
      await lockPipelineOrder(tx, pipeline.id, ready);
      const [above, below] = await neighbourRanks(tx, pipeline.id, ready, input.position === "START" ? 0 : -1);
      const ranks = ranksBetween(above, below, ready.length);
      const placements = ready.map((issueId, index) => ({ issueId, rank: ranks[index] as string }));
      const now = deps.now();
      await placeIssues(tx, workspaceId, pipeline.id, placements, now);
      await recordPipelineMoves(tx, now, userId, workspaceId, moves, pipeline.id);
    });
  } else if (ready.length > 0)
    await recordPipelineMoves(deps.db, deps.now(), userId, workspaceId, moves, CLOSED_PIPELINE.id);
  result.successCount = ready.length;
  if (ready.length > 0) {
    await deps.events.publish({
      kind: "ISSUES_MOVED",
      workspaceId,
      actorId: userId,
      clientMutationId: input.clientMutationId ?? null,
      issueIds: ready,
      fromPipelineId: from.size === 1 ? ([...from][0] ?? null) : null,
      toPipelineId: pipeline?.id ?? CLOSED_PIPELINE.id,
    });
  }
  return result;
}
