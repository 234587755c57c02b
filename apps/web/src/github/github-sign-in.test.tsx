import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LoginPage } from "../accounts/LoginPage";
import { SESSION_TOKEN_KEY } from "../accounts/token-storage";
import { renderWithGraphQL } from "../test/render-with-graphql";
import { AuthCompletePage } from "./AuthCompletePage";
import { GITHUB_SIGN_IN_UNFINISHED, gitHubSignInErrorMessage, readCompletedSignIn } from "./auth-complete";
import { GitHubAccountCard } from "./GitHubAccountCard";

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

  it("names the address that works when the flow was started at another host", () => {
    renderWithGraphQL(<LoginPage />, {
      path: "/login",
      entry: `/login?authError=${encodeURIComponent("github sign-in must start at https://gantry.acme.test: open Gantry there, or set PUBLIC_URL to the address you use.")}`,
      graphql: () => ({ data: {} }),
    });
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Signing in with GitHub works only at https://gantry.acme.test. Open Gantry there, or ask whoever runs it to set PUBLIC_URL to the address you use.",
    );
  });

  it("says in place that a GitHub account is already another Gantry account's, and keeps the person signed in", async () => {
    window.sessionStorage.setItem(SESSION_TOKEN_KEY, "gnt_signed_in");
    try {
      renderWithGraphQL(<GitHubAccountCard />, {
        path: "/landing",
        entry: `/landing?githubError=${encodeURIComponent("this github account is linked to another account.")}`,
        graphql: () => ({ data: { viewer: { githubUser: null } } }),
      });
      expect(await screen.findByRole("alert")).toHaveTextContent(
        "This GitHub account is already connected to another Gantry account.",
      );
      const form = screen.getByRole("button", { name: "Connect GitHub" }).closest("form");
      expect(form?.querySelector('input[name="link_token"]')).toHaveValue("gnt_signed_in");
    } finally {
      window.sessionStorage.removeItem(SESSION_TOKEN_KEY);
    }
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
