/**
 * SPEC §9 stored token keys. The web app keeps its session under `authV2_token`; the others
 * belong to GitHub, API and extension sign-in and are erased with it.
 */
export const STORED_TOKEN_KEYS = [
  "github_token",
  "api_token",
  "auth0_token",
  "authV2_token",
  "temp_authV2_token",
] as const;
export const SESSION_TOKEN_KEY = "authV2_token";

export function readSessionToken(storage: Storage): string | null {
  return storage.getItem(SESSION_TOKEN_KEY);
}

export function storeSessionToken(storage: Storage, token: string): void {
  storage.setItem(SESSION_TOKEN_KEY, token);
}

export function eraseStoredTokens(storage: Storage): void {
  for (const key of STORED_TOKEN_KEYS) storage.removeItem(key);
}
