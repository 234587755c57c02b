import { SESSION_TOKEN_KEY, STORED_TOKEN_KEYS } from "@gantry/domain";

export { SESSION_TOKEN_KEY, STORED_TOKEN_KEYS };

export function readSessionToken(storage: Storage): string | null {
  return storage.getItem(SESSION_TOKEN_KEY);
}

export function storeSessionToken(storage: Storage, token: string): void {
  storage.setItem(SESSION_TOKEN_KEY, token);
}

export function eraseStoredTokens(storage: Storage): void {
  for (const key of STORED_TOKEN_KEYS) storage.removeItem(key);
}
