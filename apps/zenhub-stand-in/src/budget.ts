/**
 * ZenHub's documented limits for each personal API key: a budget of processing time (90 seconds per
 * minute) kept as a token bucket that refills continuously, with no single reset time, and at most
 * 30 requests executing at once. Each request is charged the time it took once it is answered.
 */
export interface BudgetLimits {
  /** Milliseconds of processing time a key may use per `windowMs`; ZenHub grants 90 s a minute. */
  processingMsPerWindow: number;
  /** ZenHub's window is a minute; tests shrink it so a small budget refills within a test. */
  windowMs: number;
  /** Requests one key may have executing at once. */
  maxConcurrent: number;
}

export const ZENHUB_LIMITS: BudgetLimits = { processingMsPerWindow: 90_000, windowMs: 60_000, maxConcurrent: 30 };

/** What the X-RateLimit-* headers say, in milliseconds of processing time. */
export interface BudgetHeaders {
  limit: number;
  used: number;
  remaining: number;
}

interface Bucket {
  /** Milliseconds left; negative after a request that took more than was left. */
  level: number;
  at: number;
  inFlight: number;
}

export type Admission =
  | { admitted: true; finish: (elapsedMs: number) => BudgetHeaders }
  | { admitted: false; headers: BudgetHeaders; retryAfterSeconds: number };

export class KeyBudgets {
  private readonly buckets = new Map<string, Bucket>();
  /** The most requests any key had executing at once: what a test of a client's pacing reads. */
  peakConcurrent = 0;
  /** Requests refused because the key's budget was spent or it had too many in flight. */
  refused = 0;

  constructor(
    public limits: BudgetLimits,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  admit(key: string): Admission {
    const bucket = this.refilled(key);
    if (bucket.level < 1 || bucket.inFlight >= this.limits.maxConcurrent) {
      this.refused++;
      const perMs = this.limits.processingMsPerWindow / this.limits.windowMs;
      const retryAfterSeconds = bucket.level < 1 ? Math.max(1, Math.ceil((1 - bucket.level) / perMs / 1000)) : 1;
      return { admitted: false, headers: this.headers(bucket), retryAfterSeconds };
    }
    bucket.inFlight++;
    this.peakConcurrent = Math.max(this.peakConcurrent, bucket.inFlight);
    return {
      admitted: true,
      finish: (elapsedMs) => {
        const after = this.refilled(key);
        after.inFlight--;
        after.level -= Math.max(1, elapsedMs);
        return this.headers(after);
      },
    };
  }

  private refilled(key: string): Bucket {
    const now = this.clock();
    const { processingMsPerWindow, windowMs } = this.limits;
    const bucket = this.buckets.get(key) ?? { level: processingMsPerWindow, at: now, inFlight: 0 };
    bucket.level = Math.min(
      processingMsPerWindow,
      bucket.level + ((now - bucket.at) * processingMsPerWindow) / windowMs,
    );
    bucket.at = now;
    this.buckets.set(key, bucket);
    return bucket;
  }

  private headers(bucket: Bucket): BudgetHeaders {
    const limit = this.limits.processingMsPerWindow;
    const remaining = Math.max(0, Math.floor(bucket.level));
    return { limit, used: limit - remaining, remaining };
  }
}
