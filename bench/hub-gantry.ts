/**
 * What the GitHub-import benchmarks (B4, B8) start from: the hub sandbox with demo's repositories
 * of issues, and Gantry listening beside it on a database of the bench's.
 */
import type { TestDatabase } from "@gantry/db/testing";
import { seedIssues } from "@gantry/hub-sandbox/bulk";
import { seedDemo } from "@gantry/hub-sandbox/demo";
import { createHubSandbox, type HubSandbox } from "@gantry/hub-sandbox/sandbox";
import { createTestApp, type TestApp } from "../apps/server/src/testing/app.js";
import { freePort, SANDBOX_CLIENT } from "../apps/server/src/testing/hub.js";

/**
 * The hub sandbox on a free port: the demo seed, and demo's `repositories` of issues only (pull
 * requests would add a list of their own, for review requests, to the requests counted).
 */
export function demoHubWithIssues(
  repositories: { repo: string; issues: number }[],
  onRequest?: (request: { method: string; url: string }) => void,
): Promise<HubSandbox> {
  return createHubSandbox({
    host: "127.0.0.1",
    port: 0,
    oauthApps: [SANDBOX_CLIENT],
    seed: (store) => {
      seedDemo(store);
      for (const { repo, issues } of repositories)
        seedIssues(store, { owner: "demo", repo, issues, pullRequestEvery: 0 });
    },
    ...(onRequest ? { onRequest } : {}),
  });
}

/** Gantry listening on a free loopback port over `database`, with `hub` as GitHub (never reconciling); `env` added. */
export async function gantryBesideHub(
  database: TestDatabase,
  hub: HubSandbox,
  env: NodeJS.ProcessEnv = {},
): Promise<{ t: TestApp; port: number }> {
  const port = await freePort();
  const t = await createTestApp(
    {
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      AUTH_RATE_LIMIT_PER_MINUTE: "1000000",
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "silent",
      ...env,
    },
    { database, github: { webUrl: hub.url, apiUrl: hub.apiUrl, ...SANDBOX_CLIENT, reconcileIntervalMs: 0 } },
  );
  await t.app.listen({ port, host: "127.0.0.1" });
  return { t, port };
}
