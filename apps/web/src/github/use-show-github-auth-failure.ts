import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";
import { WORKSPACE_AUTH_FAILED_PATH, type WorkspaceAuthFailedState } from "./auth-failures";

/** Opens the auth-failed page for an invalid GitHub token, remembering the page to come back to. */
export function useShowGitHubAuthFailure(): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  const from = location.pathname + location.search;
  return useCallback(() => {
    const state: WorkspaceAuthFailedState = { failure: "code-host-token-invalid", from };
    navigate(WORKSPACE_AUTH_FAILED_PATH, { state });
  }, [navigate, from]);
}
