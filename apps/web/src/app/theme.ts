import type { Theme } from "@gantry/domain";

/** Saved under the user-settings flag name; until chosen, the page follows the system. */
export const THEME_STORAGE_KEY = "webapp_theme_preference";

export function readThemePreference(storage: Storage | null): Theme | null {
  const value = storage?.getItem(THEME_STORAGE_KEY);
  return value === "dark-mode" || value === "light-mode" ? value : null;
}

/** Primer's tokens switch on data-color-mode: "auto" follows prefers-color-scheme. */
export function applyTheme(root: HTMLElement, theme: Theme | null): void {
  root.dataset.colorMode = theme === "dark-mode" ? "dark" : theme === "light-mode" ? "light" : "auto";
}
