import { useSyncExternalStore } from "react";

/**
 * Whether the page may send the requests its first paint does not need (issue #32, decision 0101).
 * A page loaded on a board waits for the board's first cards to be drawn: the shell's lists (the
 * viewer's organisations and workspaces, the GitHub account, the saved user settings) would
 * otherwise be read beside the board's first pages, and their answers drawn while the first cards
 * paint. Any other page, and any page after the first, sends them at once.
 */
const BOARD_LINK = /^\/workspaces\/[^/]+\/board\/?$/;
/** Should the board never draw its cards (its list hangs), the shell waits no longer than this. */
export const FIRST_CARDS_WAIT_MS = 5_000;

let waiting = false;
const listeners = new Set<() => void>();

/** The board has drawn its first cards, failed, or closed: the deferred requests may leave. */
export function firstCardsDrawn(): void {
  if (!waiting) return;
  waiting = false;
  for (const listener of listeners) listener();
}

/** main.tsx, before the app's first render: on a board's link, the deferred requests wait for its cards. */
export function deferUntilFirstCards(pathname: string): void {
  if (!BOARD_LINK.test(pathname)) return;
  waiting = true;
  setTimeout(firstCardsDrawn, FIRST_CARDS_WAIT_MS);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** False while the page's first board is still drawing its first cards; a query's `enabled`. */
export function useAfterFirstCards(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => !waiting,
    () => true,
  );
}
