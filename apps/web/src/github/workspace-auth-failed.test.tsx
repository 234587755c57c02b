import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithGraphQL } from "../test/render-with-graphql";
import type { WorkspaceAuthFailure } from "./auth-failures";
import { WorkspaceAuthFailedPage } from "./WorkspaceAuthFailedPage";

function renderFailure(failure: WorkspaceAuthFailure) {
  return renderWithGraphQL(<WorkspaceAuthFailedPage failure={failure} />, {
    path: "/workspace-authentication-failed",
    otherPaths: ["/login"],
    graphql: () => ({ data: {} }),
  });
}

const supportLink = () => screen.getByRole("link", { name: "support@gantry.dev" });
const subjectOf = (link: HTMLElement) => new URL(link.getAttribute("href") ?? "").searchParams.get("subject");

describe("workspace authentication-failed page (SPEC §2, §8)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("an invalid GitHub token: sign in with GitHub, support subject Tokens have expired", () => {
    renderFailure("code-host-token-invalid");
    expect(screen.getByRole("heading", { name: "Your GitHub token is invalid" })).toBeVisible();
    expect(screen.getByText("Please sign in to continue")).toBeVisible();
    const button = screen.getByRole("button", { name: "Continue with GitHub" });
    expect(button.closest("form")).toHaveAttribute("action", "/gantry_users/auth/github");
    expect(subjectOf(supportLink())).toBe("Tokens have expired");
    expect(supportLink().parentElement).toHaveTextContent("and let us know how we can help.");
  });

  it("a missing account: Sign in again, support subject Account not found", async () => {
    renderFailure("account-missing");
    expect(
      screen.getByRole("heading", { name: "Your Gantry account may no longer exist or is unavailable." }),
    ).toBeVisible();
    expect(screen.getByText("Please sign in with a different account")).toBeVisible();
    expect(subjectOf(supportLink())).toBe("Account not found");
    await userEvent.click(screen.getByRole("button", { name: "Sign in again" }));
    expect(await screen.findByRole("heading", { name: "/login" })).toBeVisible();
  });

  it("a revoked token: Return to login, support subject Auth token revoked without the help ending", async () => {
    renderFailure("token-revoked");
    expect(screen.getByRole("heading", { name: "Your access token has been revoked" })).toBeVisible();
    expect(screen.getByText("Return to the login page to sign in with another account")).toBeVisible();
    expect(subjectOf(supportLink())).toBe("Auth token revoked");
    expect(supportLink().parentElement).not.toHaveTextContent("let us know how we can help");
    await userEvent.click(screen.getByRole("button", { name: "Return to login" }));
    expect(await screen.findByRole("heading", { name: "/login" })).toBeVisible();
  });

  it("the default: Your token has expired, Sign in again, support subject Tokens have expired", () => {
    renderFailure("expired");
    expect(screen.getByRole("heading", { name: "Your token has expired" })).toBeVisible();
    expect(screen.getByText("Please sign in to continue")).toBeVisible();
    expect(screen.getByRole("button", { name: "Sign in again" })).toBeVisible();
    expect(subjectOf(supportLink())).toBe("Tokens have expired");
  });
});
