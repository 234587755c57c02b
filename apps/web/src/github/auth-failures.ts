import { CODE_HOST_NAME } from "@gantry/domain";

/** SPEC §8 "Workspace authentication failures": the four cases. */
export type WorkspaceAuthFailure = "code-host-token-invalid" | "account-missing" | "token-revoked" | "expired";

export interface WorkspaceAuthFailureTexts {
  title: string;
  body: string;
  action:
    | { kind: "provider-sign-in" }
    | { kind: "sign-in-again"; label: string }
    | { kind: "return-to-login"; label: string };
  supportSubject: string;
  /** The token-revoked case drops "and let us know how we can help" from the contact line. */
  dropSupportHelpEnding: boolean;
}

export function workspaceAuthFailureTexts(
  failure: WorkspaceAuthFailure,
  productName: string,
): WorkspaceAuthFailureTexts {
  switch (failure) {
    case "code-host-token-invalid":
      return {
        title: `Your ${CODE_HOST_NAME} token is invalid`,
        body: "Please sign in to continue",
        action: { kind: "provider-sign-in" },
        supportSubject: "Tokens have expired",
        dropSupportHelpEnding: false,
      };
    case "account-missing":
      return {
        title: `Your ${productName} account may no longer exist or is unavailable.`,
        body: "Please sign in with a different account",
        action: { kind: "sign-in-again", label: "Sign in again" },
        supportSubject: "Account not found",
        dropSupportHelpEnding: false,
      };
    case "token-revoked":
      return {
        title: "Your access token has been revoked",
        body: "Return to the login page to sign in with another account",
        action: { kind: "return-to-login", label: "Return to login" },
        supportSubject: "Auth token revoked",
        dropSupportHelpEnding: true,
      };
    case "expired":
      return {
        title: "Your token has expired",
        body: "Please sign in to continue",
        action: { kind: "sign-in-again", label: "Sign in again" },
        supportSubject: "Tokens have expired",
        dropSupportHelpEnding: false,
      };
  }
}

export const WORKSPACE_AUTH_FAILED_PATH = "/workspace-authentication-failed";

/** Navigation state the auth-failed page reads: which case, and the page to come back to. */
export interface WorkspaceAuthFailedState {
  failure?: WorkspaceAuthFailure;
  from?: string;
}
