import { Suspense } from "react";
import { useLocation, useParams } from "react-router";
import { BoardPage } from "../board/BoardPage";
import { lazyNamed } from "../ui/lazy-named";
import { isOverBoard } from "./issue-routes";

/** An issue's own page, read when one is opened, not with the board (B3). */
const LazyIssuePage = lazyNamed(() => import("./IssuePage"), "IssuePage");

export function IssuePage() {
  return (
    <Suspense fallback={null}>
      <LazyIssuePage />
    </Suspense>
  );
}

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
