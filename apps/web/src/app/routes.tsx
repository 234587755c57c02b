import type { ComponentType } from "react";
import { Navigate, type RouteObject } from "react-router";
import { ForgotPasswordPage } from "../accounts/ForgotPasswordPage";
import { LoginPage } from "../accounts/LoginPage";
import { RequireAuth } from "../accounts/RequireAuth";
import { ResetPasswordPage } from "../accounts/ResetPasswordPage";
import { SignUpPage } from "../accounts/SignUpPage";
import { UnlockPage } from "../accounts/UnlockPage";
import { VerifyEmailPage } from "../accounts/VerifyEmailPage";
import { OrganizationAuditLogPage } from "../audit/OrganizationAuditLogPage";
import { ADMIN_AUDIT_LOG_PATH } from "../audit/paths";
import { ADMIN_SEATS_PATH } from "../enterprise/paths";
import { NotFoundPage } from "../errors/NotFoundPage";
import { AuthCompletePage } from "../github/AuthCompletePage";
import { WORKSPACE_AUTH_FAILED_PATH } from "../github/auth-failures";
import { WorkspaceAuthFailedRoute } from "../github/WorkspaceAuthFailedPage";
import { boardAndIssueRoutes } from "../issues/issue-route-table";
import { LandingPage } from "../landing/LandingPage";
import { InvalidInviteTokenPage } from "../organizations/invites/InvalidInviteTokenPage";
import { InvitePage } from "../organizations/invites/InvitePage";
import { OrganizationSettingsPage } from "../organizations/settings/OrganizationSettingsPage";
import { SignedInShell } from "../shell/SignedInShell";
import { WorkspacePage } from "../workspaces/WorkspacePage";
import { WorkspacePermissionsErrorPage } from "../workspaces/WorkspacePermissionsErrorPage";

/**
 * A page loaded on first visit, in a chunk of its own: reports bring the charting library, and
 * planning, roadmap, sprint and admin pages are not needed to show the board (benchmark B3, decision 0044).
 */
function page<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): NonNullable<RouteObject["lazy"]> {
  return async () => ({ Component: (await load())[name] });
}

/** The route table. Feature folders add their routes here; anything unmatched is the 404 page. */
export const routes: RouteObject[] = [
  { path: "/", element: <Navigate to="/landing" replace /> },
  { path: "/login", element: <LoginPage /> },
  { path: "/signup", element: <SignUpPage /> },
  { path: "/verify-email", element: <VerifyEmailPage /> },
  { path: "/forgot-password", element: <ForgotPasswordPage /> },
  { path: "/reset-password", element: <ResetPasswordPage /> },
  { path: "/unlock", element: <UnlockPage /> },
  { path: "/auth/complete", element: <AuthCompletePage /> },
  // Not behind RequireAuth: its cases are about sessions that no longer work.
  { path: WORKSPACE_AUTH_FAILED_PATH, element: <WorkspaceAuthFailedRoute /> },
  { path: "/invite", element: <InvitePage /> },
  { path: "/invalid-invite-token", element: <InvalidInviteTokenPage /> },
  {
    path: "/workspace-permissions-error",
    element: (
      <RequireAuth>
        <WorkspacePermissionsErrorPage />
      </RequireAuth>
    ),
  },
  {
    // Opened in its own tab from "Manage organizations", so it stands outside the shell with a way back.
    path: "/settings/o/:orgName",
    element: (
      <RequireAuth>
        <OrganizationSettingsPage />
      </RequireAuth>
    ),
  },
  {
    path: "/settings/o/:orgName/audit-log",
    element: (
      <RequireAuth>
        <OrganizationAuditLogPage />
      </RequireAuth>
    ),
  },
  {
    // Signed-in pages share the app shell (header, command palette, offline detection).
    element: (
      <RequireAuth>
        <SignedInShell />
      </RequireAuth>
    ),
    children: [
      { path: "/landing", element: <LandingPage /> },
      { path: "/workspaces/:workspaceId", element: <WorkspacePage /> },
      {
        path: "/workspaces/:workspaceId/sprints/:sprintId",
        lazy: page(() => import("../sprints/SprintPage"), "SprintPage"),
      },
      { path: "/workspaces/:workspaceId/roadmap", lazy: page(() => import("../roadmap/RoadmapPage"), "RoadmapPage") },
      {
        path: "/workspaces/:workspaceId/reports/:report",
        lazy: page(() => import("../reports/ReportsPage"), "ReportsPage"),
      },
      {
        path: "/organizations/:organizationId/planning",
        lazy: page(() => import("../planning/PlanningPage"), "PlanningPage"),
      },
      {
        path: "/organizations/:organizationId/roadmap",
        lazy: page(() => import("../roadmap/RoadmapPage"), "OrganizationRoadmapPage"),
      },
      ...boardAndIssueRoutes,
      { path: "/admin/analytics", lazy: page(() => import("../analytics/AnalyticsEventsPage"), "AnalyticsEventsPage") },
      { path: ADMIN_SEATS_PATH, lazy: page(() => import("../enterprise/AdminSeatsPage"), "AdminSeatsPage") },
      { path: ADMIN_AUDIT_LOG_PATH, lazy: page(() => import("../audit/AdminAuditLogPage"), "AdminAuditLogPage") },
      { path: "/settings/api-keys", lazy: page(() => import("../settings/api-keys/ApiKeysPage"), "ApiKeysPage") },
    ],
  },
  { path: "*", element: <NotFoundPage /> },
];
