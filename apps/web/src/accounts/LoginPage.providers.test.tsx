import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { defaultRuntimeConfig, RuntimeConfigContext } from "../app/runtime-config";
import { AuthProvider } from "./auth-context";
import { LoginPage } from "./LoginPage";
import type { SigninProviderListing } from "./LoginPageProviders";

const GITHUB: SigninProviderListing = { key: "github", name: "GitHub", kind: "redirect" };
const GOOGLE: SigninProviderListing = { key: "google_oauth2", name: "Google", kind: "redirect" };
const ENTRA: SigninProviderListing = { key: "azure_activedirectory_v2", name: "Microsoft", kind: "redirect" };
const SAML: SigninProviderListing = { key: "saml", name: "SAML", kind: "redirect" };
const LDAP: SigninProviderListing = { key: "ldap", name: "LDAP", kind: "form" };

/** The login page with GET /api/auth/providers answering `providers` (or failing with `status`). */
function renderLogin(providers: SigninProviderListing[] | { status: number }, entry = "/login") {
  const requests: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      requests.push(url);
      if (url !== "/api/auth/providers") return Response.json({}, { status: 404 });
      return Array.isArray(providers)
        ? Response.json({ providers })
        : Response.json({ error: "down" }, { status: providers.status });
    }),
  );
  const router = createMemoryRouter([{ path: "/login", element: <LoginPage /> }], { initialEntries: [entry] });
  render(
    <RuntimeConfigContext.Provider value={defaultRuntimeConfig}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AuthProvider storage={window.sessionStorage}>
          <RouterProvider router={router} />
        </AuthProvider>
      </QueryClientProvider>
    </RuntimeConfigContext.Provider>,
  );
  return requests;
}

const formOf = (element: HTMLElement) => element.closest("form");

describe("Login page sign-in providers", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the cloud edition's providers, GitHub and Google, as full-page POST forms in the server's order", async () => {
    renderLogin([GITHUB, GOOGLE]);
    const google = await screen.findByRole("button", { name: "Continue with Google" });
    const github = screen.getByRole("button", { name: "Continue with GitHub" });
    expect(formOf(github)).toHaveAttribute("action", "/gantry_users/auth/github");
    expect(formOf(google)).toHaveAttribute("action", "/gantry_users/auth/google_oauth2");
    expect(formOf(google)).toHaveAttribute("method", "post");
    expect(github.compareDocumentPosition(google) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Microsoft|SAML|LDAP/ })).toBeNull();
    // The email form stays.
    expect(screen.getByRole("button", { name: "Log in" })).toBeVisible();
  });

  it("shows every configured enterprise provider and the LDAP username and password form", async () => {
    renderLogin([GOOGLE, ENTRA, LDAP, SAML]);
    for (const [name, key] of [
      ["Continue with Google", "google_oauth2"],
      ["Continue with Microsoft", "azure_activedirectory_v2"],
      ["Continue with SAML", "saml"],
    ]) {
      expect(formOf(await screen.findByRole("button", { name }))).toHaveAttribute(
        "action",
        `/gantry_users/auth/${key}`,
      );
    }
    expect(screen.queryByRole("button", { name: "Continue with GitHub" })).toBeNull();

    const ldap = screen.getByRole("form", { name: "Log in with LDAP" });
    expect(ldap).toHaveAttribute("method", "post");
    expect(ldap).toHaveAttribute("action", "/gantry_users/auth/ldap");
    const submit = within(ldap).getByRole("button", { name: "Log in with LDAP" });
    expect(submit).toBeDisabled();
    await userEvent.type(within(ldap).getByLabelText("LDAP username"), "ada");
    await userEvent.type(within(ldap).getByLabelText("LDAP password"), "secret");
    expect(submit).toBeEnabled();
    expect(within(ldap).getByLabelText("LDAP username")).toHaveAttribute("name", "username");
    expect(within(ldap).getByLabelText("LDAP password")).toHaveAttribute("name", "password");
  });

  it("shows a failed provider sign-in's §8 message", async () => {
    renderLogin([LDAP], `/login?authError=${encodeURIComponent("invalid email or password.")}`);
    expect(await screen.findByRole("alert")).toHaveTextContent("Incorrect email or password");
    renderLogin([SAML], `/login?authError=${encodeURIComponent("user has already signed up with provider:saml")}`);
    expect(
      await screen.findByText("Looks like you already have an account with us. Please log in via SAML instead."),
    ).toBeVisible();
  });

  it("offers GitHub, as before, when the providers cannot be read", async () => {
    renderLogin({ status: 500 });
    expect(await screen.findByRole("button", { name: "Continue with GitHub" })).toBeVisible();
    expect(screen.queryByRole("button", { name: /Google|Microsoft|SAML|LDAP/ })).toBeNull();
  });
});
