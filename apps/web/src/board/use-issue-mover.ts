import { CLOSED_PIPELINE_ID } from "@gantry/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useStore } from "react-redux";
import { GraphQLRequestError } from "../api/graphql";
import { useToasts } from "../ui/toast/toast-context";
import { boardPipelinesKey, useMoveIssueRequest } from "./api";
import { userEventFailed, userEventSent } from "./board-events";
import { issueMoveFailed, issueMoveStarted, issueMoveSucceeded } from "./board-slice";
import type { BoardRootState } from "./board-store";
import type { IssueMove } from "./issue-move";

/** Where a card goes: a pipeline, and the card it lands above (null: the end of the loaded list). */
export interface MoveTarget {
  pipelineId: string;
  beforeIssueId: string | null;
}

function failureReason(error: unknown): string {
  if (error instanceof GraphQLRequestError && error.code === "FORBIDDEN") {
    return "you don't have permission to move issues in this workspace";
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * Moves a card at once and tells the server; the counts are read again when it answers.
 * On failure the card goes back and a toast says why. Answers the move made, or null for none.
 */
export function useIssueMover(workspaceId: string) {
  const store = useStore<BoardRootState>();
  const requestMove = useMoveIssueRequest(workspaceId);
  const toasts = useToasts();
  const queryClient = useQueryClient();
  return useCallback(
    (issueId: string, target: MoveTarget): IssueMove | null => {
      const { byId, pipelineIssueIds } = store.getState().boardIssues;
      const issue = byId[issueId];
      const from = Object.entries(pipelineIssueIds)
        .map(([pipelineId, ids]) => ({ pipelineId, index: ids.indexOf(issueId) }))
        .find((place) => place.index >= 0);
      if (!issue || !from) return null;
      // A sorted pipeline shows its cards in the sort's order, so a card cannot be put in a place
      // there: it is not reordered within it, and one moved in goes to the top of its board order.
      const isSorted = target.pipelineId in store.getState().board.sortedPipelines;
      if (isSorted && from.pipelineId === target.pipelineId) return null;
      const others = (pipelineIssueIds[target.pipelineId] ?? []).filter((id) => id !== issueId);
      const before = target.beforeIssueId ? others.indexOf(target.beforeIssueId) : -1;
      // Closed issues are not ranked: a closed card shows at the top, most recently closed first.
      const index = target.pipelineId === CLOSED_PIPELINE_ID || isSorted ? 0 : before >= 0 ? before : others.length;
      if (from.pipelineId === target.pipelineId && from.index === index) return null;

      const move: IssueMove = {
        issueId,
        isPullRequest: issue.pullRequest,
        from,
        to: { pipelineId: target.pipelineId, index },
        movedAt: Date.now(),
      };
      // The server sends this move back to every open board, this one too: the id marks the echo to ignore.
      const clientMutationId = `move-${crypto.randomUUID()}`;
      store.dispatch(userEventSent(clientMutationId));
      store.dispatch(issueMoveStarted(move));
      requestMove({
        issueId,
        pipelineId: target.pipelineId,
        position: index,
        clientMutationId,
      })
        .then(() => store.dispatch(issueMoveSucceeded(move)))
        .catch((error: unknown) => {
          store.dispatch(userEventFailed(clientMutationId));
          store.dispatch(issueMoveFailed(move));
          toasts.show({ kind: "error", message: `#${issue.number} was moved back: ${failureReason(error)}.` });
        })
        .finally(() => void queryClient.invalidateQueries({ queryKey: boardPipelinesKey(workspaceId) }));
      return move;
    },
    [store, requestMove, toasts, queryClient, workspaceId],
  );
}
