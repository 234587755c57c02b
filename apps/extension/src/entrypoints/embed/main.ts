import { type EmbedMessage, readEmbedMessage, SESSION_TOKEN_KEY } from "@gantry/domain";
import { browser } from "wxt/browser";
import { isGantryGitHubPath } from "../../lib/github-page";
import { readSettings } from "../../lib/settings";
import { startSignIn } from "../../lib/sign-in";
import { eraseStoredTokens, readSessionToken } from "../../lib/tokens";

/** SPEC §9: the connectivity fetch gives up after 5 s. */
const PING_TIMEOUT_MS = 5_000;

/**
 * The extension page GitHub's content script frames. Being the extension's own page, it reads
 * the stored token and hands it to the Gantry page it frames in turn; GitHub's page never sees it.
 */
const params = new URLSearchParams(window.location.search);
const path = params.get("path") ?? "";
const theme = params.get("theme") === "dark-mode" ? "dark-mode" : "light-mode";
document.documentElement.dataset.theme = theme;
const status = document.getElementById("status") as HTMLElement;

function showStatus(lines: string[], actions: { label: string; primary?: boolean; run: () => void }[]) {
  status.replaceChildren(
    ...lines.map((text, index) => {
      const line = document.createElement("p");
      line.textContent = text;
      if (index > 0) line.className = "muted";
      return line;
    }),
    ...actions.map(({ label, primary, run }) => {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = label;
      if (!primary) button.className = "secondary";
      button.addEventListener("click", run);
      return button;
    }),
  );
  status.hidden = false;
  tellParent({ type: "gantry:height", height: document.documentElement.scrollHeight });
}

/** The content script in GitHub's page sizes the sidebar frame from these. */
function tellParent(message: EmbedMessage) {
  window.parent.postMessage(message, "*");
}

async function reachable(serverUrl: string): Promise<boolean> {
  try {
    const response = await fetch(`${serverUrl}/ping`, {
      cache: "no-store",
      signal: AbortSignal.timeout(PING_TIMEOUT_MS),
    });
    return response.ok;
  } catch {
    return false;
  }
}

function openOptions() {
  void browser.runtime.openOptionsPage();
}

async function start() {
  if (!isGantryGitHubPath(path)) {
    showStatus(["Gantry cannot show this page."], []);
    return;
  }
  const { serverUrl } = await readSettings(browser.storage.local);
  // SPEC §7: the extension's connectivity check.
  if (!(await reachable(serverUrl))) {
    showStatus(
      [
        `Gantry cannot be reached at ${serverUrl}.`,
        "Check that the server runs, or change its address in the options.",
      ],
      [
        { label: "Try again", primary: true, run: () => window.location.reload() },
        { label: "Options", run: openOptions },
      ],
    );
    return;
  }
  const token = await readSessionToken(browser.storage.local);
  if (!token) {
    showStatus(
      ["Sign in to see Gantry here."],
      [{ label: "Sign in to Gantry", primary: true, run: () => void startSignIn() }],
    );
    return;
  }
  frameGantry(serverUrl, token);
}

function frameGantry(serverUrl: string, token: string) {
  const origin = new URL(serverUrl).origin;
  const frame = document.createElement("iframe");
  frame.title = "Gantry";
  frame.src = `${origin}${path}?${new URLSearchParams({ theme })}`;
  window.addEventListener("message", (event) => {
    if (event.source !== frame.contentWindow || event.origin !== origin) return;
    const message = readEmbedMessage(event.data);
    switch (message?.type) {
      case "gantry:ready":
        frame.contentWindow?.postMessage({ type: "gantry:token", token } satisfies EmbedMessage, origin);
        return;
      case "gantry:erase-tokens":
        void eraseStoredTokens(browser.storage.local);
        return;
      case "gantry:sign-in":
        void startSignIn();
        return;
      case "gantry:height":
        tellParent(message);
        return;
    }
  });
  document.body.append(frame);
}

// A new token (the sign-in tab finished) shows Gantry at once; an erased one leaves the app's own message.
browser.storage.local.onChanged.addListener((changes) => {
  if (changes[SESSION_TOKEN_KEY]?.newValue) window.location.reload();
});

void start();
