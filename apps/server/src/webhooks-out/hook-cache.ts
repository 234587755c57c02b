import type { Listen } from "@gantry/db";
import type { EventBusLog } from "../events/board-events.js";
import type { OutboundWebhookRow } from "./service.js";

/** Migration 0031's trigger announces here, with the workspace's id, every change to its outbound webhooks. */
export const OUTBOUND_WEBHOOKS_CHANNEL = "gantry_outbound_webhooks";
/** Past this many workspaces the whole map is dropped, so a large install does not grow it for ever. */
export const MAX_CACHED_WORKSPACES = 10_000;
/**
 * How long a list is kept even when no notification comes: a bound on staleness should NOTIFY not
 * be delivered at all (a pooler in transaction mode between Gantry and PostgreSQL accepts LISTEN
 * and delivers nothing). A read a minute per busy workspace costs nothing next to one per event.
 */
export const HOOKS_KEPT_MS = 60_000;
/** How long after losing its LISTEN connection the cache tries again; it reads the database meanwhile. */
const RELISTEN_DELAY_MS = 5_000;

/**
 * Each workspace's outbound webhooks, kept in memory so a board event of a workspace without
 * webhooks (nearly all of them) costs no statement (B2, issue #14; decision 0054).
 *
 * Entries are trusted only while LISTEN on the database is in place: a change committed by any
 * instance sharing the database is announced by migration 0031's trigger and drops the
 * workspace's entry here. Before LISTEN is confirmed, after its connection is lost and without a
 * `listen` at all, every read goes to the database, as before the cache. This instance's own
 * changes also call `forget` once committed, so the next event here sees them without waiting
 * for the notification to come back.
 */
export interface HookCache {
  /** The workspace's webhooks: the cached list when trusted, else `read()`'s (kept when trusted). */
  hooksOf(workspaceId: string, read: () => Promise<OutboundWebhookRow[]>): Promise<OutboundWebhookRow[]>;
  /** Drops the workspace's entry; call after a change to its webhooks has committed. */
  forget(workspaceId: string): void;
  /** Whether entries are kept and trusted now (LISTEN in place). */
  readonly trusted: boolean;
  /** Stops listening; reads go to the database from then on. */
  close(): Promise<void>;
}

/**
 * Starts listening and resolves once LISTEN is in place or has failed (then the cache reads the
 * database every time and tries LISTEN again later); never rejects, so startup does not depend on it.
 */
export async function createHookCache(
  listen: Listen | undefined,
  log: EventBusLog,
  keptMs = HOOKS_KEPT_MS,
): Promise<HookCache> {
  const entries = new Map<string, { reading: Promise<OutboundWebhookRow[]>; readAt: number }>();
  let trusted = false;
  let closed = false;
  let stop: (() => Promise<void>) | null = null;
  let retry: NodeJS.Timeout | null = null;
  // One warning per outage, not one per attempt every few seconds.
  let warned = false;

  const distrust = () => {
    trusted = false;
    entries.clear();
  };
  const start = async (): Promise<void> => {
    if (!listen || closed) return;
    try {
      const stopping = await listen(OUTBOUND_WEBHOOKS_CHANNEL, (workspaceId) => entries.delete(workspaceId), lost);
      if (closed) {
        await stopping();
        return;
      }
      stop = stopping;
      // Anything committed before LISTEN was in place is read afresh: the map starts empty.
      entries.clear();
      trusted = true;
      warned = false;
    } catch (error) {
      if (!warned)
        log.warn(
          { err: error instanceof Error ? error.message : String(error) },
          "outbound webhooks cannot be cached: LISTEN failed; they are read for every board event until it succeeds",
        );
      warned = true;
      later();
    }
  };
  function lost() {
    distrust();
    stop = null;
    log.warn({}, "outbound webhooks: the LISTEN connection was lost; read for every board event until it is back");
    warned = true;
    later();
  }
  function later() {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void start();
    }, RELISTEN_DELAY_MS);
    retry.unref();
  }

  await start();
  return {
    get trusted() {
      return trusted;
    },
    hooksOf: (workspaceId, read) => {
      if (!trusted) return read();
      const cached = entries.get(workspaceId);
      if (cached && performance.now() - cached.readAt < keptMs) return cached.reading;
      if (entries.size >= MAX_CACHED_WORKSPACES) entries.clear();
      // Stored as the read is sent, before any notification can be handled: one arriving later drops
      // it, and a dropped read is never stored again, so no list older than a change heard of stays.
      // Promise.resolve: a lazy query builder, awaited again, would run again.
      const reading = Promise.resolve(read());
      entries.set(workspaceId, { reading, readAt: performance.now() });
      reading.catch(() => {
        if (entries.get(workspaceId)?.reading === reading) entries.delete(workspaceId);
      });
      return reading;
    },
    forget: (workspaceId) => {
      entries.delete(workspaceId);
    },
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      distrust();
      const stopping = stop;
      stop = null;
      await stopping?.();
    },
  };
}
