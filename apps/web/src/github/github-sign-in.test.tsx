import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LoginPage } from "../accounts/LoginPage";
import { renderWithGraphQL } from "../test/render-with-graphql";
import { AuthCompletePage } from "./AuthCompletePage";
import { GITHUB_SIGN_IN_UNFINISHED, gitHubSignInErrorMessage, readCompletedSignIn } from "./auth-complete";

describe("Continue with GitHub", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is a full-page POST form to the provider's sign-in URL", async () => {
    // No provider list here: the page falls back to GitHub (LoginPage.providers.test.tsx covers the list).
    renderWithGraphQL(<LoginPage />, { path: "/login", graphql: () => ({ data: {} }) });
    const button = await screen.findByRole("button", { name: "Continue with GitHub" });
    const form = button.closest("form");
    expect(form).toHaveAttribute("method", "post");
    expect(form).toHaveAttribute("action", "/gantry_users/auth/github");
  });

  it("shows the §8 message for a failed GitHub sign-in's server text", () => {
    renderWithGraphQL(<LoginPage />, {
      path: "/login",
      entry: `/login?authError=${encodeURIComponent("user has already signed up with provider:email")}`,
      graphql: () => ({ data: {} }),
    });
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Looks like you already have an account with us. Please log in using your email instead.",
    );
  });

  it("says to try again when the GitHub flow itself expired or was refused", () => {
    expect(gitHubSignInErrorMessage("github sign-in expired or was tampered with, please try again.")).toBe(
      GITHUB_SIGN_IN_UNFINISHED,
    );
    expect(gitHubSignInErrorMessage("something else")).toBe("Something went wrong, please try again");
  });

  it("/auth/complete keeps the session, drops the fragment from history and goes to return_to", async () => {
    window.history.replaceState(null, "", "/auth/complete#token=session-1&return_to=%2Fworkspaces%2Fw1");
    renderWithGraphQL(<AuthCompletePage />, {
      path: "/auth/complete",
      otherPaths: ["/workspaces/w1"],
      graphql: () => ({ data: {} }),
    });
    expect(await screen.findByRole("heading", { name: "/workspaces/w1" })).toBeVisible();
    expect(window.location.hash).toBe("");
    expect(window.sessionStorage.getItem("authV2_token")).toBe("session-1");
    window.sessionStorage.clear();
  });

  it("reads the session and a path inside the app from the callback's fragment", () => {
    expect(readCompletedSignIn("#token=abc&return_to=%2Fworkspaces%2Fw1")).toEqual({
      token: "abc",
      returnTo: "/workspaces/w1",
    });
    expect(readCompletedSignIn("#token=abc&return_to=%2F%2Fevil.example")).toEqual({
      token: "abc",
      returnTo: "/landing",
    });
    expect(readCompletedSignIn("#return_to=%2Flanding")).toBeNull();
  });
});
