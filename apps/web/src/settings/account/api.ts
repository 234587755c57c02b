import type { RevokedCredentials } from "@gantry/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { authCall } from "../../accounts/api";
import { useAuth } from "../../accounts/auth-context";
import { useRuntimeConfig } from "../../app/runtime-config";
import { API_KEYS_KEY } from "../api-keys/api";

export interface SignOutEverywhereAnswer extends RevokedCredentials {
  /** Whether the mail saying so left; the credentials ended either way. */
  mailed: boolean;
}

/**
 * POST /api/auth/signout-everywhere with this session: every other session ends and every API key is
 * revoked; this session stays (decision 0063). A 401 means this session is over too.
 */
export function useSignOutEverywhere() {
  const { state, markUnauthorised } = useAuth();
  const { productName } = useRuntimeConfig();
  const queryClient = useQueryClient();
  const token = "token" in state ? state.token : null;
  return useMutation<SignOutEverywhereAnswer, Error>({
    mutationFn: async () => {
      const answer = await authCall<SignOutEverywhereAnswer>("signout-everywhere", {}, token);
      if (answer.ok) return answer.data;
      if (answer.status === 401) {
        markUnauthorised();
        throw new Error("Your session has ended. Sign in again.");
      }
      if (answer.status === 0) throw new Error(`${productName} could not be reached. Check your connection.`);
      throw new Error(answer.error ?? `The server answered ${answer.status}.`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_KEYS_KEY }),
  });
}
