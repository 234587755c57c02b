/**
 * SPEC §9 stored token keys. The session lives under `authV2_token`; the others belong to
 * GitHub, API and extension sign-in and are erased with it. The web app keeps them in local
 * storage, the browser extension in its own storage.
 */
export const STORED_TOKEN_KEYS = [
  "github_token",
  "api_token",
  "auth0_token",
  "authV2_token",
  "temp_authV2_token",
] as const;
export const SESSION_TOKEN_KEY = "authV2_token";
