import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AuthProvider } from "../accounts/auth-context";
import { SESSION_TOKEN_KEY } from "../accounts/token-storage";
import { SETTING_NOT_SAVED } from "../settings/use-flag-setting";
import { AppShell } from "../shell/AppShell";
import { installLayoutApis } from "../test/browser-apis";
import { renderPage } from "../test/render";
import { Onboarding } from "./Onboarding";

interface SavedSetting {
  name: string;
  value: unknown;
}

/** The server as the web app sees it: the user-info load, the settings query, setUserSetting and analytics. */
function fakeServer(saved: Record<string, unknown>, { refuseSaves = false } = {}) {
  const saves: SavedSetting[] = [];
  const analytics: Record<string, unknown>[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.startsWith("/api/user-info")) {
        return Response.json({ flags: [], user: { zh: { raptorId: "u1", email: "ada@acme.io" }, gh: null } });
      }
      if (url !== "/graphql") return Response.json({ version: "4.5.51", buildId: "development" });
      const body = JSON.parse(String(init?.body)) as { query: string; variables: SavedSetting };
      if (body.query.includes("analytics")) {
        analytics.push(body.variables as unknown as Record<string, unknown>);
        return Response.json({ data: { sent: { success: true } } });
      }
      if (body.query.includes("ViewerUserSettings")) {
        const userSettings = Object.entries(saved).map(([name, value]) => ({ name, value }));
        return Response.json({ data: { viewer: { userSettings } } });
      }
      if (refuseSaves)
        return Response.json({ errors: [{ message: "Refused", extensions: { code: "BAD_USER_INPUT" } }] });
      saves.push(body.variables);
      return Response.json({ data: { setUserSetting: { userSetting: { name: body.variables.name } } } });
    }),
  );
  return { saves, analytics };
}

function renderOnboarding() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderPage(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <AppShell onSignOut={() => undefined}>
          <Onboarding />
        </AppShell>
      </AuthProvider>
    </QueryClientProvider>,
    { path: "/landing" },
  );
}

describe("onboarding cards", () => {
  beforeEach(() => {
    installLayoutApis();
    localStorage.setItem(SESSION_TOKEN_KEY, "session");
  });
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it("show only what is not dismissed, once the saved settings have loaded", async () => {
    fakeServer({ gantry_welcome: true });
    renderOnboarding();
    expect(await screen.findByRole("region", { name: "Tutorials" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Get started with Gantry" })).not.toBeInTheDocument();
  });

  it("mark the welcome card's repository step done once the onboarding task connect_repository is", async () => {
    fakeServer({ connect_repository: true });
    renderOnboarding();
    const step = await screen.findByText(/Connect a GitHub repository to the workspace/);
    expect(step).toHaveTextContent("Done");
  });

  it("leave the repository step open while connect_repository is not marked", async () => {
    fakeServer({});
    renderOnboarding();
    const step = await screen.findByText(/Connect a GitHub repository to the workspace/);
    expect(step).not.toHaveTextContent("Done");
  });

  it("save the welcome card's dismissal and a tutorial's viewing", async () => {
    const { saves, analytics } = fakeServer({});
    renderOnboarding();
    await userEvent.click(await screen.findByRole("button", { name: "Dismiss welcome" }));
    expect(screen.queryByRole("region", { name: "Get started with Gantry" })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Workflows" }));
    expect(await screen.findByRole("button", { name: "Workflows Viewed" })).toHaveAttribute("aria-expanded", "true");
    expect(saves).toEqual([
      { name: "gantry_welcome", value: true },
      { name: "workflows_tutorial_viewed", value: true },
    ]);
    await waitFor(() =>
      expect(analytics).toEqual([
        { event: "Tutorial Opened", properties: { tutorial: "Workflows" } },
        { properties: { tutorials_viewed: 1 } },
      ]),
    );
  });

  it("bring a card back and say so when the server refuses the dismissal", async () => {
    fakeServer({}, { refuseSaves: true });
    renderOnboarding();
    await userEvent.click(await screen.findByRole("button", { name: "Dismiss welcome" }));
    expect(await screen.findByText(SETTING_NOT_SAVED)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("region", { name: "Get started with Gantry" })).toBeInTheDocument());
  });

  it("ask before hiding the tutorials, unless told not to show that again", async () => {
    const { saves } = fakeServer({ gantry_welcome: true });
    renderOnboarding();
    await userEvent.click(await screen.findByRole("button", { name: "Hide tutorials" }));
    const dialog = screen.getByRole("dialog", { name: "Hide the tutorials?" });
    await userEvent.click(within(dialog).getByRole("checkbox", { name: "Don’t show me this again" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Hide tutorials" }));
    expect(dialog).not.toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Tutorials" })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(saves).toEqual([
        { name: "tutorials_panel_dismissed", value: true },
        { name: "hide_tutorials_confirmation_dismissed", value: true },
      ]),
    );
  });
});
