import { SESSION_TOKEN_KEY, STORED_TOKEN_KEYS } from "@gantry/domain";
import type { StorageArea } from "./settings";

/** The session token the extension signed in with (SPEC §9 `authV2_token`), or null. */
export async function readSessionToken(area: StorageArea): Promise<string | null> {
  const token = (await area.get([SESSION_TOKEN_KEY]))[SESSION_TOKEN_KEY];
  return typeof token === "string" && token ? token : null;
}

export async function storeSessionToken(area: StorageArea, token: string): Promise<void> {
  await area.set({ [SESSION_TOKEN_KEY]: token });
}

/** Erases every stored token key (SPEC §4 "Sign in again" in extension mode). */
export async function eraseStoredTokens(area: StorageArea): Promise<void> {
  await area.remove([...STORED_TOKEN_KEYS]);
}

/** The state a sign-in tab was opened with; the callback page takes a token only with it. */
export const SIGN_IN_STATE_KEY = "gantry_sign_in_state";

/**
 * Reads the callback's fragment (`#state=…&token=…`): the token when the state is the one
 * this extension is waiting for, else null.
 */
export function tokenFromCallback(hash: string, expectedState: unknown): string | null {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const state = params.get("state");
  const token = params.get("token");
  if (typeof expectedState !== "string" || !expectedState || state !== expectedState || !token) return null;
  return token;
}
