import { describe, expect, it } from "vitest";
import { ProcessingBudget } from "./pacing.js";

const readings = (limit: number, remaining: number) =>
  new Headers({ "x-ratelimit-limit": String(limit), "x-ratelimit-remaining": String(remaining) });

describe("ZenHub's processing-time budget as the client keeps it", () => {
  it("learns from one request at a time first, unless the endpoint sends no headers at all", () => {
    const budget = new ProcessingBudget(60_000, () => 0);
    expect(budget.learning).toBe(true);
    expect(budget.delayBefore(0)).toBe(0);
    budget.observe(new Headers());
    expect(budget.learning).toBe(false);
    expect(budget.delayBefore(5)).toBe(0);
  });

  it("learns a request's cost and waits for the refill when what is left would not cover the next one", () => {
    let now = 0;
    const budget = new ProcessingBudget(60_000, () => now);
    // 90 s a minute, as ZenHub grants: 1.5 ms of budget come back every millisecond.
    budget.observe(readings(90_000, 3_000));
    expect(budget.learning).toBe(true);
    budget.observe(readings(90_000, 2_000));
    expect(budget.learning).toBe(false);
    // One request costs about 1,000 ms; 2,000 are left, so a second one in flight leaves too little.
    expect(budget.delayBefore(0)).toBe(0);
    expect(budget.delayBefore(1)).toBeGreaterThan(0);
    const wait = budget.delayBefore(1);
    now += wait;
    expect(budget.delayBefore(1)).toBe(0);
  });

  it("takes nothing left as owing a request, and a 429's wait as spent until it is over", () => {
    let now = 0;
    const budget = new ProcessingBudget(1_000, () => now);
    budget.observe(readings(300, 200));
    budget.observe(readings(300, 150));
    budget.observe(readings(300, 0));
    // The learnt cost is 80 (50, then a drop of 150); 80 owed and 120 needed come back at 0.3 a millisecond.
    expect(budget.delayBefore(0)).toBe(Math.ceil(200 / 0.3));
    budget.spentFor(2_000);
    expect(budget.delayBefore(0)).toBeGreaterThan(2_000);
    now += 2_000;
    // From an empty budget once the wait is over: only the next request's 120.
    expect(budget.delayBefore(0)).toBe(400);
  });

  it("does not let an older, higher reading that arrives late undo a newer one", () => {
    const budget = new ProcessingBudget(60_000, () => 0);
    budget.observe(readings(90_000, 90_000));
    budget.observe(readings(90_000, 89_000));
    budget.observe(readings(90_000, 1_000));
    const waiting = budget.delayBefore(0);
    budget.observe(readings(90_000, 50_000));
    expect(budget.delayBefore(0)).toBe(waiting);
  });
});
