import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useAuth } from "../accounts/auth-context";

/**
 * Drops every cached answer when a session ends, so the next person to sign in never sees the
 * last one's data. Only an ending session clears: a visitor who was never signed in keeps
 * their public queries (the invitation check) running.
 */
export function useForgetDataOnSignOut(): void {
  const { state } = useAuth();
  const queryClient = useQueryClient();
  const hadSession = useRef(false);
  useEffect(() => {
    if ("token" in state) hadSession.current = true;
    else if (state.status === "signed-out" && hadSession.current) {
      hadSession.current = false;
      queryClient.clear();
    }
  }, [state, queryClient]);
}
