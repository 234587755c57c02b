import type { UserSettingValue } from "@gantry/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useAuth } from "../accounts/auth-context";
import { useGraphQL } from "../api/use-graphql";
import { useAfterFirstCards } from "../app/first-cards";

/** Saved user settings by name; a name missing is unset (SPEC §3 "Saved user settings flags"). */
export type UserSettings = Readonly<Record<string, UserSettingValue>>;

const READ = "query ViewerUserSettings { viewer { userSettings { name value } } }";
const SET = `mutation SetUserSetting($name: String!, $value: JSON!) {
  setUserSetting(input: { name: $name, value: $value }) { userSetting { name } }
}`;

interface ReadAnswer {
  viewer: { userSettings: { name: string; value: UserSettingValue }[] };
}

export interface SavedUserSettings {
  /** Undefined until loaded, so nothing dismissed flashes into view while they load. */
  settings: UserSettings | undefined;
  /** Saves at once in the page, then on the server; on failure the page goes back and the promise rejects. */
  save: (name: string, value: UserSettingValue) => Promise<void>;
}

/** The signed-in person's saved settings, loaded once after sign-in and shared by every caller. */
export function useUserSettings(): SavedUserSettings {
  const { state } = useAuth();
  const request = useGraphQL();
  const queryClient = useQueryClient();
  const userId = state.status === "signed-in" ? state.info.user.zh.raptorId : null;
  const queryKey = ["user-settings", userId];
  const afterFirstCards = useAfterFirstCards();

  const { data } = useQuery({
    queryKey,
    // After a board's first cards (decision 0101): until then, nothing dismissed shows, as while loading.
    enabled: userId !== null && afterFirstCards,
    // Only this person changes their settings, and every change goes through the cache below.
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => {
      const answer = await request<ReadAnswer>(READ);
      return Object.fromEntries(answer.viewer.userSettings.map((setting) => [setting.name, setting.value]));
    },
  });

  const { mutateAsync } = useMutation({
    mutationFn: (setting: { name: string; value: UserSettingValue }) => request(SET, setting),
    onMutate: async ({ name, value }) => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData<UserSettings>(queryKey);
      queryClient.setQueryData<UserSettings>(queryKey, { ...before, [name]: value });
      return { before };
    },
    onError: (_error, _setting, context) => {
      queryClient.setQueryData(queryKey, context?.before);
      // Another save may have been under way; the server's list is the truth to settle on.
      void queryClient.invalidateQueries({ queryKey });
    },
  });

  const save = useCallback(
    async (name: string, value: UserSettingValue) => {
      await mutateAsync({ name, value });
    },
    [mutateAsync],
  );
  return { settings: data, save };
}
