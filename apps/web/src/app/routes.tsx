import type { ComponentType } from "react";
import { Navigate, type RouteObject } from "react-router";
import { RequireAuth } from "../accounts/RequireAuth";
import { ADMIN_AUDIT_LOG_PATH } from "../audit/paths";
import { ADMIN_SEATS_PATH } from "../enterprise/paths";
import { WORKSPACE_AUTH_FAILED_PATH } from "../github/auth-failures";
import { WorkspaceAuthFailedRoute } from "../github/WorkspaceAuthFailedPage";
import { boardAndIssueRoutes } from "../issues/issue-route-table";
import { SignedInShell } from "../shell/SignedInShell";

/**
 * A page loaded on first visit, in a chunk of its own: reports bring the charting library, and
 * every page but the board and its issues (sign-in, landing, workspace, settings, planning,
 * roadmap, sprint and admin pages) is not needed to show the board (benchmark B3, decision 0044).
 */
function page<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): NonNullable<RouteObject["lazy"]> {
  return async () => ({ Component: (await load())[name] });
}

const signedOutPages = () => import("../accounts/signed-out-pages");

/** A lazily loaded page for signed-in people that stands outside the app shell. */
function signedInPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): NonNullable<RouteObject["lazy"]> {
  return async () => {
    const Page: ComponentType = (await load())[name];
    return {
      element: (
        <RequireAuth>
          <Page />
        </RequireAuth>
      ),
    };
  };
}

/** The route table. Feature folders add their routes here; anything unmatched is the 404 page. */
export const routes: RouteObject[] = [
  { path: "/", element: <Navigate to="/landing" replace /> },
  { path: "/login", lazy: page(signedOutPages, "LoginPage") },
  { path: "/signup", lazy: page(signedOutPages, "SignUpPage") },
  { path: "/verify-email", lazy: page(signedOutPages, "VerifyEmailPage") },
  { path: "/forgot-password", lazy: page(signedOutPages, "ForgotPasswordPage") },
  { path: "/reset-password", lazy: page(signedOutPages, "ResetPasswordPage") },
  { path: "/unlock", lazy: page(signedOutPages, "UnlockPage") },
  { path: "/auth/complete", lazy: page(() => import("../github/AuthCompletePage"), "AuthCompletePage") },
  // Not behind RequireAuth: its cases are about sessions that no longer work.
  { path: WORKSPACE_AUTH_FAILED_PATH, element: <WorkspaceAuthFailedRoute /> },
  { path: "/invite", lazy: page(signedOutPages, "InvitePage") },
  {
    path: "/invalid-invite-token",
    lazy: page(signedOutPages, "InvalidInviteTokenPage"),
  },
  {
    path: "/workspace-permissions-error",
    lazy: signedInPage(() => import("../workspaces/WorkspacePermissionsErrorPage"), "WorkspacePermissionsErrorPage"),
  },
  {
    // Opened in its own tab from "Manage organizations", so it stands outside the shell with a way back.
    path: "/settings/o/:orgName",
    lazy: signedInPage(() => import("../organizations/settings/OrganizationSettingsPage"), "OrganizationSettingsPage"),
  },
  {
    path: "/settings/o/:orgName/audit-log",
    lazy: signedInPage(() => import("../audit/OrganizationAuditLogPage"), "OrganizationAuditLogPage"),
  },
  {
    // Signed-in pages share the app shell (header, command palette, offline detection).
    element: (
      <RequireAuth>
        <SignedInShell />
      </RequireAuth>
    ),
    children: [
      { path: "/landing", lazy: page(() => import("../landing/LandingPage"), "LandingPage") },
      { path: "/workspaces/:workspaceId", lazy: page(() => import("../workspaces/WorkspacePage"), "WorkspacePage") },
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
      { path: "/settings/account", lazy: page(() => import("../settings/account/AccountPage"), "AccountPage") },
      { path: "/settings/api-keys", lazy: page(() => import("../settings/api-keys/ApiKeysPage"), "ApiKeysPage") },
    ],
  },
  { path: "*", lazy: page(() => import("../errors/NotFoundPage"), "NotFoundPage") },
];
