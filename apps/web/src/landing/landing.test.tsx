import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { OrganizationStateProvider } from "../organizations/organization-state";
import { CommandRegistryProvider } from "../shell/command-palette/command-registry";
import { type GraphQLHandler, renderWithGraphQL } from "../test/render-with-graphql";
import { ToastProvider } from "../ui/toast/ToastProvider";
import { LandingPage } from "./LandingPage";

const workspace = (id: string, name: string) => ({ id, name, description: null, private: false });

function viewerHome({ organizations = [] as unknown[], accessRequests = [] as unknown[], recent = [] as unknown[] }) {
  return {
    data: {
      viewer: {
        gantryOrganizations: { nodes: organizations },
        accessRequests: { nodes: accessRequests },
        recentlyViewedWorkspaces: recent,
      },
    },
  };
}

function renderLanding(graphql: GraphQLHandler) {
  // The landing page sits in the shell, which provides toasts and the palette's registry.
  return renderWithGraphQL(
    <ToastProvider>
      <CommandRegistryProvider>
        <OrganizationStateProvider>
          <LandingPage />
        </OrganizationStateProvider>
      </CommandRegistryProvider>
    </ToastProvider>,
    { path: "/landing", graphql },
  );
}

describe("landing", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists recent workspaces, each organisation's workspaces, and requests still waiting", async () => {
    renderLanding(() =>
      viewerHome({
        organizations: [
          {
            id: "org-acme",
            name: "Acme",
            viewerRole: "ADMIN",
            workspaces: { nodes: [workspace("w1", "Mobile app"), workspace("w2", "Website")] },
          },
          { id: "org-globex", name: "Globex", viewerRole: "MEMBER", workspaces: { nodes: [] } },
        ],
        accessRequests: [{ id: "r1", state: "PENDING", requestable: { id: "org-initech", name: "Initech" } }],
        recent: [{ ...workspace("w1", "Mobile app"), gantryOrganization: { id: "org-acme", name: "Acme" } }],
      }),
    );
    const acme = await screen.findByRole("region", { name: "Acme" });
    expect(within(acme).getByText("Admin")).toBeInTheDocument();
    expect(
      within(acme)
        .getAllByRole("link")
        .map((link) => link.getAttribute("href")),
    ).toEqual(["/settings/o/Acme", "/workspaces/w1", "/workspaces/w2"]);
    expect(within(screen.getByRole("region", { name: "Recently viewed" })).getByRole("link")).toHaveAttribute(
      "href",
      "/workspaces/w1",
    );
    expect(
      within(screen.getByRole("region", { name: "Globex" })).getByText("No workspaces in Globex yet."),
    ).toBeVisible();
    expect(screen.getByRole("region", { name: "Waiting for approval" })).toHaveTextContent(
      "You asked to join Initech.",
    );
    expect(screen.getByRole("button", { name: "Create workspace" })).toBeInTheDocument();
  });

  it("onboards someone in no organisation by creating one", async () => {
    const { calls } = renderLanding((call) =>
      call.operation === "createGantryOrganization"
        ? { data: { createGantryOrganization: { gantryOrganization: { id: "org-new", name: "Rocket Co" } } } }
        : viewerHome({}),
    );
    expect(await screen.findByRole("heading", { name: "Create your organization" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Create workspace" })).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Organization name"), "Rocket Co");
    await userEvent.click(screen.getByRole("button", { name: "Create organization" }));
    await vi.waitFor(() =>
      expect(calls.find((call) => call.operation === "createGantryOrganization")?.variables).toEqual({
        name: "Rocket Co",
      }),
    );
  });

  it("says when the workspaces could not be loaded and offers to try again", async () => {
    renderLanding(() => ({
      errors: [{ message: "Database unavailable", extensions: { code: "INTERNAL_SERVER_ERROR" } }],
    }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "We couldn't load your workspaces: Database unavailable",
    );
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});
