import { join } from "node:path";
import { SERVER_NODE_FLAGS } from "../../apps/server/src/runtime/node-flags.js";

const root = join(import.meta.dirname, "..", "..");

/** Debian's Chromium with the flags every browser run here uses; a browser download is neither possible nor wanted. */
export const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
  ],
};

/**
 * Playwright's entry for the built Gantry server on `port`, with `env` beside what every e2e server
 * has: mailed links point at the server under test, and the specs' sign-ins are not rate-limited.
 */
export function gantryWebServer(port: number, env: Record<string, string>) {
  const baseURL = `http://127.0.0.1:${port}`;
  return {
    command: ["node", ...SERVER_NODE_FLAGS, "apps/server/dist/main.js"].join(" "),
    cwd: root,
    url: `${baseURL}/ping`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      PUBLIC_URL: baseURL,
      AUTH_RATE_LIMIT_PER_MINUTE: "10000",
      ...env,
    },
  };
}
