import { browser } from "wxt/browser";
import { SIGN_IN_STATE_KEY, storeSessionToken, tokenFromCallback } from "../../lib/tokens";

/**
 * Where Gantry's extension sign-in tab sends the new token. It is kept only when the state is
 * the one the extension opened the tab with, so no other page can sign the extension in.
 */
async function finish(): Promise<string> {
  const hash = window.location.hash;
  // The token must not stay in the address or the history.
  history.replaceState(null, "", window.location.pathname);
  const expected = (await browser.storage.session.get(SIGN_IN_STATE_KEY))[SIGN_IN_STATE_KEY];
  const token = tokenFromCallback(hash, expected);
  if (!token) return "This sign-in was not started from the Gantry extension. Start it again from a GitHub page.";
  await browser.storage.session.remove(SIGN_IN_STATE_KEY);
  await storeSessionToken(browser.storage.local, token);
  return "You're signed in to Gantry. You can close this tab and go back to GitHub.";
}

void finish().then((text) => {
  const message = document.getElementById("message");
  if (message) message.textContent = text;
});
