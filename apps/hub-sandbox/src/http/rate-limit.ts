import type { FastifyInstance, FastifyRequest } from "fastify";
import { GitHubApiError } from "./errors.js";

export type RateLimitResource = "core" | "search";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Which allowance a route spends: `core` unless it says otherwise; `free` routes spend none. */
    rateLimitResource?: RateLimitResource | "free";
  }
}

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

/** Primary rate limits per account (or per address when signed out) and resource. */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly limits: RateLimits,
    private readonly now: () => number,
  ) {}

  bucketFor(request: FastifyRequest, resource: RateLimitResource): Bucket {
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
    return bucket;
  }
}

/** GitHub's `rate-limit` shape, used in headers and by `GET /rate_limit`. */
function overview(bucket: Bucket) {
  return {
    limit: bucket.limit,
    remaining: Math.max(0, bucket.limit - bucket.used),
    reset: Math.ceil(bucket.resetAt / 1000),
    used: bucket.used,
  };
}

function headersOf(bucket: Bucket, resource: RateLimitResource): Record<string, string> {
  const { limit, remaining, reset, used } = overview(bucket);
  return {
    "x-ratelimit-limit": String(limit),
    "x-ratelimit-remaining": String(remaining),
    "x-ratelimit-used": String(used),
    "x-ratelimit-reset": String(reset),
    "x-ratelimit-resource": resource,
  };
}

/**
 * Refuses requests once a bucket is empty; charges every answer except a 304, which GitHub
 * does not count. `GET /rate_limit` reports the allowances without spending any, as on GitHub.
 */
export function registerRateLimit(app: FastifyInstance, limiter: RateLimiter): void {
  const resourceOf = (request: FastifyRequest) => request.routeOptions.config.rateLimitResource ?? "core";

  app.addHook("preHandler", async (request) => {
    const resource = resourceOf(request);
    if (resource === "free") return;
    const bucket = limiter.bucketFor(request, resource);
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
    const resource = resourceOf(request);
    if (resource === "free") return payload;
    const bucket = limiter.bucketFor(request, resource);
    const refused = reply.statusCode === 403 && bucket.used >= bucket.limit;
    if (reply.statusCode !== 304 && !refused) bucket.used += 1;
    reply.headers(headersOf(bucket, resource));
    return payload;
  });

  app.get("/rate_limit", { config: { rateLimitResource: "free" } }, async (request, reply) => {
    const core = limiter.bucketFor(request, "core");
    reply.headers(headersOf(core, "core"));
    return {
      resources: { core: overview(core), search: overview(limiter.bucketFor(request, "search")) },
      rate: overview(core),
    };
  });
}
