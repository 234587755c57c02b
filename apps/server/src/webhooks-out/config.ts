import { z } from "zod";
import { parseEnvironment } from "../config/config.js";

/** How outbound webhooks are sent on this install. */
export interface WebhookConfig {
  /**
   * Lets webhooks reach loopback, link-local and private addresses. Off by default: a workspace
   * admin could otherwise make the server call services on its own network (SSRF).
   */
  allowPrivateAddresses: boolean;
  /** Attempts per delivery, the first included, before it is marked failed. */
  maxAttempts: number;
  /** The first retry waits this long (whole seconds, at least 1); each next one about twice as long. */
  retryDelaySeconds: number;
  /** The longest a receiver may take to answer. */
  timeoutMs: number;
}

export const DEFAULT_WEBHOOK_CONFIG: WebhookConfig = {
  allowPrivateAddresses: false,
  maxAttempts: 6,
  retryDelaySeconds: 30,
  timeoutMs: 10_000,
};

const positiveInt = (what: string) =>
  z.coerce
    .number({ error: `must be ${what}` })
    .int(`must be ${what}`)
    .positive(`must be ${what}`);

const environment = z.object({
  GANTRY_WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: z
    .enum(["true", "false"], { error: "must be true or false" })
    .transform((value) => value === "true")
    .default(DEFAULT_WEBHOOK_CONFIG.allowPrivateAddresses),
  GANTRY_WEBHOOK_MAX_ATTEMPTS: positiveInt("a whole number of attempts, at least 1")
    .max(20, "must be at most 20")
    .default(DEFAULT_WEBHOOK_CONFIG.maxAttempts),
  GANTRY_WEBHOOK_RETRY_DELAY_SECONDS: positiveInt("a whole number of seconds, at least 1").default(
    DEFAULT_WEBHOOK_CONFIG.retryDelaySeconds,
  ),
  GANTRY_WEBHOOK_TIMEOUT_SECONDS: positiveInt("a whole number of seconds, at least 1").default(
    DEFAULT_WEBHOOK_CONFIG.timeoutMs / 1000,
  ),
});

/** Reads the GANTRY_WEBHOOK* variables once at start; a bad value stops the server with its name. */
export function loadWebhookConfig(env: NodeJS.ProcessEnv): WebhookConfig {
  const e = parseEnvironment(environment, env);
  return {
    allowPrivateAddresses: e.GANTRY_WEBHOOKS_ALLOW_PRIVATE_ADDRESSES,
    maxAttempts: e.GANTRY_WEBHOOK_MAX_ATTEMPTS,
    retryDelaySeconds: e.GANTRY_WEBHOOK_RETRY_DELAY_SECONDS,
    timeoutMs: e.GANTRY_WEBHOOK_TIMEOUT_SECONDS * 1000,
  };
}
