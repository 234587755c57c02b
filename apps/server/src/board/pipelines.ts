import { type Database, type Executor, schema } from "@gantry/db";
import { rankBetween, ranksBetween } from "@gantry/domain";
import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import { type AuditOrigin, recordWorkspaceAuditEvent } from "../audit/record.js";
import type { BoardEventBus } from "../events/board-events.js";
import { GantryError } from "../graphql/errors.js";
import { requireWorkspace } from "../organizations/access.js";
import { uniqueOrConflict, validDescription } from "../organizations/names.js";
import { placeIssues, recordPipelineMoves } from "./moves.js";
import { lockPipelineOrder } from "./pipeline-order.js";

const { issuePositions, pipelines } = schema;
export const NAME_TAKEN = "A pipeline with this name already exists in this workspace.";

export interface PipelinesDeps {
  db: Database;
  now: () => Date;
  events: BoardEventBus;
}

/** A pipeline's name, trimmed: 1 to 100 characters (createPipeline, updatePipeline, createWorkspace's pipelines). */
export function validPipelineName(raw: string): string {
  const name = raw.trim();
  if (name.length < 1 || name.length > 100) {
    throw new GantryError("BAD_USER_INPUT", "Pipeline names are 1 to 100 characters long.", { field: "name" });
  }
  return name;
}

async function orderedPipelines(executor: Executor, workspaceId: string, except?: string) {
  return executor
    .select({ id: pipelines.id, rank: pipelines.rank })
    .from(pipelines)
    .where(and(eq(pipelines.workspaceId, workspaceId), except ? ne(pipelines.id, except) : undefined))
    .orderBy(asc(sql`${pipelines.rank} collate "C"`));
}

/** The rank for index `position` among the other pipelines (negative or past the end: last). */
function rankAt(others: { rank: string }[], position: number): string {
  const index = position < 0 || position > others.length ? others.length : position;
  return rankBetween(others[index - 1]?.rank ?? null, others[index]?.rank ?? null);
}

async function pipelineForAdmin(deps: PipelinesDeps, userId: string, pipelineId: string) {
  const [pipeline] = await deps.db.select().from(pipelines).where(eq(pipelines.id, pipelineId));
  if (!pipeline) throw new GantryError("NOT_FOUND", "This pipeline does not exist.");
  await requireWorkspace(deps.db, pipeline.workspaceId, userId, "admin");
  return pipeline;
}

/** Tells open boards to read their pipelines again (and these pipelines' cards). */
function announcePipelines(deps: PipelinesDeps, userId: string, workspaceId: string, pipelineIds: string[]) {
  return deps.events.publish({
    kind: "PIPELINES_CHANGED",
    workspaceId,
    actorId: userId,
    clientMutationId: null,
    pipelineIds,
  });
}

const writeUnique = <T>(write: () => Promise<T>): Promise<T> => uniqueOrConflict(write, NAME_TAKEN);

export async function createPipeline(
  deps: PipelinesDeps,
  userId: string,
  input: { workspaceId: string; name: string; position: number; description?: string | null },
) {
  await requireWorkspace(deps.db, input.workspaceId, userId, "admin");
  const name = validPipelineName(input.name);
  const description = validDescription(input.description);
  const rank = rankAt(await orderedPipelines(deps.db, input.workspaceId), input.position);
  const now = deps.now();
  const [pipeline] = await writeUnique(() =>
    deps.db
      .insert(pipelines)
      .values({ workspaceId: input.workspaceId, name, description, rank, createdAt: now, updatedAt: now })
      .returning(),
  );
  if (!pipeline) throw new Error("insert returned no pipeline");
  await announcePipelines(deps, userId, input.workspaceId, [pipeline.id]);
  return pipeline;
}

/** Renames, re-describes or moves a pipeline; fields left out stay as they are. */
export async function updatePipeline(
  deps: PipelinesDeps,
  userId: string,
  input: { pipelineId: string; name?: string | null; position?: number | null; description?: string | null },
) {
  const pipeline = await pipelineForAdmin(deps, userId, input.pipelineId);
  const changes: Partial<typeof pipelines.$inferInsert> = { updatedAt: deps.now() };
  if (input.name !== undefined && input.name !== null) changes.name = validPipelineName(input.name);
  if (input.description !== undefined) changes.description = validDescription(input.description);
  if (input.position !== undefined && input.position !== null) {
    changes.rank = rankAt(await orderedPipelines(deps.db, pipeline.workspaceId, pipeline.id), input.position);
  }
  const [updated] = await writeUnique(() =>
    deps.db.update(pipelines).set(changes).where(eq(pipelines.id, pipeline.id)).returning(),
  );
  await announcePipelines(deps, userId, pipeline.workspaceId, [pipeline.id]);
  return updated;
}

/**
 * Deletes a pipeline after moving its issues, in their order, to the bottom of another
 * pipeline of the same workspace. A workspace keeps at least one pipeline.
 */
export async function deletePipeline(
  deps: PipelinesDeps,
  userId: string,
  input: { pipelineId: string; destinationPipelineId: string },
  origin: AuditOrigin | null = null,
) {
  const pipeline = await pipelineForAdmin(deps, userId, input.pipelineId);
  const [destination] = await deps.db.select().from(pipelines).where(eq(pipelines.id, input.destinationPipelineId));
  if (destination?.workspaceId !== pipeline.workspaceId || destination.id === pipeline.id) {
    throw new GantryError("BAD_USER_INPUT", "Choose another pipeline of this workspace to move the issues to.", {
      field: "destinationPipelineId",
    });
  }
  const [remaining] = await deps.db
    .select({ value: count() })
    .from(pipelines)
    .where(eq(pipelines.workspaceId, pipeline.workspaceId));
  if ((remaining?.value ?? 0) <= 1) throw new GantryError("CONFLICT", "A workspace needs at least one pipeline.");

  await deps.db.transaction(async (tx) => {
    const inPipeline = () =>
      tx
        .select({ issueId: issuePositions.issueId })
        .from(issuePositions)
        .where(eq(issuePositions.pipelineId, pipeline.id))
        .orderBy(asc(sql`${issuePositions.rank} collate "C"`));
    // Both pipelines' order locks, as a move takes them (the issues' rows first), so a move into
    // either waits for this: one into the deleted pipeline would otherwise be lost with it, one
    // to the destination's bottom could take the rank given here. The issues are read again
    // under the lock, as one may have moved in before it was taken.
    await lockPipelineOrder(
      tx,
      [pipeline.id, destination.id],
      (await inPipeline()).map(({ issueId }) => issueId),
    );
    const moving = await inPipeline();
    const [last] = await tx
      .select({ rank: issuePositions.rank })
      .from(issuePositions)
      .where(eq(issuePositions.pipelineId, destination.id))
      .orderBy(sql`${issuePositions.rank} collate "C" desc`)
      .limit(1);
    const ranks = ranksBetween(last?.rank ?? null, null, moving.length);
    const placements = moving.map(({ issueId }, index) => ({ issueId, rank: ranks[index] as string }));
    const now = deps.now();
    await placeIssues(tx, pipeline.workspaceId, destination.id, placements, now);
    // Recorded while the deleted pipeline's name can still be read, so reports replaying the board see the move.
    await recordPipelineMoves(
      tx,
      now,
      userId,
      pipeline.workspaceId,
      moving.map(({ issueId }) => ({ issueId, fromPipelineId: pipeline.id })),
      destination.id,
    );
    await tx.delete(pipelines).where(eq(pipelines.id, pipeline.id));
    await recordWorkspaceAuditEvent(tx, pipeline.workspaceId, {
      action: "pipeline.deleted",
      actor: { id: userId },
      target: { type: "pipeline", id: pipeline.id, label: pipeline.name },
      origin,
      details: { movedTo: destination.name, issuesMoved: moving.length },
      occurredAt: deps.now(),
    });
  });
  await announcePipelines(deps, userId, pipeline.workspaceId, [pipeline.id, destination.id]);
  return destination;
}
