import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type GraphQLCall, renderWithGraphQL } from "../test/render-with-graphql";
import { WorkspacePermissionsErrorPage } from "./WorkspacePermissionsErrorPage";

const home = (accessRequests: unknown[] = []) => ({
  data: {
    viewer: {
      gantryOrganizations: { nodes: [] },
      accessRequests: { nodes: accessRequests },
      recentlyViewedWorkspaces: [],
    },
  },
});

function renderError(state: unknown, graphql: (call: GraphQLCall) => unknown = () => home()) {
  return renderWithGraphQL(<WorkspacePermissionsErrorPage />, {
    path: "/workspace-permissions-error",
    entry: { pathname: "/workspace-permissions-error", state },
    graphql,
  });
}

describe("workspace permissions error", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("offers to request access to the workspace's organisation, then says the request is pending", async () => {
    const { calls } = renderError(
      { reason: "WORKSPACE_ACCESS", organizationId: "org-acme", organizationName: "Acme", from: "/workspaces/w1" },
      (call) =>
        call.operation === "requestGantryOrganizationAccess"
          ? {
              data: {
                requestGantryOrganizationAccess: {
                  accessRequest: { id: "r1", state: "PENDING", requestable: { id: "org-acme", name: "Acme" } },
                },
              },
            }
          : home(),
    );
    expect(screen.getByRole("heading", { name: "You don't have access to this workspace" })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole("button", { name: "Request access to Acme" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Access requested.");
    expect(calls.find((call) => call.operation === "requestGantryOrganizationAccess")?.variables).toEqual({
      organizationId: "org-acme",
    });
    expect(screen.getByRole("link", { name: "Try again" })).toHaveAttribute("href", "/workspaces/w1");
    expect(screen.getByRole("link", { name: "Back to your workspaces" })).toHaveAttribute("href", "/landing");
    expect(screen.getByRole("link", { name: "support@gantry.dev" })).toBeInTheDocument();
  });

  it("shows a request already waiting instead of the button", async () => {
    renderError({ reason: "WORKSPACE_ACCESS", organizationId: "org-acme", organizationName: "Acme" }, () =>
      home([{ id: "r1", state: "PENDING", requestable: { id: "org-acme", name: "Acme" } }]),
    );
    expect(await screen.findByRole("status")).toHaveTextContent("Access requested.");
    expect(screen.queryByRole("button", { name: /Request access/ })).not.toBeInTheDocument();
  });

  it("says the workspace may not exist when no organisation is known", () => {
    renderError({});
    expect(
      screen.getByText("The workspace may have been deleted, or the link you followed may be wrong."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });
});
