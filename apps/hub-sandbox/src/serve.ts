import { createHubSandbox, type HubSandboxOptions } from "./sandbox.js";
import { seedDemo } from "./seed/demo.js";
import type { HubStore } from "./store/store.js";

function positiveIntegerFrom(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a whole number, got "${value}"`);
  return parsed;
}

/**
 * Starts a sandbox seeded with the demo data (plus `extraSeed`) from the environment:
 * PORT, HOST, HUB_SANDBOX_API_PREFIX and the OAuth application's HUB_SANDBOX_CLIENT_ID,
 * HUB_SANDBOX_CLIENT_SECRET and HUB_SANDBOX_CALLBACK_URL. Stops cleanly on SIGINT/SIGTERM.
 */
export async function serveFromEnvironment(extraSeed?: (store: HubStore) => void): Promise<void> {
  const env = process.env;
  const options: HubSandboxOptions = {
    port: positiveIntegerFrom("PORT", env.PORT, 3001),
    host: env.HOST || "127.0.0.1",
    apiPrefix: env.HUB_SANDBOX_API_PREFIX ?? "",
    logger: true,
    oauthApps: [
      {
        clientId: env.HUB_SANDBOX_CLIENT_ID || "gantry-sandbox",
        clientSecret: env.HUB_SANDBOX_CLIENT_SECRET || "gantry-sandbox-secret",
        callbackUrl: env.HUB_SANDBOX_CALLBACK_URL || undefined,
      },
    ],
    seed: (store) => {
      seedDemo(store);
      extraSeed?.(store);
    },
  };
  const sandbox = await createHubSandbox(options);
  console.log(`Hub sandbox: OAuth at ${sandbox.url}/login/oauth/authorize, REST API at ${sandbox.apiUrl}`);

  const stop = async () => {
    await sandbox.close();
    process.exit(0);
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

export function exitOnFailure(error: unknown): never {
  console.error("Hub sandbox failed to start:", error instanceof Error ? error.message : error);
  process.exit(1);
}
