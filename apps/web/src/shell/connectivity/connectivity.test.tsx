import { act, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from "vitest";
import { installLayoutApis } from "../../test/browser-apis";
import { renderPage } from "../../test/render";
import { AppShell } from "../AppShell";

const OFFLINE = "Looks like you're offline. Some actions may not work";

let fetchMock: Mock<typeof fetch>;
let serverBuildId: string | null;

function setTabHidden(hidden: boolean) {
  Object.defineProperty(document, "hidden", { configurable: true, value: hidden });
  document.dispatchEvent(new Event("visibilitychange"));
}

async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

function renderShell() {
  const reload = vi.fn();
  renderPage(<AppShell onSignOut={() => undefined} reload={reload} />, { path: "/landing" });
  return { reload };
}

describe("offline detection", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    installLayoutApis();
    serverBuildId = "development";
    fetchMock = vi.fn(async () => {
      if (serverBuildId === null) throw new TypeError("Failed to fetch");
      return Response.json({ version: "4.5.51", buildId: serverBuildId });
    });
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => {
    setTabHidden(false);
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("polls /version.json every 30 s with a cache-busting timestamp", async () => {
    renderShell();
    await advance(29_999);
    expect(fetchMock).not.toHaveBeenCalled();
    await advance(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toMatch(/^\/version\.json\?t=\d+$/);
    await advance(30_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("shows the offline toast while the server cannot be reached, and removes it when back", async () => {
    renderShell();
    serverBuildId = null;
    await advance(30_000);
    expect(screen.getByRole("alert")).toHaveTextContent(OFFLINE);
    await advance(30_000);
    expect(screen.getAllByText(OFFLINE)).toHaveLength(1);
    serverBuildId = "development";
    await advance(30_000);
    expect(screen.queryByText(OFFLINE)).not.toBeInTheDocument();
  });

  it("pauses while the tab is hidden and checks at once when it is shown again", async () => {
    renderShell();
    setTabHidden(true);
    await advance(120_000);
    expect(fetchMock).not.toHaveBeenCalled();
    serverBuildId = null;
    await act(async () => setTabHidden(false));
    await advance(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.getByText(OFFLINE)).toBeInTheDocument();
  });

  it("offers a reload when the server runs another build", async () => {
    const { reload } = renderShell();
    serverBuildId = "abc123-newer";
    await advance(30_000);
    expect(screen.getByRole("status")).toHaveTextContent("A new version of Gantry is available.");
    await act(async () => screen.getByRole("button", { name: "Reload" }).click());
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
