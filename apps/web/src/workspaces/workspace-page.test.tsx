import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { OrganizationStateProvider } from "../organizations/organization-state";
import { type GraphQLHandler, renderWithGraphQL } from "../test/render-with-graphql";
import { ToastProvider } from "../ui/toast/ToastProvider";
import { WorkspacePage } from "./WorkspacePage";
import { WorkspacePermissionsErrorPage } from "./WorkspacePermissionsErrorPage";

const viewerHome = {
  data: { viewer: { gantryOrganizations: { nodes: [] }, accessRequests: { nodes: [] }, recentlyViewedWorkspaces: [] } },
};

function renderWorkspace(workspaceAnswer: unknown) {
  const graphql: GraphQLHandler = (call) => {
    if (call.operation === "workspace") return workspaceAnswer;
    if (call.operation === "viewerHome") return viewerHome;
    if (call.operation === "workspaceRepositories")
      return { data: { workspace: { repositoriesConnection: { nodes: [] } } } };
    return { data: { setWorkspaceViewedNow: { workspace: { id: "w1" } } } };
  };
  return renderWithGraphQL(
    // The page sits in the shell, which provides toasts.
    <ToastProvider>
      <OrganizationStateProvider>
        <WorkspacePage />
      </OrganizationStateProvider>
    </ToastProvider>,
    {
      path: "/workspaces/:workspaceId",
      entry: "/workspaces/w1",
      extraRoutes: [{ path: "/workspace-permissions-error", element: <WorkspacePermissionsErrorPage /> }],
      graphql,
    },
  );
}

describe("workspace page", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows a viewer the pipelines without the settings, and records the visit", async () => {
    const { calls } = renderWorkspace({
      data: {
        viewer: { id: "me" },
        workspace: {
          id: "w1",
          name: "Mobile app",
          description: "Phones",
          private: false,
          pipelineLabelSync: false,
          viewerPermission: "READ",
          isDeletable: false,
          gantryOrganization: { id: "org-acme", name: "Acme", members: [] },
          pipelines: [
            {
              id: "p1",
              name: "New Issues",
              issueCounts: { issuesCount: 3, pullRequestsCount: 0, totalStoryPoints: 5 },
            },
            {
              id: "closed--pipeline",
              name: "Closed",
              issueCounts: { issuesCount: 0, pullRequestsCount: 0, totalStoryPoints: 0 },
            },
          ],
          members: [],
        },
      },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Mobile app" })).toBeInTheDocument();
    expect(screen.getByText("Your permission: Viewer")).toBeInTheDocument();
    expect(
      within(screen.getByRole("region", { name: "Pipelines" }))
        .getAllByRole("heading")
        .map((h) => h.textContent),
    ).toEqual(["New Issues", "Closed"]);
    // A pipeline with issues says what it holds; only an empty one reads "No issues yet".
    const newIssues = screen.getByRole("region", { name: "New Issues" });
    expect(within(newIssues).getByText("3 Issues / 0 PRs / 5 Points")).toBeInTheDocument();
    expect(within(newIssues).queryByText("No issues yet")).not.toBeInTheDocument();
    expect(within(screen.getByRole("region", { name: "Closed" })).getByText("No issues yet")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Workspace settings" })).not.toBeInTheDocument();
    await vi.waitFor(() =>
      expect(calls.find((call) => call.operation === "setWorkspaceViewedNow")?.variables).toEqual({
        workspaceId: "w1",
      }),
    );
  });

  it("turns a FORBIDDEN answer into the permissions error, naming the organisation to ask", async () => {
    renderWorkspace({
      errors: [
        {
          message: "You do not have access to this workspace.",
          extensions: {
            code: "FORBIDDEN",
            reason: "WORKSPACE_ACCESS",
            organizationId: "org-acme",
            organizationName: "Acme",
          },
        },
      ],
    });
    expect(await screen.findByRole("heading", { name: "You don't have access to this workspace" })).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Request access to Acme" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Try again" })).toHaveAttribute("href", "/workspaces/w1");
  });
});
