import type { Executor } from "@gantry/db";
import DataLoader from "dataloader";
import { seatProblemsOf } from "../enterprise/seats.js";
import { visibleWorkspacesOf } from "../issues/visible-workspaces.js";
import type { BoardEvent } from "./board-events.js";

/** What one subscriber may see of one board event. */
export interface SubscriberAccess {
  /** Whether they may still read the event's workspace; when not, their stream ends. */
  readable: boolean;
  /** The workspaces they may open, as one string: the only thing about them a shared payload depends on. */
  visibility: string;
}

const accessByEvent = new WeakMap<BoardEvent, DataLoader<string, SubscriberAccess>>();

/**
 * A subscriber's access at the moment the event is delivered. Every subscriber of the workspace
 * asks in the same tick, so the whole audience is read in one query per event, not one per person.
 */
export function subscriberAccess(db: Executor, event: BoardEvent, userId: string): Promise<SubscriberAccess> {
  let loader = accessByEvent.get(event);
  if (!loader) {
    loader = new DataLoader(async (userIds) => {
      const [visible, seatProblems] = await Promise.all([
        visibleWorkspacesOf(db, userIds),
        seatProblemsOf(db, userIds),
      ]);
      return userIds.map((id) => {
        const workspaces = visible.get(id) ?? new Set<string>();
        const readable = workspaces.has(event.workspaceId) && !seatProblems.get(id);
        return { readable, visibility: [...workspaces].sort().join(" ") };
      });
    });
    accessByEvent.set(event, loader);
  }
  return loader.load(userId);
}
