import type { FastifyInstance, FastifyRequest } from "fastify";
import { GitHubApiError } from "./errors.js";

export type RateLimitResource = "core" | "search";

/** Requests allowed per window; GitHub's defaults unless a sandbox asks for less (tests exhaust them). */
export interface RateLimits {
  core: number;
  search: number;
  unauthenticatedCore: number;
}

export const defaultRateLimits: RateLimits = { core: 5000, search: 30, unauthenticatedCore: 60 };

const windowMs: Record<RateLimitResource, number> = { core: 60 * 60 * 1000, search: 60 * 1000 };

interface Bucket {
  limit: number;
  used: number;
  resetAt: number;
}

function resourceOf(request: FastifyRequest): RateLimitResource {
  return request.routeOptions.url?.includes("/search/") ? "search" : "core";
}

/** Primary rate limits per account (or per address when signed out) and resource. */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly limits: RateLimits,
    private readonly now: () => number,
  ) {}

  bucketFor(request: FastifyRequest): { bucket: Bucket; resource: RateLimitResource } {
    const resource = resourceOf(request);
    const identity = request.viewer ? `user:${request.viewer.id}` : `ip:${request.ip}`;
    const key = `${resource}:${identity}`;
    const now = this.now();
    let bucket = this.buckets.get(key);
    if (!bucket || bucket.resetAt <= now) {
      const limit =
        resource === "search"
          ? this.limits.search
          : request.viewer
            ? this.limits.core
            : this.limits.unauthenticatedCore;
      bucket = { limit, used: 0, resetAt: now + windowMs[resource] };
      this.buckets.set(key, bucket);
    }
    return { bucket, resource };
  }
}

function headersOf(bucket: Bucket, resource: RateLimitResource): Record<string, string> {
  return {
    "x-ratelimit-limit": String(bucket.limit),
    "x-ratelimit-remaining": String(Math.max(0, bucket.limit - bucket.used)),
    "x-ratelimit-used": String(bucket.used),
    "x-ratelimit-reset": String(Math.ceil(bucket.resetAt / 1000)),
    "x-ratelimit-resource": resource,
  };
}

/** Refuses requests once a bucket is empty; charges every answer except a 304, which GitHub does not count. */
export function registerRateLimit(app: FastifyInstance, limiter: RateLimiter): void {
  app.addHook("preHandler", async (request) => {
    const { bucket, resource } = limiter.bucketFor(request);
    if (bucket.used >= bucket.limit) {
      const who = request.viewer ? `user ID ${request.viewer.id}` : request.ip;
      throw new GitHubApiError(
        403,
        {
          message: `API rate limit exceeded for ${who}.`,
          documentation_url:
            "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-the-primary-rate-limit",
        },
        headersOf(bucket, resource),
      );
    }
  });
  app.addHook("onSend", async (request, reply, payload) => {
    const { bucket, resource } = limiter.bucketFor(request);
    const refused = reply.statusCode === 403 && bucket.used >= bucket.limit;
    if (reply.statusCode !== 304 && !refused) bucket.used += 1;
    reply.headers(headersOf(bucket, resource));
    return payload;
  });
}
