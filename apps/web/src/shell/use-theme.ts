import type { Theme } from "@gantry/domain";
import { useCallback, useEffect, useState } from "react";
import { applyTheme, readThemePreference, THEME_STORAGE_KEY } from "../app/theme";

const SYSTEM_DARK = "(prefers-color-scheme: dark)";

function systemPrefersDark(): boolean {
  return window.matchMedia?.(SYSTEM_DARK).matches ?? false;
}

/**
 * The chosen theme, or the system's until one is chosen. `dark` is what the page shows, so a
 * switch can say which way it would flip.
 */
export function useTheme(storage: Storage = window.localStorage) {
  const [chosen, setChosen] = useState<Theme | null>(() => readThemePreference(storage));
  const [systemDark, setSystemDark] = useState(systemPrefersDark);

  useEffect(() => {
    const query = window.matchMedia?.(SYSTEM_DARK);
    if (!query) return;
    const follow = (event: MediaQueryListEvent) => setSystemDark(event.matches);
    query.addEventListener("change", follow);
    return () => query.removeEventListener("change", follow);
  }, []);

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
