import { useLocation, useParams } from "react-router";
import { BoardPage } from "../board/BoardPage";
import { IssuePage } from "./IssuePage";
import { isOverBoard } from "./issue-routes";

/**
 * The board's routes and its workspace's issue routes share this element, so opening an issue
 * from the board keeps the board as it was (scroll, loaded pages) with the flyover on top. An
 * issue address reached any other way (a new tab, a shared link) is the issue's own page.
 */
export function BoardOrIssuePage() {
  const { issueNumber } = useParams();
  const { state } = useLocation();
  return issueNumber && !isOverBoard(state) ? <IssuePage /> : <BoardPage />;
}
