import { type MouseEvent, useCallback } from "react";
import { useStore } from "react-redux";
import { useLocation, useNavigate, useParams } from "react-router";
import type { BoardRootState } from "../board/board-store";
import { boardIssuePath, type IssueOverBoardState } from "./issue-routes";

/** Controls inside a card that do their own thing when clicked. */
const CARD_CONTROLS = "input, button, label, select, textarea";

/**
 * A click on a card (or Enter on its focused title link) opens its issue in the flyover. Clicks
 * the card already handled (selection), modified clicks (a new tab, selection) and clicks on the
 * card's controls are left alone.
 */
export function useIssueOpener() {
  const { workspaceId = "" } = useParams();
  const store = useStore<BoardRootState>();
  const navigate = useNavigate();
  const { search } = useLocation();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      if (!(event.target instanceof Element) || event.target.closest(CARD_CONTROLS)) return;
      const issueId = event.target.closest<HTMLElement>("[data-issue-id]")?.dataset.issueId;
      const issue = issueId ? store.getState().boardIssues.byId[issueId] : undefined;
      const pathname = issue ? boardIssuePath(workspaceId, issue.htmlUrl) : null;
      if (!pathname) return;
      event.preventDefault();
      const state: IssueOverBoardState = { overBoard: true };
      navigate({ pathname, search }, { state });
    },
    [store, navigate, search, workspaceId],
  );
}
