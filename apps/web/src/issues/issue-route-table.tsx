import type { RouteObject } from "react-router";
import { BoardOrIssuePage } from "./BoardOrIssuePage";
import { IssueFlyover } from "./IssueFlyover";
import { IssuePage } from "./IssuePage";
import { NATIVE_ISSUE_ROUTE, REPOSITORY_ISSUE_ROUTE, WORKSPACE_ISSUE_ROUTE } from "./issue-routes";

/**
 * The board and its workspace's issues (SPEC §2 path forms 1 and 2) share one element, so an
 * issue opened from the board shows over it in the flyover; form 3 is always a page of its own.
 */
export const boardAndIssueRoutes: RouteObject[] = [
  {
    element: <BoardOrIssuePage />,
    children: [
      { path: "/workspaces/:workspaceId/board" },
      { path: NATIVE_ISSUE_ROUTE, element: <IssueFlyover /> },
      { path: WORKSPACE_ISSUE_ROUTE, element: <IssueFlyover /> },
    ],
  },
  { path: REPOSITORY_ISSUE_ROUTE, element: <IssuePage /> },
];
