import { browser } from "wxt/browser";
import { originPattern, readOrigin, readSettings, saveSettings } from "../../lib/settings";

const form = document.getElementById("options") as HTMLFormElement;
const serverInput = document.getElementById("server-url") as HTMLInputElement;
const enterpriseInput = document.getElementById("enterprise-url") as HTMLInputElement;
const result = document.getElementById("result") as HTMLElement;

function say(text: string, kind: "error" | "ok") {
  result.textContent = text;
  result.dataset.kind = kind;
}

void readSettings(browser.storage.local).then((settings) => {
  serverInput.value = settings.serverUrl;
  enterpriseInput.value = settings.enterpriseUrl ?? "";
});

form.addEventListener("submit", (event) => {
  event.preventDefault();
  const server = readOrigin(serverInput.value, "The Gantry server address");
  if ("error" in server) return say(server.error, "error");
  const enterprise = enterpriseInput.value.trim()
    ? readOrigin(enterpriseInput.value, "The GitHub Enterprise Server address")
    : null;
  if (enterprise && "error" in enterprise) return say(enterprise.error, "error");
  const origins = [server.origin, ...(enterprise ? [enterprise.origin] : [])].map(originPattern);
  // Asked inside the click: browsers grant host permissions only in answer to the person's action.
  browser.permissions.request({ origins }).then(
    async (granted) => {
      if (!granted) return say("Nothing was saved: the extension needs to reach these addresses.", "error");
      await saveSettings(browser.storage.local, {
        serverUrl: server.origin,
        enterpriseUrl: enterprise ? enterprise.origin : null,
      });
      say("Saved.", "ok");
    },
    (error: unknown) => say(`Nothing was saved: ${error instanceof Error ? error.message : String(error)}`, "error"),
  );
});
