import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { OrganizationStateProvider } from "../organizations/organization-state";
import { type GraphQLCall, renderWithGraphQL } from "../test/render-with-graphql";
import { ToastProvider } from "../ui/toast/ToastProvider";
import { WorkspacePage } from "../workspaces/WorkspacePage";

const refused = (seatRequested: boolean) => ({
  errors: [
    {
      message: "You need a Gantry license to access this Workspace",
      extensions: { code: "FORBIDDEN", reason: "ENTERPRISE_SEAT_REQUIRED", seatRequested },
    },
  ],
});

function renderRefusedWorkspace(seatRequested: boolean, alreadyRequested = false, tutorialsHidden = true) {
  const graphql = (call: GraphQLCall) => {
    switch (call.operation) {
      case "workspace":
        return refused(seatRequested);
      case "requestEnterpriseSeat":
        return { data: { requestEnterpriseSeat: { gantryUser: { id: "u1" }, alreadyRequested } } };
      case "ViewerUserSettings":
        return {
          data: { viewer: { userSettings: [{ name: "tutorials_panel_dismissed", value: tutorialsHidden }] } },
        };
      default:
        return { data: { setUserSetting: { userSetting: { name: "tutorials_panel_dismissed", value: false } } } };
    }
  };
  return renderWithGraphQL(
    <ToastProvider>
      <OrganizationStateProvider>
        <WorkspacePage />
      </OrganizationStateProvider>
    </ToastProvider>,
    { path: "/workspaces/:workspaceId", entry: "/workspaces/w1", otherPaths: ["/landing"], graphql },
  );
}

describe("no-license page (SPEC §2)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("asks a person without a seat to request one, then says the admin was told and opens the tutorials", async () => {
    const { calls } = renderRefusedWorkspace(false);
    expect(
      await screen.findByRole("heading", { name: "You need a Gantry license to access this Workspace" }),
    ).toBeInTheDocument();
    expect(screen.getByText("Contact your admins to request a license")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Request a license" }));
    expect(await screen.findByRole("heading", { name: "Your admin has been notified" })).toBeInTheDocument();
    expect(calls.filter((call) => call.operation === "requestEnterpriseSeat")).toEqual([
      { operation: "requestEnterpriseSeat", variables: {} },
    ]);
    await userEvent.click(screen.getByRole("button", { name: "Start exploring" }));
    expect(await screen.findByRole("heading", { name: "/landing" })).toBeInTheDocument();
  });

  it("shows the already-requested state, with no button, when a request is waiting", async () => {
    renderRefusedWorkspace(true);
    expect(
      await screen.findByRole("heading", { name: "Hmm... Looks like you've already requested a license" }),
    ).toBeInTheDocument();
    expect(screen.getByText("Please wait for your admin to approve your request")).toBeInTheDocument();
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });

  it("moves to the already-requested state when the server says a request was already waiting", async () => {
    renderRefusedWorkspace(false, true);
    await userEvent.click(await screen.findByRole("button", { name: "Request a license" }));
    expect(
      await screen.findByRole("heading", { name: "Hmm... Looks like you've already requested a license" }),
    ).toBeInTheDocument();
  });
});
