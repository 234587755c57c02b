import { z } from "zod";

const origin = {
  workspaceId: z.string(),
  /** Who made the change; null when it came from GitHub (a webhook or reconciliation). */
  actorId: z.string().nullable(),
  /** The clientMutationId the change's mutation was sent with, so its sender can ignore the echo. */
  clientMutationId: z.string().nullable(),
};

/**
 * A change on one workspace's board, as the bus carries it between server instances: plain
 * JSON, ids only. Subscribers read the current state of what changed when they deliver it.
 * Pipeline ids are database ids, or the Closed pipeline's fixed id.
 */
export const boardEventSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("ISSUES_MOVED"),
    ...origin,
    issueIds: z.array(z.string()),
    /** Where the issues were; null when they came from several pipelines or none. */
    fromPipelineId: z.string().nullable(),
    toPipelineId: z.string(),
  }),
  /** Edits, labels, assignees, close and reopen, and anything GitHub sent: issues new, changed or gone. */
  z.object({ kind: z.literal("ISSUES_CHANGED"), ...origin, issueIds: z.array(z.string()) }),
  /** Pipelines added, renamed, reordered or deleted (a deleted one's issues moved to another). */
  z.object({ kind: z.literal("PIPELINES_CHANGED"), ...origin, pipelineIds: z.array(z.string()) }),
]);

export type BoardEvent = z.infer<typeof boardEventSchema>;

/**
 * The one event bus: in-process, or across instances through Redis (see createEventBus).
 *
 * How a service announces a change: after its write has committed (never inside the
 * transaction, so a rolled-back write is never announced), call
 * `await deps.events.publish({ kind: "ISSUES_MOVED", workspaceId, actorId: userId, clientMutationId, ... })`.
 * For issues that may sit on several workspaces' boards, `publishIssuesChanged` (issue-events.ts)
 * with `boardsShowing` or `repositoryBoards` sends one event per workspace. Publishing never throws: the change is already stored, and a board that missed
 * the event reloads when its subscription reconnects.
 */
export interface BoardEventBus {
  publish(event: BoardEvent): Promise<void>;
  /** The workspace's events from now on, until the iterator is returned or the bus closes. */
  subscribe(workspaceId: string): AsyncIterableIterator<BoardEvent>;
  /** Ends every subscription (so open streams let the server stop) and disconnects. */
  close(): Promise<void>;
}

export interface EventBusLog {
  warn(object: object, message: string): void;
}
