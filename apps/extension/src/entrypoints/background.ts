import { browser } from "wxt/browser";
import { defineBackground } from "wxt/utils/define-background";
import { originPattern, readSettings, SETTINGS_KEYS } from "../lib/settings";

const ENTERPRISE_SCRIPT_ID = "gantry-github-enterprise";

/**
 * github.com's pages get the content script from the manifest. A GitHub Enterprise Server's
 * address is only known from the options, so its script is registered here once the person has
 * granted that origin, and again whenever the address changes.
 */
async function registerEnterpriseScript(): Promise<void> {
  const registered = await browser.scripting.getRegisteredContentScripts({ ids: [ENTERPRISE_SCRIPT_ID] });
  if (registered.length > 0) await browser.scripting.unregisterContentScripts({ ids: [ENTERPRISE_SCRIPT_ID] });
  const { enterpriseUrl } = await readSettings(browser.storage.local);
  if (!enterpriseUrl) return;
  const pattern = originPattern(enterpriseUrl);
  if (!(await browser.permissions.contains({ origins: [pattern] }))) return;
  await browser.scripting.registerContentScripts([
    {
      id: ENTERPRISE_SCRIPT_ID,
      matches: [`${enterpriseUrl}/*/*`],
      js: ["content-scripts/github.js"],
      runAt: "document_end",
    },
  ]);
}

export default defineBackground(() => {
  void registerEnterpriseScript();
  browser.storage.local.onChanged.addListener((changes) => {
    if (SETTINGS_KEYS.enterpriseUrl in changes) void registerEnterpriseScript();
  });
  browser.permissions.onAdded.addListener(() => void registerEnterpriseScript());
});
