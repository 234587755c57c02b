import type { Theme } from "@gantry/domain";
import { useCallback, useEffect, useState } from "react";
import { applyTheme, readThemePreference, THEME_STORAGE_KEY } from "../app/theme";

const SYSTEM_DARK = "(prefers-color-scheme: dark)";

function systemPrefersDark(): boolean {
  return window.matchMedia?.(SYSTEM_DARK).matches ?? false;
}

/** The theme saved on the person's account (`webapp_theme_preference`), and how to save a new choice. */
export interface AccountTheme {
  theme: Theme | null;
  save: (theme: Theme) => Promise<void>;
}

/**
 * The chosen theme, or the system's until one is chosen. `dark` is what the page shows, so a
 * switch can say which way it would flip. A theme saved on the account wins over this device's
 * when it arrives or changes, so a choice made on another device follows the person here.
 */
export function useTheme(storage: Storage = window.localStorage, accountTheme: Theme | null = null) {
  const [chosen, setChosen] = useState<Theme | null>(() => readThemePreference(storage));
  const [systemDark, setSystemDark] = useState(systemPrefersDark);

  useEffect(() => {
    const query = window.matchMedia?.(SYSTEM_DARK);
    if (!query) return;
    const follow = (event: MediaQueryListEvent) => setSystemDark(event.matches);
    query.addEventListener("change", follow);
    return () => query.removeEventListener("change", follow);
  }, []);

  useEffect(() => {
    if (!accountTheme || accountTheme === readThemePreference(storage)) return;
    storage.setItem(THEME_STORAGE_KEY, accountTheme);
    applyTheme(document.documentElement, accountTheme);
    setChosen(accountTheme);
  }, [accountTheme, storage]);

  const choose = useCallback(
    (theme: Theme) => {
      storage.setItem(THEME_STORAGE_KEY, theme);
      applyTheme(document.documentElement, theme);
      setChosen(theme);
    },
    [storage],
  );

  const dark = chosen ? chosen === "dark-mode" : systemDark;
  return { chosen, dark, choose };
}
