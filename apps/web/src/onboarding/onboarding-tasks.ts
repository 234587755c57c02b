import type { KnownUserSetting } from "@gantry/domain";
import { useCallback } from "react";
import { useUserSettings } from "../settings/use-user-settings";

/**
 * SPEC §4 "Repository creator": after a repository is created the onboarding task `connect_repository`
 * is marked. Gantry keeps it as a saved user setting of that name; connecting one by import marks it too.
 */
export const CONNECT_REPOSITORY_TASK = "connect_repository" satisfies KnownUserSetting;

/**
 * Marks an onboarding task done. It is a record of what the person did, not a choice they made, so a
 * failure to save says nothing: the task is marked again the next time they do it.
 */
export function useMarkOnboardingTask(task: string) {
  const { settings, save } = useUserSettings();
  const done = settings?.[task] === true;
  return useCallback(() => {
    if (!done) save(task, true).catch(() => undefined);
  }, [done, save, task]);
}
