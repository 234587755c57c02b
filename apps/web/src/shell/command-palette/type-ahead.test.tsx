import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { installLayoutApis } from "../../test/browser-apis";
import { renderPage } from "../../test/render";
import { AppShell } from "../AppShell";

/** The palette's chunk, held back until the test lets it arrive: a first visit on a slow connection. */
const chunk = vi.hoisted(() => {
  let arrive: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  return { arrive: () => arrive(), arrived };
});
vi.mock("./CommandPalette", async (importOriginal) => {
  await chunk.arrived;
  return importOriginal();
});

describe("keys typed while the command palette's code loads", () => {
  beforeEach(() => {
    installLayoutApis();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ version: "4.5.51", buildId: "development" })),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("land in the box in order once it exists, and are neither shortcuts nor typing on the page meanwhile", async () => {
    const onSignOut = vi.fn();
    renderPage(
      <AppShell onSignOut={onSignOut}>
        <input aria-label="Filter cards" />
      </AppShell>,
      { path: "/landing" },
    );
    const field = screen.getByRole("textbox", { name: "Filter cards" });
    field.focus();

    // Closed again before its box exists: what was typed is dropped and keys reach the page again.
    await userEvent.keyboard("{Control>}k{/Control}ab{Escape}");
    await userEvent.keyboard("cd");
    expect(field).toHaveValue("cd");

    await userEvent.keyboard("{Control>}k{/Control}");
    // "?" would open the shortcut sheet, and the focused field behind would take the letters.
    await userEvent.keyboard("sign?x{Backspace} out");
    expect(screen.queryByRole("dialog", { name: "Command palette" })).not.toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: "Keyboard shortcuts" })).not.toBeInTheDocument();
    expect(field).toHaveValue("cd");

    chunk.arrive();
    const box = await screen.findByRole("combobox");
    expect(box).toHaveFocus();
    expect(box).toHaveValue("sign? out");
    // Typing goes on where the early keys left off, and the palette finds what they spelled.
    await userEvent.keyboard("{Backspace}{Backspace}{Backspace}{Backspace}{Backspace} out");
    expect(box).toHaveValue("sign out");
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual(["Sign out"]);
    await userEvent.keyboard("{Enter}");
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });
});
