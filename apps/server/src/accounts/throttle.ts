import type { Redis } from "ioredis";
import { MemorySlidingWindow, RedisSlidingWindow, type WindowLimiter } from "../limits/window-limiter.js";

/**
 * A per-account limit beside the per-IP one, so one address cannot be mailed or guessed at
 * from many IPs: a sliding window (limits/window-limiter.ts), shared with the GraphQL limits.
 */
export type AccountThrottle = WindowLimiter;

/** One instance's own count: enough for a single server. */
export class MemoryAccountThrottle extends MemorySlidingWindow {
  constructor(limit: number, windowMs: number, now: () => number = Date.now) {
    super({ limit, windowMs, now });
  }
}

/** Every instance counts one address's attempts together in Redis; fails open when Redis does not answer. */
export class RedisAccountThrottle extends RedisSlidingWindow {
  constructor(
    redis: Redis,
    limit: number,
    windowMs: number,
    log: { warn(object: object, message: string): void },
    now: () => number = Date.now,
  ) {
    super(redis, "gantry:account-throttle:", { limit, windowMs, now }, log);
  }
}
