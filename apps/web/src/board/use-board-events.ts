import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useStore } from "react-redux";
import { useAuth } from "../accounts/auth-context";
import { GraphQLRequestError } from "../api/graphql";
import { runSubscription } from "../api/graphql-subscription";
import { boardPipelinesKey } from "./api";
import { BOARD_EVENTS, type BoardEvent, boardEventReceived, isOwnEcho } from "./board-events";
import { pipelineReloadMarked } from "./board-slice";
import type { BoardRootState } from "./board-store";

/** Reconnection waits 1s, 2s, 4s… up to 30s, with jitter so a restarted server is not hit at once. */
export function reconnectDelay(attempt: number, random = Math.random): number {
  return Math.min(30_000, 1000 * 2 ** attempt) * (0.75 + random() * 0.5);
}

/** Counts and pipelines are read again once a burst of events has passed, not once per event. */
const REFRESH_AFTER_MS = 300;

/**
 * Keeps the open board live: subscribes to the workspace's board events and applies each to
 * the cards it concerns. After a lost connection it reconnects with backoff and reads the whole
 * board again, since events may have been missed meanwhile. A refusal (signed out, no access)
 * ends it.
 */
export function useBoardEvents(workspaceId: string) {
  const store = useStore<BoardRootState>();
  const queryClient = useQueryClient();
  const { state, markUnauthorised } = useAuth();
  const token = "token" in state ? state.token : null;

  useEffect(() => {
    const abort = new AbortController();
    let refreshTimer: ReturnType<typeof setTimeout> | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;

    const refreshPipelines = () => {
      clearTimeout(refreshTimer);
      refreshTimer = setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: boardPipelinesKey(workspaceId) }),
        REFRESH_AFTER_MS,
      );
    };
    const reloadAllCards = () => {
      for (const pipelineId of Object.keys(store.getState().boardIssues.pages))
        store.dispatch(pipelineReloadMarked(pipelineId));
      refreshPipelines();
    };
    const receive = (event: BoardEvent) => {
      const own = isOwnEcho(store.getState().board, event);
      store.dispatch(boardEventReceived(event));
      if (own) return;
      if (event.__typename === "PipelinesChangedEvent") {
        const named =
          event.pipelineIds.length > 0 ? event.pipelineIds : Object.keys(store.getState().boardIssues.pages);
        for (const pipelineId of named) store.dispatch(pipelineReloadMarked(pipelineId));
      }
      refreshPipelines();
    };

    const connect = async (attempt: number, reconnecting: boolean) => {
      let opened = false;
      try {
        await runSubscription<{ boardEvents: BoardEvent }>({
          query: BOARD_EVENTS,
          variables: { workspaceId },
          token,
          signal: abort.signal,
          onOpen: () => {
            opened = true;
            if (reconnecting) reloadAllCards();
          },
          onData: (data) => receive(data.boardEvents),
        });
      } catch (error) {
        const code = error instanceof GraphQLRequestError ? error.code : "NETWORK_ERROR";
        if (code === "UNAUTHENTICATED") markUnauthorised();
        // Only a lost connection or a server fault is worth retrying; a refusal would be refused again.
        if (code !== "NETWORK_ERROR" && code !== "INTERNAL_SERVER_ERROR") return;
      }
      if (abort.signal.aborted) return;
      const next = opened ? 0 : attempt + 1;
      retryTimer = setTimeout(() => void connect(next, true), reconnectDelay(next));
    };
    void connect(0, false);

    return () => {
      abort.abort();
      clearTimeout(refreshTimer);
      clearTimeout(retryTimer);
    };
  }, [workspaceId, token, store, queryClient, markUnauthorised]);
}
