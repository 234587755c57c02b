import type { PublicApiLimits } from "./config.js";

/** What the X-RateLimit-* headers say, in milliseconds of processing time. */
export interface BudgetState {
  limit: number;
  used: number;
  remaining: number;
}

export type Admission =
  | { admitted: true; state: BudgetState; finish: (elapsedMs: number) => BudgetState }
  | { admitted: false; state: BudgetState; retryAfterSeconds: number; reason: "budget" | "concurrency" };

interface Bucket {
  /** Milliseconds left; negative after a request that cost more than was left. */
  level: number;
  updatedAt: number;
  inFlight: number;
}

const MINUTE_MS = 60_000;
/** Every request costs at least this much, and is admitted only with this much left. */
export const MIN_CHARGE_MS = 1;

/**
 * The reference API's limit: each key has a budget of processing time refilled continuously
 * (`budgetMsPerMinute` per minute, never above one minute's worth), and at most `maxConcurrent`
 * requests in flight. A request is admitted while at least 1 ms is left and is charged what it
 * took afterwards (1 ms at least), so one slow request can leave the budget in debt and the next wait longer.
 * In memory, per instance (decision 0034).
 */
export class KeyBudgets {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly limits: PublicApiLimits,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  admit(keyId: string): Admission {
    const bucket = this.refilled(keyId);
    if (bucket.level < MIN_CHARGE_MS) {
      const perMs = this.limits.budgetMsPerMinute / MINUTE_MS;
      // Time until the budget covers a request again, rounded up to whole seconds as Retry-After wants.
      const retryAfterSeconds = Math.max(1, Math.ceil((MIN_CHARGE_MS - bucket.level) / perMs / 1000));
      return { admitted: false, state: this.state(bucket), retryAfterSeconds, reason: "budget" };
    }
    if (bucket.inFlight >= this.limits.maxConcurrent) {
      return { admitted: false, state: this.state(bucket), retryAfterSeconds: 1, reason: "concurrency" };
    }
    bucket.inFlight += 1;
    let finished = false;
    return {
      admitted: true,
      state: this.state(bucket),
      finish: (elapsedMs) => {
        const after = this.refilled(keyId);
        if (!finished) {
          finished = true;
          after.inFlight -= 1;
          after.level -= Math.max(MIN_CHARGE_MS, elapsedMs);
        }
        return this.state(after);
      },
    };
  }

  private refilled(keyId: string): Bucket {
    const now = this.clock();
    const bucket = this.buckets.get(keyId) ?? { level: this.limits.budgetMsPerMinute, updatedAt: now, inFlight: 0 };
    const refill = ((now - bucket.updatedAt) * this.limits.budgetMsPerMinute) / MINUTE_MS;
    bucket.level = Math.min(this.limits.budgetMsPerMinute, bucket.level + refill);
    bucket.updatedAt = now;
    // One small entry per key that has been used; a person holds at most five working keys.
    this.buckets.set(keyId, bucket);
    return bucket;
  }

  private state(bucket: Bucket): BudgetState {
    const remaining = Math.max(0, Math.floor(bucket.level));
    return { limit: this.limits.budgetMsPerMinute, used: this.limits.budgetMsPerMinute - remaining, remaining };
  }
}
