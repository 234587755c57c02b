import { type Executor, schema } from "@gantry/db";
import { ranksBetween } from "@gantry/domain";
import { and, eq, notInArray, sql } from "drizzle-orm";
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

const { issuePositions } = schema;

/** The reference schema's PipelineIssuePosition: the top or the bottom of the pipeline. */
export type PipelineIssuePosition = "START" | "END";

/** Right above or right below another open issue of the pipeline (the reference's before/afterPipelineIssueId). */
export interface BesideIssue {
  issueId: string;
  after: boolean;
}

export interface MovePipelineIssuesInput {
  /** A pipeline's database id, or the Closed pipeline's fixed id. */
  pipelineId: string;
  issueIds: string[];
  position: PipelineIssuePosition | BesideIssue;
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
): Promise<BulkResult & { movedIssueIds: string[] }> {
  const { workspace } = await requireWorkspace(deps.db, workspaceId, userId, "editor");
  const issueIds = validIssueIds(input.issueIds);
  const pipeline =
    input.pipelineId === CLOSED_PIPELINE.id ? null : await workspacePipeline(deps.db, workspaceId, input.pipelineId);
  const beside = typeof input.position === "string" ? null : input.position;
  // Checked before GitHub hears of any move, so a wrong neighbour changes nothing.
  if (beside) await checkNeighbour(deps.db, pipeline?.id ?? null, beside, issueIds);
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
      const position = beside ? await indexBeside(tx, pipeline.id, beside, ready) : input.position === "START" ? 0 : -1;
      const [above, below] = await neighbourRanks(tx, pipeline.id, ready, position);
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
  return { ...result, movedIssueIds: ready };
}

/** The neighbour must be an open issue of the destination pipeline that is not itself moving. */
async function checkNeighbour(db: Executor, pipelineId: string | null, beside: BesideIssue, movingIds: string[]) {
  const field = beside.after ? "afterPipelineIssueId" : "beforePipelineIssueId";
  if (pipelineId === null)
    throw new GantryError(
      "BAD_USER_INPUT",
      "The Closed pipeline is ordered by when issues closed; move to it with a position.",
      {
        field,
      },
    );
  if (movingIds.includes(beside.issueId))
    throw new GantryError(
      "BAD_USER_INPUT",
      "An issue cannot be placed beside itself: name an issue that is not moving.",
      {
        field,
      },
    );
  const [place] = await db
    .select({ issueId: issuePositions.issueId })
    .from(issuePositions)
    .where(
      and(
        eq(issuePositions.pipelineId, pipelineId),
        eq(issuePositions.issueId, beside.issueId),
        eq(issuePositions.issueOpen, true),
      ),
    );
  if (!place)
    throw new GantryError("BAD_USER_INPUT", "Place the issues beside an open issue of the pipeline they move to.", {
      field,
    });
}

/**
 * Where the moving issues go among the pipeline's other open issues: the neighbour's index, or the next one for
 * after. Read under the pipeline's lock; a neighbour moved away meanwhile leaves the issues at the bottom.
 */
async function indexBeside(tx: Executor, pipelineId: string, beside: BesideIssue, movingIds: string[]) {
  const rows = await tx
    .select({ issueId: issuePositions.issueId })
    .from(issuePositions)
    .where(
      and(
        eq(issuePositions.pipelineId, pipelineId),
        eq(issuePositions.issueOpen, true),
        notInArray(issuePositions.issueId, movingIds),
      ),
    )
    .orderBy(sql`${issuePositions.rank} collate "C"`);
  const index = rows.findIndex((row) => row.issueId === beside.issueId);
  return index < 0 ? -1 : index + (beside.after ? 1 : 0);
}
