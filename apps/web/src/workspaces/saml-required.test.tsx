import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithGraphQL } from "../test/render-with-graphql";
import { CreateWorkspaceDialog } from "./CreateWorkspaceDialog";
import { WORKSPACE_PERMISSIONS_ERROR_PATH } from "./permissions-error-state";
import { WorkspacePermissionsErrorPage } from "./WorkspacePermissionsErrorPage";

const samlRefusal = {
  errors: [
    {
      message: "This organization requires you to sign in with SAML single sign-on.",
      extensions: {
        code: "FORBIDDEN",
        reason: "SAML_AUTH_REQUIRED",
        organizationId: "org-acme",
        organizationName: "Acme",
      },
    },
  ],
};
const emptyHome = {
  data: { viewer: { gantryOrganizations: { nodes: [] }, accessRequests: { nodes: [] }, recentlyViewedWorkspaces: [] } },
};

describe("a SAML-protected organisation (SPEC §6)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("closes the workspace form and shows the SAML error state", async () => {
    const onClose = vi.fn();
    renderWithGraphQL(
      <CreateWorkspaceDialog
        organizations={[{ id: "org-acme", name: "Acme", viewerRole: "MEMBER", workspaces: { nodes: [] } }]}
        defaultOrganizationId="org-acme"
        onClose={onClose}
      />,
      {
        path: "/landing",
        extraRoutes: [{ path: WORKSPACE_PERMISSIONS_ERROR_PATH, element: <WorkspacePermissionsErrorPage /> }],
        graphql: (call) => (call.operation === "createWorkspace" ? samlRefusal : emptyHome),
      },
    );
    await userEvent.type(screen.getByLabelText("Workspace name"), "Roadmap");
    await userEvent.click(screen.getByRole("button", { name: "Create workspace" }));
    expect(await screen.findByRole("heading", { name: "Single sign-on required" })).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(screen.getByText(/Acme requires you to sign in with SAML single sign-on/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Sign in again" })).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
