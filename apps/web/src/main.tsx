import "./styles/global.css";
import { type ReactNode, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { detectBrowserProblem } from "./app/browser-support";
import { fetchServerVersion } from "./app/connectivity";
import { takeEarlyServerVersion } from "./app/early-app-requests";
import { deferUntilFirstCards } from "./app/first-cards";
import { RuntimeConfigContext, readRuntimeConfig } from "./app/runtime-config";
import { applyTheme, readThemePreference } from "./app/theme";
import { BrowserNotSupportedPage } from "./errors/BrowserNotSupportedPage";
import { LoadFailurePage } from "./errors/LoadFailurePage";
import { isExtensionPath } from "./extension/extension-mode";
import { keepStorageInMemoryIfDenied } from "./extension/memory-storage";

const config = readRuntimeConfig();
document.title = config.productName;
const extensionPage = isExtensionPath(window.location.pathname);
if (extensionPage) keepStorageInMemoryIfDenied(window);
const problem = detectBrowserProblem(window);
applyTheme(document.documentElement, problem ? null : readThemePreference(window.localStorage));

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");
const root = createRoot(container);

function renderAlone(page: ReactNode) {
  root.render(
    <StrictMode>
      <RuntimeConfigContext.Provider value={config}>{page}</RuntimeConfigContext.Provider>
    </StrictMode>,
  );
}

if (problem) {
  renderAlone(<BrowserNotSupportedPage problem={problem} />);
} else {
  // The first connectivity check doubles as the load check: no answer, no app. The early script
  // sent it while this code loaded (decision 0101); without it (development), it is sent now.
  (takeEarlyServerVersion() ?? fetchServerVersion())
    .then(async () => {
      if (!extensionPage) {
        deferUntilFirstCards(window.location.pathname);
        return root.render(<App config={config} />);
      }
      // Pages under /extension/ are the browser extension's (framed in GitHub's page, or its sign-in
      // tab): a chunk of their own, not part of the app's first load.
      const { ExtensionApp } = await import("./extension/ExtensionApp");
      root.render(<ExtensionApp config={config} />);
    })
    .catch(() => renderAlone(<LoadFailurePage />));
}
