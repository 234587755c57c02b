/** What "Sign out everywhere" (and a password reset) ended: live sessions and working API keys. */
export interface RevokedCredentials {
  sessions: number;
  apiKeys: number;
}

function counted(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

/**
 * "2 other sessions ended and 1 API key was revoked": the same words in the mail, on the account page and
 * in the audit log. "Sign out everywhere" keeps the session it was done from, so it counts "other"
 * sessions; a password reset ends them all (decision 0063).
 */
export function revokedCredentialsText(
  { sessions, apiKeys }: RevokedCredentials,
  sessionNoun: "other session" | "session" = "other session",
): string {
  return `${counted(sessions, sessionNoun)} ended and ${counted(apiKeys, "API key")} ${apiKeys === 1 ? "was" : "were"} revoked`;
}
