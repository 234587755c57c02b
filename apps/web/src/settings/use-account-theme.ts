import { THEMES, type Theme } from "@gantry/domain";
import { useCallback, useMemo } from "react";
import type { AccountTheme } from "../shell/use-theme";
import { useUserSettings } from "./use-user-settings";

/** `webapp_theme_preference` from the saved user settings, for the shell's theme switch. */
export function useAccountTheme(): AccountTheme {
  const { settings, save } = useUserSettings();
  const value = settings?.webapp_theme_preference;
  const theme = THEMES.find((each) => each === value) ?? null;
  const saveTheme = useCallback((chosen: Theme) => save("webapp_theme_preference", chosen), [save]);
  return useMemo(() => ({ theme, save: saveTheme }), [theme, saveTheme]);
}
