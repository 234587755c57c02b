import type { Theme } from "@gantry/domain";
import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useMemo, useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { THEME_STORAGE_KEY } from "../app/theme";
import { emulateSystemDark, installLayoutApis } from "../test/browser-apis";
import { renderPage } from "../test/render";
import { AppShell } from "./AppShell";

type Save = (theme: Theme, setAccountTheme: (theme: Theme | null) => void) => Promise<void>;
let setAccountTheme: (theme: Theme | null) => void = () => undefined;

/** The shell with an account theme the test changes, as the saved settings would. */
function ShellWithAccountTheme({ save }: { save: Save }) {
  const [theme, setTheme] = useState<Theme | null>(null);
  setAccountTheme = setTheme;
  const accountTheme = useMemo(() => ({ theme, save: (chosen: Theme) => save(chosen, setTheme) }), [theme, save]);
  return (
    <AppShell onSignOut={() => undefined} accountTheme={accountTheme}>
      <p>Page</p>
    </AppShell>
  );
}

const colorMode = () => document.documentElement.dataset.colorMode;

async function chooseTheme(name: "Dark theme") {
  await userEvent.click(screen.getByRole("button", { name: "Open user menu" }));
  await userEvent.click(screen.getByRole("menuitemcheckbox", { name }));
}

describe("the theme saved on the account", () => {
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

  it("wins over this device's choice when it arrives, and a new choice is saved to it", async () => {
    localStorage.setItem(THEME_STORAGE_KEY, "light-mode");
    const save = vi.fn<Save>(async (theme, setTheme) => setTheme(theme));
    renderPage(<ShellWithAccountTheme save={save} />, { path: "/landing" });
    expect(colorMode()).not.toBe("dark");

    act(() => setAccountTheme("dark-mode"));
    expect(colorMode()).toBe("dark");
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe("dark-mode");

    await chooseTheme("Dark theme");
    expect(save).toHaveBeenCalledWith("light-mode", expect.any(Function));
    expect(colorMode()).toBe("light");
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe("light-mode");
  });

  it("goes back to the saved theme and says so when saving fails", async () => {
    // As the settings cache does: the choice shows at once, and the old value comes back when the server refuses.
    const save = vi.fn<Save>(async (theme, setTheme) => {
      setTheme(theme);
      await new Promise((resolve) => setTimeout(resolve, 10));
      setTheme("light-mode");
      throw new Error("offline");
    });
    renderPage(<ShellWithAccountTheme save={save} />, { path: "/landing" });
    act(() => setAccountTheme("light-mode"));

    await chooseTheme("Dark theme");
    expect(
      await screen.findByText("Your theme choice could not be saved. Check your connection and try again."),
    ).toBeInTheDocument();
    expect(colorMode()).toBe("light");
  });
});
