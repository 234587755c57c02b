import type { RouteObject } from "react-router";
import { BoardOrIssuePage, IssuePage } from "./BoardOrIssuePage";
import { NATIVE_ISSUE_ROUTE, REPOSITORY_ISSUE_ROUTE, WORKSPACE_ISSUE_ROUTE } from "./issue-routes";

/** The flyover is read when an issue is first opened over the board, not with the board (B3). */
const flyover: NonNullable<RouteObject["lazy"]> = async () => ({
  Component: (await import("./IssueFlyover")).IssueFlyover,
});

/**
 * The board and its workspace's issues (SPEC §2 path forms 1 and 2) share one element, so an
 * issue opened from the board shows over it in the flyover; form 3 is always a page of its own.
 */
export const boardAndIssueRoutes: RouteObject[] = [
  {
    element: <BoardOrIssuePage />,
    children: [
      { path: "/workspaces/:workspaceId/board" },
      { path: NATIVE_ISSUE_ROUTE, lazy: flyover },
      { path: WORKSPACE_ISSUE_ROUTE, lazy: flyover },
    ],
  },
  { path: REPOSITORY_ISSUE_ROUTE, element: <IssuePage /> },
];
