import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AdminProvidersSection } from "./AdminProvidersSection";

function renderSection(answers: Response[]) {
  const fetch = vi.fn(async () => answers.shift() ?? Response.json({}, { status: 500 }));
  vi.stubGlobal("fetch", fetch);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AdminProvidersSection />
    </QueryClientProvider>,
  );
  return fetch;
}

describe("admin page sign-in providers", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists email and the enabled providers read-only, with SAML's metadata address", async () => {
    renderSection([
      Response.json({
        providers: [
          { key: "ldap", name: "LDAP", kind: "form" },
          { key: "saml", name: "SAML", kind: "redirect" },
        ],
      }),
    ]);
    const section = screen.getByRole("region", { name: "Sign-in providers" });
    expect(await within(section).findByText("LDAP")).toBeVisible();
    expect(within(section).getByText("Email and password")).toBeVisible();
    expect(
      within(section).getByText("Username and password form on the login page, checked against the directory"),
    ).toBeVisible();
    expect(within(section).getByRole("link", { name: "Service provider metadata" })).toHaveAttribute(
      "href",
      "/gantry_users/auth/saml/metadata",
    );
    expect(within(section).queryByRole("button")).toBeNull();
  });

  it("says when the list cannot be read and reads it again on request", async () => {
    const fetch = renderSection([
      Response.json({ error: "down" }, { status: 502 }),
      Response.json({ providers: [{ key: "google_oauth2", name: "Google", kind: "redirect" }] }),
    ]);
    const section = screen.getByRole("region", { name: "Sign-in providers" });
    expect(await within(section).findByRole("alert")).toHaveTextContent("The sign-in providers could not be loaded.");
    await userEvent.click(within(section).getByRole("button", { name: "Try again" }));
    expect(await within(section).findByText("Google")).toBeVisible();
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
