/**
 * A per-account limit beside the per-IP one, so one address cannot be mailed or guessed at
 * from many IPs. Kept in memory: each instance limits on its own until a shared store exists.
 */
export class AccountThrottle {
  readonly #hits = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records an attempt; returns the seconds to wait when over the limit, else null. */
  attempt(key: string): number | null {
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
