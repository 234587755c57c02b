/**
 * ZenHub's processing-time budget as one client sees it. ZenHub grants each personal API key an
 * amount of processing time per minute, kept as a token bucket that refills continuously, and says
 * on every answer what the limit is and what remains (X-RateLimit-Limit / -Remaining). The client
 * sends a request only when what remains, refilled since the last answer and less what the requests
 * still in flight will cost, covers one more request; otherwise it waits for the refill. The units
 * of the headers do not matter: the refill rate is the limit per window.
 */
export class ProcessingBudget {
  #limit = 0;
  #level = 0;
  #at = 0;
  /** What one request costs, learnt from the answers (a moving average of the level's drops). */
  #cost = 0;

  constructor(
    /** ZenHub's budget is per minute; tests of pacing shrink it together with the stand-in's. */
    private readonly windowMs = 60_000,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  #readings = 0;
  /** An answer came without the headers before any with them: an endpoint that does not meter. */
  #unmetered = false;

  /**
   * Whether requests should go one at a time, to learn the budget and a request's cost from their
   * answers. Not for an endpoint that sends no headers, nor past a few answers that showed no cost.
   */
  get learning(): boolean {
    if (this.#unmetered) return false;
    return this.#limit <= 0 || (this.#cost <= 0 && this.#readings < 3);
  }

  /** Milliseconds to wait before sending one more request while `inFlight` others are unanswered. */
  delayBefore(inFlight: number): number {
    if (this.#limit <= 0) return 0;
    // Half again a request's learnt cost: requests that run side by side each take longer.
    const need = Math.max(1, 1.5 * this.#cost);
    const level = this.level() - inFlight * need;
    if (level >= need) return 0;
    return Math.ceil(((need - level) * this.windowMs) / this.#limit);
  }

  /** Reads an answer's X-RateLimit-* headers; answers without them (another endpoint) leave it as it was. */
  observe(headers: Headers): void {
    const limit = Number(headers.get("x-ratelimit-limit"));
    const remaining = Number(headers.get("x-ratelimit-remaining"));
    if (!(limit > 0) || !Number.isFinite(remaining) || headers.get("x-ratelimit-remaining") === null) {
      if (this.#limit <= 0) this.#unmetered = true;
      return;
    }
    this.#readings++;
    // A first reading (or a changed limit) says where the budget stands, not what a request costs.
    if (this.#limit === limit) {
      const drop = Math.max(0, this.level() - remaining);
      if (drop > 0) this.#cost = this.#cost > 0 ? 0.7 * this.#cost + 0.3 * drop : drop;
    }
    // Answers can arrive out of the order ZenHub charged them in: an older, higher reading must not
    // undo a newer, lower one.
    this.#level = this.#limit === limit ? Math.min(this.level(), remaining) : Math.min(limit, remaining);
    // ZenHub does not say how far past the budget a key is: nothing left is taken as a request's worth owed.
    if (remaining <= 0) this.#level = Math.min(this.#level, -this.#cost);
    this.#limit = limit;
    this.#at = this.clock();
  }

  /** A 429 said to wait `ms`: the budget is spent until then, and refills from then on. */
  spentFor(ms: number): void {
    if (this.#limit <= 0) return;
    this.#level = 0;
    this.#at = this.clock() + ms;
  }

  /** The level now: what the last answer said, refilled since (owed, before a 429's wait is over). */
  private level(): number {
    const refill = ((this.clock() - this.#at) * this.#limit) / this.windowMs;
    return Math.min(this.#limit, this.#level + refill);
  }
}
