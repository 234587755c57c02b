import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { UserMenu } from "../shell/UserMenu";
import { renderPage } from "../test/render";
import { AI_SUGGESTIONS_STORAGE_KEY } from "./use-ai-suggestions-preference";

describe("the AI suggestions preference in the user menu", () => {
  beforeEach(() => localStorage.clear());

  it("is checked by default, and choosing it stores the preference off, then on again", async () => {
    renderPage(
      <UserMenu
        dark={false}
        onChooseTheme={() => undefined}
        onShowShortcuts={() => undefined}
        onSignOut={() => undefined}
      />,
    );
    const open = screen.getByRole("button", { name: "Open user menu" });
    await userEvent.click(open);
    const item = await screen.findByRole("menuitemcheckbox", { name: "AI suggestions" });
    expect(item).toHaveAttribute("aria-checked", "true");
    await userEvent.click(item);
    expect(localStorage.getItem(AI_SUGGESTIONS_STORAGE_KEY)).toBe("false");
    await userEvent.click(open);
    await userEvent.click(await screen.findByRole("menuitemcheckbox", { name: "AI suggestions", checked: false }));
    expect(localStorage.getItem(AI_SUGGESTIONS_STORAGE_KEY)).toBe("true");
  });
});
