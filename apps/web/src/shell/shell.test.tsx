import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useMemo } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { THEME_STORAGE_KEY } from "../app/theme";
import { emulateSystemDark, installLayoutApis } from "../test/browser-apis";
import { renderPage } from "../test/render";
import { AppShell } from "./AppShell";
import { type PaletteCommand, useRegisterCommands } from "./command-palette/command-registry";

function FeaturePage({ onOpenBoard }: { onOpenBoard: () => void }) {
  const commands = useMemo<PaletteCommand[]>(
    () => [
      { id: "board", group: "Workspaces", label: "Open Mobile board", run: onOpenBoard },
      { id: "estimate", group: "Issue", label: "Estimate this issue", shortcut: "Shift+E", run: () => undefined },
    ],
    [onOpenBoard],
  );
  useRegisterCommands(commands);
  return <p>Feature page</p>;
}

function renderShell(options: { onOpenBoard?: () => void } = {}) {
  const onSignOut = vi.fn();
  renderPage(
    <AppShell
      onSignOut={onSignOut}
      organizationSlot={<button type="button">Acme</button>}
      navigationSlot={<a href="/workspaces/mobile">Mobile</a>}
    >
      <FeaturePage onOpenBoard={options.onOpenBoard ?? (() => undefined)} />
    </AppShell>,
    { path: "/landing" },
  );
  return { onSignOut };
}

describe("app shell", () => {
  beforeEach(() => {
    installLayoutApis();
    emulateSystemDark(false);
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ version: "4.5.51", buildId: "development" })),
    );
  });
  afterEach(() => {
    localStorage.clear();
    document.documentElement.removeAttribute("data-color-mode");
    vi.unstubAllGlobals();
  });

  it("frames the page with the organisation slot, workspace navigation and user menu", () => {
    renderShell();
    const header = screen.getByRole("banner");
    expect(within(header).getByRole("link", { name: "Gantry home" })).toHaveAttribute("href", "/landing");
    expect(within(header).getByRole("button", { name: "Acme" })).toBeInTheDocument();
    expect(within(header).getByRole("navigation", { name: "Workspace" })).toContainElement(
      screen.getByRole("link", { name: "Mobile" }),
    );
    expect(screen.getByText("Feature page")).toBeInTheDocument();
  });

  it("follows the system theme until one is chosen in the user menu, then stores it", async () => {
    emulateSystemDark(true);
    renderShell();
    const menuButton = screen.getByRole("button", { name: "Open user menu" });
    menuButton.focus();
    await userEvent.keyboard("{ArrowDown}");
    const themeSwitch = screen.getByRole("menuitemcheckbox", { name: "Dark theme" });
    expect(themeSwitch).toHaveFocus();
    expect(themeSwitch).toHaveAttribute("aria-checked", "true");
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();

    await userEvent.keyboard("{Enter}");
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe("light-mode");
    expect(document.documentElement.dataset.colorMode).toBe("light");
    expect(menuButton).toHaveFocus();

    await userEvent.click(menuButton);
    await userEvent.click(screen.getByRole("menuitemcheckbox", { name: "Dark theme" }));
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe("dark-mode");
    expect(document.documentElement.dataset.colorMode).toBe("dark");
  });

  it("signs out from the user menu, and Escape closes the menu", async () => {
    const { onSignOut } = renderShell();
    await userEvent.click(screen.getByRole("button", { name: "Open user menu" }));
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("menu")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Open user menu" }));
    await userEvent.keyboard("{End}");
    expect(screen.getByRole("menuitem", { name: "Sign out" })).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });

  it("opens the command palette with Ctrl+K or Cmd+K and closes it with Escape", async () => {
    renderShell();
    await userEvent.keyboard("{Control>}k{/Control}");
    // The palette is a chunk of its own, read when first opened (decision 0072).
    expect(await screen.findByRole("dialog", { name: "Command palette" })).toBeInTheDocument();
    expect(screen.getByRole("combobox")).toHaveFocus();
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("dialog", { name: "Command palette" })).not.toBeInTheDocument();
    await userEvent.keyboard("{Meta>}k{/Meta}");
    expect(await screen.findByRole("dialog", { name: "Command palette" })).toBeInTheDocument();
  });

  it("finds what features registered and runs it on Enter", async () => {
    const onOpenBoard = vi.fn();
    renderShell({ onOpenBoard });
    await userEvent.keyboard("{Control>}k{/Control}");
    expect(await screen.findByRole("option", { name: "Open Mobile board" })).toBeInTheDocument();
    await userEvent.keyboard("mobile");
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual(["Open Mobile board"]);
    await userEvent.keyboard("{Enter}");
    expect(onOpenBoard).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("dialog", { name: "Command palette" })).not.toBeInTheDocument();
  });

  it("runs the shell's own actions from the palette", async () => {
    renderShell();
    await userEvent.keyboard("{Control>}k{/Control}");
    await screen.findByRole("dialog", { name: "Command palette" });
    await userEvent.keyboard("dark theme{Enter}");
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe("dark-mode");
    await userEvent.keyboard("{Control>}k{/Control}");
    expect(await screen.findByRole("option", { name: "Switch to light theme" })).toBeInTheDocument();
  });

  it("shows the shortcut sheet on ?, but not while typing in a field", async () => {
    renderShell();
    await userEvent.keyboard("?");
    const sheet = await screen.findByRole("dialog", { name: "Keyboard shortcuts" });
    expect(within(sheet).getByText("Open the command palette")).toBeInTheDocument();
    // What is open lists its own keys under its own heading.
    const issueKeys = within(sheet).getByRole("region", { name: "Issue" });
    expect(within(issueKeys).getByText("Estimate this issue")).toBeInTheDocument();
    expect(
      within(issueKeys)
        .getAllByText(/^(Shift|E)$/)
        .map((key) => key.tagName),
    ).toEqual(["KBD", "KBD"]);
    await userEvent.click(within(sheet).getByRole("button", { name: "Close" }));

    await userEvent.keyboard("{Control>}k{/Control}");
    await screen.findByRole("dialog", { name: "Command palette" });
    await userEvent.keyboard("?");
    expect(screen.getByRole("combobox")).toHaveValue("?");
    expect(screen.queryByRole("dialog", { name: "Keyboard shortcuts" })).not.toBeInTheDocument();
  });
});
