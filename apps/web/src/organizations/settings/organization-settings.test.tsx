import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type GraphQLCall, renderWithGraphQL } from "../../test/render-with-graphql";
import type { OrganizationRole } from "../api";
import { OrganizationSettingsPage } from "./OrganizationSettingsPage";

const person = (id: string) => ({ id, email: `${id}@acme.test`, name: null });

function settingsAnswer(viewerRole: OrganizationRole) {
  return {
    data: {
      viewer: {
        id: "me",
        gantryOrganizations: {
          nodes: [
            // The name search matches parts of names; only the exact one is this page's.
            {
              id: "org-acme-labs",
              name: "Acme Labs",
              viewerRole: "OWNER",
              requireSaml: false,
              members: [],
              invitations: [],
              accessRequests: [],
            },
            {
              id: "org-acme",
              name: "Acme",
              viewerRole,
              requireSaml: false,
              members: [
                { role: viewerRole, user: person("me") },
                { role: "OWNER", user: person("olga") },
                { role: "MEMBER", user: person("mo") },
              ],
              invitations: [],
              accessRequests: [{ id: "request-1", createdAt: "2026-11-23T00:00:00Z", requester: person("cy") }],
            },
          ],
        },
      },
    },
  };
}

function renderSettings(viewerRole: OrganizationRole) {
  return renderWithGraphQL(<OrganizationSettingsPage />, {
    path: "/settings/o/:orgName",
    entry: "/settings/o/Acme",
    otherPaths: ["/landing"],
    graphql: (call: GraphQLCall) =>
      call.operation === "organizationSettings" ? settingsAnswer(viewerRole) : { data: { ok: true } },
  });
}

describe("organisation settings", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows a member the members and their roles, and nothing they may not change", async () => {
    renderSettings("MEMBER");
    expect(await screen.findByRole("heading", { level: 1, name: "Acme" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Gantry" })).toHaveAttribute("href", "/landing");
    expect(screen.getByText("mo@acme.test")).toBeInTheDocument();
    expect(screen.queryByRole("combobox", { name: /Role of/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Remove/ })).not.toBeInTheDocument();
    for (const section of ["Invitations", "Access requests", "Organization name", "Single sign-on", "Danger zone"]) {
      expect(screen.queryByRole("heading", { name: section })).not.toBeInTheDocument();
    }
  });

  it("lets an admin manage members (removing after a confirmation) but not owners, and not delete the organisation", async () => {
    const { calls } = renderSettings("ADMIN");
    const role = await screen.findByRole("combobox", { name: "Role of mo@acme.test" });
    expect(
      within(role)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Admin", "Member"]);
    expect(screen.queryByRole("combobox", { name: "Role of olga@acme.test" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Remove olga@acme.test" })).not.toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Danger zone" })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Remove mo@acme.test" }));
    const dialog = screen.getByRole("dialog", { name: "Remove mo@acme.test?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Remove" }));
    expect(calls.find((call) => call.operation === "removeUserFromGantryOrganization")?.variables).toEqual({
      organizationId: "org-acme",
      userId: "mo",
    });

    await userEvent.click(screen.getByRole("button", { name: "Approve cy@acme.test" }));
    expect(calls.find((call) => call.operation === "approveAccessRequest")?.variables).toEqual({
      accessRequestId: "request-1",
    });
  });

  it("lets an owner require SAML single sign-on for members", async () => {
    const { calls } = renderSettings("OWNER");
    await userEvent.click(await screen.findByRole("checkbox", { name: "Require SAML single sign-on for members" }));
    expect(calls.find((call) => call.operation === "setSamlRequired")?.variables).toEqual({
      organizationId: "org-acme",
      requireSaml: true,
    });
  });

  it("deletes the organisation for an owner only once its name is typed", async () => {
    const { calls } = renderSettings("OWNER");
    await userEvent.click(await screen.findByRole("button", { name: "Delete organization" }));
    const dialog = screen.getByRole("dialog", { name: "Delete Acme?" });
    const confirm = within(dialog).getByRole("button", { name: "Delete organization" });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText("Type Acme to confirm"), "Acme");
    await userEvent.click(confirm);
    expect(await screen.findByRole("heading", { name: "/landing" })).toBeInTheDocument();
    expect(calls.find((call) => call.operation === "deleteGantryOrganization")?.variables).toEqual({
      organizationId: "org-acme",
    });
  });
});
