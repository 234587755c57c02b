import { useCallback } from "react";
import { useToasts } from "../ui/toast/toast-context";
import { useUserSettings } from "./use-user-settings";

export const SETTING_NOT_SAVED = "Your choice could not be saved. Check your connection and try again.";

/**
 * A boolean user setting such as a dismissal. `on` is undefined while settings load; setting it
 * applies at once and, if the server refuses, goes back with an error toast.
 */
export function useFlagSetting(name: string) {
  const { settings, save } = useUserSettings();
  const toasts = useToasts();
  const set = useCallback(
    (value: boolean) => {
      save(name, value).catch(() => toasts.show({ kind: "error", message: SETTING_NOT_SAVED }));
    },
    [name, save, toasts],
  );
  return { on: settings === undefined ? undefined : settings[name] === true, set };
}
