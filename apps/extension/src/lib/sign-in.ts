import { EXTENSION_BASE_PATH } from "@gantry/domain";
import { browser } from "wxt/browser";
import { readSettings } from "./settings";
import { eraseStoredTokens, SIGN_IN_STATE_KEY } from "./tokens";

/**
 * Starts extension authentication (SPEC §4): erases the stored tokens and opens Gantry's
 * extension sign-in in a tab, with a fresh state the callback page will check.
 */
export async function startSignIn(): Promise<void> {
  const { serverUrl } = await readSettings(browser.storage.local);
  await eraseStoredTokens(browser.storage.local);
  const state = crypto.randomUUID();
  await browser.storage.session.set({ [SIGN_IN_STATE_KEY]: state });
  const returnTo = browser.runtime.getURL("/auth-callback.html");
  const query = new URLSearchParams({ state, return_to: returnTo });
  await browser.tabs.create({ url: `${serverUrl}${EXTENSION_BASE_PATH}/sign-in?${query}` });
}
