import { z } from "zod";
import { ConfigError, parseEnvironment } from "../config/config.js";

export interface GitHubConfig {
  /** Where people sign in and repositories live: https://github.com, a GHES host, or the hub sandbox. */
  webUrl: string;
  /** The REST API base: https://api.github.com, or {webUrl}/api/v3 for GitHub Enterprise Server. */
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  /** How often every imported repository is reconciled with GitHub; 0 turns it off. */
  reconcileIntervalMs: number;
}

const httpUrl = z.url({ protocol: /^https?$/, error: "must be an absolute http(s) URL" });

const environment = z.object({
  GITHUB_URL: httpUrl.default("https://github.com"),
  GITHUB_API_URL: httpUrl.optional(),
  GITHUB_CLIENT_ID: z.string().min(1).optional(),
  GITHUB_CLIENT_SECRET: z.string().min(1).optional(),
  GITHUB_RECONCILE_MINUTES: z.coerce
    .number({ error: "must be a number of minutes (0 turns reconciliation off)" })
    .min(0, "must be a number of minutes (0 turns reconciliation off)")
    .default(10),
});

/** The GitHub connection, or null when no OAuth application is configured (GitHub features off). */
export function loadGitHubConfig(env: NodeJS.ProcessEnv): GitHubConfig | null {
  const e = parseEnvironment(environment, env);
  if (!e.GITHUB_CLIENT_ID && !e.GITHUB_CLIENT_SECRET) return null;
  if (!e.GITHUB_CLIENT_ID || !e.GITHUB_CLIENT_SECRET) {
    throw new ConfigError(["GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET must be set together"]);
  }
  const webUrl = e.GITHUB_URL.replace(/\/$/, "");
  const apiUrl = (
    e.GITHUB_API_URL ?? (webUrl === "https://github.com" ? "https://api.github.com" : `${webUrl}/api/v3`)
  ).replace(/\/$/, "");
  return {
    webUrl,
    apiUrl,
    clientId: e.GITHUB_CLIENT_ID,
    clientSecret: e.GITHUB_CLIENT_SECRET,
    reconcileIntervalMs: e.GITHUB_RECONCILE_MINUTES * 60 * 1000,
  };
}
