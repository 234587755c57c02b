/** What "Sign out everywhere" (and a password reset) ended: live sessions and working API keys. */
export interface RevokedCredentials {
  sessions: number;
  apiKeys: number;
}

function counted(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

/**
 * "2 other sessions ended and 1 API key was revoked": the same words in the mail and on the account
 * page, which counts the session it was done from out (decision 0063).
 */
export function revokedCredentialsText({ sessions, apiKeys }: RevokedCredentials): string {
  return `${counted(sessions, "other session")} ended and ${counted(apiKeys, "API key")} ${apiKeys === 1 ? "was" : "were"} revoked`;
}
