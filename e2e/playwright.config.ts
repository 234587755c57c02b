import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM, gantryWebServer } from "./support/gantry-server.js";

const port = Number(process.env.E2E_PORT ?? 3199);
const baseURL = `http://127.0.0.1:${port}`;
// The hub sandbox stands in for GitHub, one port above Gantry (as scripts/hub-sandbox.mjs does for npm start).
export const sandboxURL = `http://127.0.0.1:${port + 1}`;
// The ZenHub stand-in (apps/zenhub-stand-in), two ports above, for zenhub-import.spec.ts.
export const zenhubURL = `http://127.0.0.1:${port + 2}`;
export const ZENHUB_KEY = "zh_demo_key_0123456789";
const sandboxClient = { id: "gantry-sandbox", secret: "gantry-sandbox-secret" };
const root = join(import.meta.dirname, "..");

export default defineConfig({
  testDir: import.meta.dirname,
  testMatch: "**/*.spec.ts",
  // The enterprise edition's specs need a server of their own: e2e/enterprise/playwright.config.ts.
  testIgnore: "enterprise/**",
  outputDir: join(root, "test-results"),
  fullyParallel: true,
  workers: 2,
  // On CI a spec that fails once under load runs once more; the summary counts it as flaky.
  retries: process.env.CI === "true" ? 1 : 0,
  forbidOnly: process.env.CI === "true",
  reporter: [["list"], ["json", { outputFile: join(root, ".test-output/e2e.json") }]],
  use: {
    baseURL,
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    launchOptions: CHROMIUM,
  },
  projects: [
    { name: "chromium", use: { browserName: "chromium" }, testIgnore: ["enterprise/**", "journey-*.spec.ts"] },
    // Journeys live through whole sprints on the server's one clock, which sprints.spec.ts and
    // reports.spec.ts move by weeks: they run after the other specs, so no jump lands mid-journey.
    // One journey on its own: `npx playwright test -c e2e/playwright.config.ts --no-deps e2e/journey-sprint.spec.ts`.
    { name: "journeys", use: { browserName: "chromium" }, testMatch: "journey-*.spec.ts", dependencies: ["chromium"] },
  ],
  webServer: [
    {
      command: "node --import tsx apps/hub-sandbox/src/main.ts",
      cwd: root,
      url: `${sandboxURL}/rate_limit`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(port + 1),
        HOST: "127.0.0.1",
        HUB_SANDBOX_CLIENT_ID: sandboxClient.id,
        HUB_SANDBOX_CLIENT_SECRET: sandboxClient.secret,
      },
    },
    {
      command: "node --conditions=@gantry/source --import tsx apps/zenhub-stand-in/src/main.ts",
      cwd: root,
      url: `${zenhubURL}/ping`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { PORT: String(port + 2), HOST: "127.0.0.1", ZENHUB_STAND_IN_KEY: ZENHUB_KEY },
    },
    gantryWebServer(port, {
      GANTRY_DATA_DIR: mkdtempSync(join(tmpdir(), "gantry-e2e-")),
      // Every spec's users share one address and a few accounts; the limits have tests of their own.
      GRAPHQL_RATE_LIMIT_PER_USER_PER_MINUTE: "100000",
      GRAPHQL_RATE_LIMIT_PER_IP_PER_MINUTE: "100000",
      // Specs move the server's clock past a sprint's end with POST /__test/clock.
      GANTRY_TEST_CLOCK: "true",
      // webhooks.spec.ts delivers to a receiver on loopback, and retries after a second.
      GANTRY_WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: "true",
      GANTRY_WEBHOOK_RETRY_DELAY_SECONDS: "1",
      ZENHUB_API_URL: `${zenhubURL}/public/graphql`,
      GITHUB_URL: sandboxURL,
      GITHUB_API_URL: sandboxURL,
      GITHUB_CLIENT_ID: sandboxClient.id,
      GITHUB_CLIENT_SECRET: sandboxClient.secret,
    }),
  ],
});
