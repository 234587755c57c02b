import type { Redis } from "ioredis";

/**
 * A per-account limit beside the per-IP one, so one address cannot be mailed or guessed at
 * from many IPs.
 */
export interface AccountThrottle {
  /** Records an attempt; resolves to the seconds to wait when over the limit, else null. */
  attempt(key: string): Promise<number | null>;
}

/** One instance's own count: enough for a single server. */
export class MemoryAccountThrottle implements AccountThrottle {
  readonly #hits = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async attempt(key: string): Promise<number | null> {
    const now = this.now();
    const recent = (this.#hits.get(key) ?? []).filter((at) => at > now - this.windowMs);
    if (recent.length >= this.limit) {
      this.#hits.set(key, recent);
      return Math.ceil(((recent[0] ?? now) + this.windowMs - now) / 1000);
    }
    recent.push(now);
    this.#hits.set(key, recent);
    return null;
  }
}

/**
 * The same sliding window in a Redis sorted set, so every instance behind a load balancer counts
 * one address's attempts together. One script keeps the check and the record atomic; a member
 * is the time plus a random suffix, so two attempts in the same millisecond both count.
 */
const SLIDING_WINDOW = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1] - ARGV[2])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return tonumber(oldest[2])
end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[1] .. ':' .. ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return -1
`;

export class RedisAccountThrottle implements AccountThrottle {
  constructor(
    private readonly redis: Redis,
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly log: { warn(object: object, message: string): void },
    private readonly now: () => number = Date.now,
  ) {}

  async attempt(key: string): Promise<number | null> {
    const now = this.now();
    let oldest: number;
    try {
      oldest = Number(
        await this.redis.eval(
          SLIDING_WINDOW,
          1,
          `gantry:account-throttle:${key}`,
          now,
          this.windowMs,
          this.limit,
          Math.random().toString(36).slice(2),
        ),
      );
    } catch (error) {
      // Fails open, as the per-IP limit does: a Redis outage must not lock everyone out of signing in.
      this.log.warn({ err: error instanceof Error ? error.message : String(error) }, "account throttle: Redis failed");
      return null;
    }
    return oldest < 0 ? null : Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000));
  }
}
