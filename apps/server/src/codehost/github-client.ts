import { createHash } from "node:crypto";
import { type Database, schema } from "@gantry/db";
import { retry } from "@octokit/plugin-retry";
import { throttling } from "@octokit/plugin-throttling";
import { Octokit } from "@octokit/rest";
import { eq } from "drizzle-orm";

const GitHubOctokit = Octokit.plugin(throttling, retry);
/** The REST client; the throttling and retry plugins add behaviour, not methods. */
export type GitHubClient = Octokit;

export interface RateLimitReading {
  limit: number;
  remaining: number;
  resetAt: Date;
}

/** The last rate-limit headers GitHub sent, per account, for the sync page and metrics. */
export const rateLimitReadings = new Map<string, RateLimitReading>();

export interface GitHubClientOptions {
  apiUrl: string;
  token: string;
  /** Where conditional-request answers are kept; without it every GET is a full request. */
  db?: Database;
  /** Names the account in rate-limit readings (a login), never the token. */
  account: string;
  log?: { warn(object: object, message: string): void };
}

/**
 * The one way Gantry talks to GitHub (or GitHub Enterprise Server, or the hub sandbox: only
 * `apiUrl` differs). GETs are conditional: a stored ETag is sent and a 304 answers from the
 * store, which GitHub does not charge to the rate limit.
 */
export function createGitHubClient(options: GitHubClientOptions): GitHubClient {
  const octokit: GitHubClient = new GitHubOctokit({
    baseUrl: options.apiUrl.replace(/\/$/, ""),
    auth: options.token,
    userAgent: "Gantry",
    throttle: {
      onRateLimit: (retryAfter, request, _octokit, retryCount) => {
        options.log?.warn({ retryAfter, url: request.url, account: options.account }, "GitHub rate limit reached");
        return retryCount < 1 && retryAfter < 60;
      },
      onSecondaryRateLimit: (retryAfter, request, _octokit, retryCount) => {
        options.log?.warn({ retryAfter, url: request.url, account: options.account }, "GitHub secondary rate limit");
        return retryCount < 1 && retryAfter < 60;
      },
    },
    retry: { doNotRetry: [400, 401, 403, 404, 410, 422, 451] },
  });
  const tokenFingerprint = createHash("sha256").update(options.token).digest("hex").slice(0, 16);

  octokit.hook.after("request", (response) => recordRateLimit(options.account, response.headers));
  octokit.hook.error("request", (error) => {
    const headers = (error as { response?: { headers?: Record<string, unknown> } }).response?.headers;
    if (headers) recordRateLimit(options.account, headers);
    throw error;
  });

  const db = options.db;
  if (db) {
    octokit.hook.wrap("request", async (request, requestOptions) => {
      if (requestOptions.method !== "GET") return request(requestOptions);
      const { url } = octokit.request.endpoint.parse(requestOptions);
      const key = createHash("sha256").update(`${tokenFingerprint} ${url}`).digest("hex");
      const [cached] = await db
        .select()
        .from(schema.githubResponseCache)
        .where(eq(schema.githubResponseCache.key, key));
      if (cached) requestOptions.headers = { ...requestOptions.headers, "if-none-match": cached.etag };
      try {
        const response = await request(requestOptions);
        const etag = response.headers.etag;
        if (etag) {
          await db
            .insert(schema.githubResponseCache)
            .values({ key, etag, body: response.data as object, updatedAt: new Date() })
            .onConflictDoUpdate({
              target: schema.githubResponseCache.key,
              set: { etag, body: response.data as object, updatedAt: new Date() },
            });
        }
        return response;
      } catch (error) {
        const status = (error as { status?: number }).status;
        const headers = (error as { response?: { headers: Record<string, string> } }).response?.headers ?? {};
        if (status === 304 && cached)
          return { status: 200, url, headers, data: cached.body } as Awaited<ReturnType<typeof request>>;
        throw error;
      }
    });
  }
  return octokit;
}

function recordRateLimit(account: string, headers: Record<string, unknown>): void {
  const limit = Number(headers["x-ratelimit-limit"]);
  const remaining = Number(headers["x-ratelimit-remaining"]);
  const reset = Number(headers["x-ratelimit-reset"]);
  if (Number.isFinite(limit) && Number.isFinite(remaining) && Number.isFinite(reset)) {
    rateLimitReadings.set(account, { limit, remaining, resetAt: new Date(reset * 1000) });
  }
}
