import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithGraphQL } from "../../test/render-with-graphql";
import { InvalidInviteTokenPage } from "./InvalidInviteTokenPage";
import { InvitePage } from "./InvitePage";

function renderInvite(valid: boolean) {
  return renderWithGraphQL(<InvitePage />, {
    path: "/invite",
    entry: "/invite?token=gin_abc",
    otherPaths: ["/signup"],
    graphql: () => ({ data: { isGantryOrganizationInviteValid: valid } }),
  });
}

describe("invitation link", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("checks the token with validateZHOrgInviteToken and sends someone signed out to sign up through it", async () => {
    const { calls, router } = renderInvite(true);
    expect(await screen.findByRole("heading", { name: "/signup" })).toBeInTheDocument();
    expect(router.state.location.search).toBe("?invite=gin_abc");
    expect(calls).toEqual([{ operation: "validateZHOrgInviteToken", variables: { token: "gin_abc" } }]);
  });

  it("goes to /invalid-invite-token for an invalid token, carrying the route the person came from", async () => {
    renderWithGraphQL(<InvitePage />, {
      path: "/invite",
      entry: "/invite?token=gin_gone",
      extraRoutes: [{ path: "/invalid-invite-token", element: <InvalidInviteTokenPage /> }],
      graphql: () => ({ data: { isGantryOrganizationInviteValid: false } }),
    });
    expect(await screen.findByRole("heading", { name: "This invitation is no longer valid" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Open the invitation link again" })).toHaveAttribute(
      "href",
      "/invite?token=gin_gone",
    );
  });
});

describe("invalid invitation page", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("explains, offers the way home and the link again, and the contact-support line", async () => {
    renderWithGraphQL(<InvalidInviteTokenPage />, {
      path: "/invalid-invite-token",
      entry: { pathname: "/invalid-invite-token", state: { from: "/invite?token=gin_gone" } },
      graphql: () => ({ data: {} }),
    });
    expect(screen.getByRole("heading", { name: "This invitation is no longer valid" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to Gantry" })).toHaveAttribute("href", "/landing");
    expect(screen.getByRole("link", { name: "Open the invitation link again" })).toHaveAttribute(
      "href",
      "/invite?token=gin_gone",
    );
    expect(screen.getByRole("link", { name: "support@gantry.dev" })).toHaveAttribute(
      "href",
      "mailto:support@gantry.dev?subject=This%20invitation%20is%20no%20longer%20valid",
    );
  });
});
