import type { Redis } from "ioredis";

/**
 * Counts attempts per key in a time window. `attempt` records one and resolves to the seconds
 * to wait when the key is over its limit (the attempt is then not counted), else null.
 * Each kind comes in two stores: in memory (one instance) and in Redis (every instance behind a
 * load balancer counts together, decision 0037). The Redis ones fail open and log a warning: a
 * Redis outage must not lock everyone out.
 */
export interface WindowLimiter {
  attempt(key: string): Promise<number | null>;
}

export interface WindowOptions {
  limit: number;
  windowMs: number;
  now?: () => number;
}

type WarnLog = { warn(object: object, message: string): void };

/** A window of `options`, read on the injected clock (tests move time without sleeping). */
abstract class ClockedWindow implements WindowLimiter {
  protected readonly now: () => number;

  constructor(protected readonly options: WindowOptions) {
    this.now = options.now ?? Date.now;
  }

  abstract attempt(key: string): Promise<number | null>;
}

/** A sliding window, exact to the millisecond: for small limits (sign-in attempts an hour). */
export class MemorySlidingWindow extends ClockedWindow {
  readonly #hits = new Map<string, number[]>();

  async attempt(key: string): Promise<number | null> {
    const { limit, windowMs } = this.options;
    const now = this.now();
    const recent = (this.#hits.get(key) ?? []).filter((at) => at > now - windowMs);
    if (recent.length >= limit) {
      this.#hits.set(key, recent);
      return Math.ceil(((recent[0] ?? now) + windowMs - now) / 1000);
    }
    recent.push(now);
    this.#hits.set(key, recent);
    return null;
  }
}

/**
 * The same sliding window in a Redis sorted set. One script keeps the check and the record atomic;
 * a member is the time plus a random suffix, so two attempts in the same millisecond both count.
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

/**
 * What both Redis windows share: the connection, a key prefix, the clock, and failing open (a
 * warning, and the attempt let through) when Redis does not answer.
 */
abstract class RedisWindow extends ClockedWindow {
  constructor(
    private readonly redis: Redis,
    /** Prepended to every key, such as `gantry:account-throttle:`. */
    protected readonly prefix: string,
    options: WindowOptions,
    private readonly log: WarnLog,
  ) {
    super(options);
  }

  /** The number a script answers for one key, or null when Redis fails. */
  protected async evalOnKey(script: string, key: string, ...args: (string | number)[]): Promise<number | null> {
    try {
      return Number(await this.redis.eval(script, 1, key, ...args));
    } catch (error) {
      this.log.warn({ err: error instanceof Error ? error.message : String(error) }, `${this.prefix} Redis failed`);
      return null;
    }
  }
}

export class RedisSlidingWindow extends RedisWindow {
  async attempt(key: string): Promise<number | null> {
    const { limit, windowMs } = this.options;
    const now = this.now();
    const oldest = await this.evalOnKey(
      SLIDING_WINDOW,
      `${this.prefix}${key}`,
      now,
      windowMs,
      limit,
      Math.random().toString(36).slice(2),
    );
    return oldest === null || oldest < 0 ? null : Math.max(1, Math.ceil((oldest + windowMs - now) / 1000));
  }
}

/**
 * A fixed window (counts reset at each multiple of `windowMs`): one number per key, so it suits
 * large budgets (hundreds of requests a minute per person) where keeping every hit's time would
 * cost memory. A burst across a window's edge may reach twice the limit, which a request budget
 * accepts. Windows are numbered from the injected clock, so tests move time without sleeping.
 */
export class MemoryFixedWindow extends ClockedWindow {
  readonly #counts = new Map<string, { window: number; count: number }>();

  async attempt(key: string): Promise<number | null> {
    const { limit, windowMs } = this.options;
    const now = this.now();
    const window = Math.floor(now / windowMs);
    let entry = this.#counts.get(key);
    if (!entry || entry.window !== window) {
      // A new window: forget the keys of past ones (anonymous addresses come and go).
      this.#forgetPastWindows(window);
      entry = { window, count: 0 };
      this.#counts.set(key, entry);
    }
    if (entry.count >= limit) return Math.max(1, Math.ceil(((window + 1) * windowMs - now) / 1000));
    entry.count += 1;
    return null;
  }

  #lastSweep = -1;
  #forgetPastWindows(window: number): void {
    if (window === this.#lastSweep) return;
    this.#lastSweep = window;
    for (const [key, entry] of this.#counts) if (entry.window < window) this.#counts.delete(key);
  }
}

/**
 * The fixed window in Redis: one counter per key and window, incremented atomically with INCR and
 * expiring after the window has passed, so instances need no shared clock beyond their own.
 */
const FIXED_WINDOW = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
if count > tonumber(ARGV[2]) then return 1 end
return 0
`;

export class RedisFixedWindow extends RedisWindow {
  async attempt(key: string): Promise<number | null> {
    const { limit, windowMs } = this.options;
    const now = this.now();
    const window = Math.floor(now / windowMs);
    // Kept two windows, so a counter outlives its window whatever the clocks of the instances.
    const over = await this.evalOnKey(FIXED_WINDOW, `${this.prefix}${key}:${window}`, windowMs * 2, limit);
    return over === 1 ? Math.max(1, Math.ceil(((window + 1) * windowMs - now) / 1000)) : null;
  }
}
