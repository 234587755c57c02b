import { describe, expect, it } from "vitest";
import { KeyBudgets } from "./rate-limit.js";

const limits = { budgetMsPerMinute: 90_000, maxConcurrent: 2, maxComplexity: 1000 };

function budgetsAt(start = 0) {
  let now = start;
  const budgets = new KeyBudgets(limits, () => now);
  const advance = (ms: number) => {
    now += ms;
  };
  return { budgets, advance };
}

describe("per-key processing-time budgets", () => {
  it("charges what a request took and refills 90 s per minute, continuously, up to the limit", () => {
    const { budgets, advance } = budgetsAt();
    const admission = budgets.admit("k");
    if (!admission.admitted) throw new Error("refused");
    expect(admission.state).toEqual({ limit: 90_000, used: 0, remaining: 90_000 });
    advance(1000);
    // 1 s of work, during which 1.5 s of budget came back, but the bucket was already full.
    expect(admission.finish(30_000)).toEqual({ limit: 90_000, used: 30_000, remaining: 60_000 });
    advance(10_000);
    const next = budgets.admit("k");
    expect(next.state.remaining).toBe(75_000);
  });

  it("refuses a key in debt until its budget is back, saying how many seconds that takes", () => {
    const { budgets, advance } = budgetsAt();
    const admission = budgets.admit("k");
    if (!admission.admitted) throw new Error("refused");
    admission.finish(120_000);
    const refused = budgets.admit("k");
    expect(refused).toMatchObject({ admitted: false, reason: "budget", state: { used: 90_000, remaining: 0 } });
    // 30 000 ms of debt and 1 ms more, at 1.5 ms per ms: 20.0007 s, rounded up.
    expect(refused.admitted ? 0 : refused.retryAfterSeconds).toBe(21);
    expect(budgets.admit("other").admitted).toBe(true);
    advance(21_000);
    expect(budgets.admit("k").admitted).toBe(true);
  });

  it("admits at most maxConcurrent requests of one key at once", () => {
    const { budgets } = budgetsAt();
    const first = budgets.admit("k");
    const second = budgets.admit("k");
    const third = budgets.admit("k");
    expect([first.admitted, second.admitted, third.admitted]).toEqual([true, true, false]);
    expect(third).toMatchObject({ reason: "concurrency", retryAfterSeconds: 1 });
    if (first.admitted) {
      first.finish(5);
      first.finish(5); // finishing twice frees one place and charges once
    }
    expect(budgets.admit("k").admitted).toBe(true);
    expect(budgets.admit("k").admitted).toBe(false);
  });
});
