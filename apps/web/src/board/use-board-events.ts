import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useStore } from "react-redux";
import { useAuth } from "../accounts/auth-context";
import { keepSubscribed } from "../api/graphql-subscription";
import { boardPipelinesKey } from "./api";
import { BOARD_EVENTS, type BoardEvent, boardEventReceived, isOwnEcho } from "./board-events";
import { pipelineReloadMarked } from "./board-slice";
import type { BoardRootState } from "./board-store";

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
    let refreshTimer: ReturnType<typeof setTimeout> | undefined;

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

    const stop = keepSubscribed<{ boardEvents: BoardEvent }>({
      query: BOARD_EVENTS,
      variables: { workspaceId },
      token,
      onOpen: (reconnected) => {
        if (reconnected) reloadAllCards();
      },
      onData: (data) => receive(data.boardEvents),
      onUnauthorised: markUnauthorised,
    });

    return () => {
      stop();
      clearTimeout(refreshTimer);
    };
  }, [workspaceId, token, store, queryClient, markUnauthorised]);
}
