import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useAuth } from "../accounts/auth-context";
import { keepSubscribed } from "../api/graphql-subscription";
import { viewedIssueKey } from "./issue-api";
import type { IssueTarget } from "./issue-routes";

/** Only which issues an event is about: the viewer reads the issue again itself. */
export const ISSUE_VIEWER_EVENTS = `subscription issueViewerEvents($workspaceId: ID!) {
  boardEvents(workspaceId: $workspaceId) {
    __typename
    ... on IssuesMovedEvent { placements { issueId } }
    ... on IssuesChangedEvent { placements { issueId } }
  }
}`;

type ViewerEvent = { __typename: string; placements?: { issueId: string }[] };

/** Everything the viewer shows of one issue: its fields, activity, sprints and estimation votes. */
export function refreshViewedIssue(queryClient: QueryClient, target: IssueTarget, issue: ViewedIssueRef) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: viewedIssueKey(target) }),
    queryClient.invalidateQueries({ queryKey: ["issue-activity", issue.id] }),
    queryClient.invalidateQueries({ queryKey: ["issue-sprints", issue.id] }),
    queryClient.invalidateQueries({
      queryKey: ["estimation-votes", target.workspaceId, issue.repositoryId, issue.number],
    }),
  ]);
}

export interface ViewedIssueRef {
  id: string;
  repositoryId: string;
  number: number;
}

/**
 * Keeps an open issue live (decision 0028): listens to its workspace's board events and reads
 * the issue again when one is about it, whoever made the change (another person, GitHub, another
 * tab; this tab's own echo costs one read). After a lost connection it reconnects with the
 * board's backoff and reads the issue again, since events may have been missed. An issue opened
 * outside any workspace has no board to listen to.
 */
export function useIssueEvents(target: IssueTarget, issue: ViewedIssueRef | null) {
  const queryClient = useQueryClient();
  const { state, markUnauthorised } = useAuth();
  const token = "token" in state ? state.token : null;
  const { workspaceId } = target;
  // Read when an event comes: a new object naming the same issue must not subscribe again.
  const targetRef = useRef(target);
  targetRef.current = target;
  const issueId = issue?.id ?? null;
  const repositoryId = issue?.repositoryId ?? null;
  const number = issue?.number ?? null;

  useEffect(() => {
    if (!workspaceId || issueId === null || repositoryId === null || number === null) return;
    const ref = { id: issueId, repositoryId, number };
    const refresh = () => void refreshViewedIssue(queryClient, targetRef.current, ref);
    return keepSubscribed<{ boardEvents: ViewerEvent }>({
      query: ISSUE_VIEWER_EVENTS,
      variables: { workspaceId },
      token,
      onOpen: (reconnected) => {
        if (reconnected) refresh();
      },
      onData: ({ boardEvents }) => {
        if (boardEvents.placements?.some((place) => place.issueId === issueId)) refresh();
      },
      onUnauthorised: markUnauthorised,
    });
  }, [workspaceId, issueId, repositoryId, number, token, queryClient, markUnauthorised]);
}
