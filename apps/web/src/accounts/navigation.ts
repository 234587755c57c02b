import { useLocation } from "react-router";

/** Navigation state /login accepts (SPEC §2), plus where to go back to after signing in. */
export interface LoginState {
  email?: string;
  accountUnlocked?: boolean;
  accountUnlockFailed?: boolean;
  passwordReset?: boolean;
  from?: string;
}

/** Navigation state /verify-email accepts (SPEC §2). */
export interface VerifyEmailState {
  signupEmail?: string;
}

export function useNavigationState<State extends object>(): State {
  const { state } = useLocation();
  return (state && typeof state === "object" ? state : {}) as State;
}
