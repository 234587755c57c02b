export type BrowserProblem = "unsupported" | "private-mode";

/** Local storage throws or is missing in some private modes; the app cannot keep a session there. */
export function storageAvailable(win: Window): boolean {
  try {
    const key = "__gantry_storage_probe__";
    win.localStorage.setItem(key, key);
    win.localStorage.removeItem(key);
    return true;
  } catch {
    return false;
  }
}

/**
 * Feature checks for what the app relies on, rather than user-agent sniffing: a browser
 * that has these runs the app.
 */
export function detectBrowserProblem(win: Window & typeof globalThis): BrowserProblem | null {
  const modern =
    typeof win.fetch === "function" &&
    typeof win.structuredClone === "function" &&
    typeof Array.prototype.at === "function" &&
    typeof win.CSS?.supports === "function" &&
    win.CSS.supports("selector(:has(*))");
  if (!modern) return "unsupported";
  return storageAvailable(win) ? null : "private-mode";
}
