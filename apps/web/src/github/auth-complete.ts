import { CODE_HOST_NAME, LOGIN_MESSAGES, loginErrorMessage } from "@gantry/domain";

export interface CompletedSignIn {
  token: string;
  returnTo: string;
}

/** Reads `#token=…&return_to=…`, the fragment the GitHub callback ends on; null when there is no token. */
export function readCompletedSignIn(hash: string): CompletedSignIn | null {
  const fields = new URLSearchParams(hash.replace(/^#/, ""));
  const token = fields.get("token");
  if (!token) return null;
  const returnTo = fields.get("return_to") ?? "";
  // Only paths inside the app: a fragment can be written by anyone who sends a link.
  return { token, returnTo: /^\/(?!\/)/.test(returnTo) ? returnTo : "/landing" };
}

export const GITHUB_SIGN_IN_UNFINISHED = `Signing in with ${CODE_HOST_NAME} didn't finish. Please try again.`;

/**
 * The /login?authError=… text shown: the §8 login messages for the server texts they know, and for
 * the GitHub flow's own failures (an expired or tampered state, a refused code) a plain retry hint.
 */
export function gitHubSignInErrorMessage(serverText: string): string {
  const known = loginErrorMessage(serverText);
  if (known !== LOGIN_MESSAGES.fallback) return known;
  // Opened at an address GitHub cannot send the person back to: say which one works.
  const origin = /^github sign-in must start at (\S+):/.exec(serverText)?.[1];
  if (origin) {
    return `Signing in with ${CODE_HOST_NAME} works only at ${origin}. Open Gantry there, or ask whoever runs it to set PUBLIC_URL to the address you use.`;
  }
  return serverText.toLowerCase().startsWith(`${CODE_HOST_NAME.toLowerCase()} sign-in`)
    ? GITHUB_SIGN_IN_UNFINISHED
    : LOGIN_MESSAGES.fallback;
}

/** The server's text for a GitHub account that is already another Gantry account's (LINKED_ELSEWHERE). */
const LINKED_ELSEWHERE = "this github account is linked to another account.";

/** What the GitHub card says when connecting GitHub to the signed-in account was refused (`?githubError=`). */
export function gitHubConnectErrorMessage(serverText: string): string {
  return serverText === LINKED_ELSEWHERE
    ? `This ${CODE_HOST_NAME} account is already connected to another Gantry account. Sign in to that account to use it, or connect a different ${CODE_HOST_NAME} account.`
    : GITHUB_SIGN_IN_UNFINISHED;
}
