import { EARLY_SESSION_TOKEN_KEY } from "../board/early-board-request";
import { fetchServerVersion, type ServerVersion } from "./connectivity";

/**
 * The two answers every page of the app waits for before it shows anything, asked for by the early
 * script while the app's code still loads (issue #32, decision 0101): the connectivity check
 * (main.tsx renders nothing before it answers) and the user-info load (RequireAuth shows a loader
 * until it answers). Sent from the app, each was a round trip after the code, one after the other.
 * Kept in the window until the app takes them, once.
 */
const VERSION_SLOT = "__gantryEarlyServerVersion";
const USER_INFO_SLOT = "__gantryEarlyUserInfo";

interface EarlyUserInfo {
  token: string;
  answer: Promise<Response>;
}

type EarlyWindow = Pick<Window, "localStorage" | "fetch"> & {
  [VERSION_SLOT]?: Promise<ServerVersion>;
  [USER_INFO_SLOT]?: EarlyUserInfo;
};

/** Runs from `early.ts`: sends the connectivity check, and the user-info load when a session is stored. */
export function sendEarlyAppRequests(page: EarlyWindow = window): void {
  const send = page.fetch.bind(page);
  const version = fetchServerVersion(send);
  // Taken and reported by main.tsx (the load-failure page); not an unhandled rejection here.
  version.catch(() => undefined);
  page[VERSION_SLOT] = version;

  let token: string | null = null;
  try {
    token = page.localStorage.getItem(EARLY_SESSION_TOKEN_KEY);
  } catch {
    // Storage refused (the extension's framed pages): the app asks for itself.
  }
  if (!token) return;
  const answer = send("/api/user-info", { headers: { authorization: `Bearer ${token}` } });
  // A failure is the app's to report (loadUserInfo), once it takes the answer.
  answer.catch(() => undefined);
  page[USER_INFO_SLOT] = { token, answer };
}

/** The early connectivity check, once; undefined when the early script did not send one (development). */
export function takeEarlyServerVersion(page: EarlyWindow = window): Promise<ServerVersion> | undefined {
  const version = page[VERSION_SLOT];
  page[VERSION_SLOT] = undefined;
  return version;
}

/**
 * The early user-info answer for this session token, once: a later load (signing in, "Sign in
 * again") or another token asks the server itself.
 */
export function takeEarlyUserInfo(token: string, page: EarlyWindow = window): Promise<Response> | undefined {
  const early = page[USER_INFO_SLOT];
  page[USER_INFO_SLOT] = undefined;
  return early?.token === token ? early.answer : undefined;
}
