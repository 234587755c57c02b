import { createZenhubStandIn, type ZenhubStandIn } from "@gantry/zenhub-stand-in/stand-in";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createZenhubClient, MAX_CONCURRENT_REQUESTS } from "./client.js";

const KEY = "zh-pacing-key";
// ZenHub's budget shrunk to a second: 300 ms of processing per second, and every answer takes 30 ms
// of it, so about ten requests a second are all the key can sustain.
const WINDOW_MS = 1_000;
let zenhub: ZenhubStandIn;

beforeAll(async () => {
  zenhub = await createZenhubStandIn({
    limits: { processingMsPerWindow: 300, windowMs: WINDOW_MS, maxConcurrent: MAX_CONCURRENT_REQUESTS },
    latencyMs: 30,
    seed: (store) => store.keys.set(KEY, "Pacing test"),
  });
});
afterAll(() => zenhub.close());

describe("the ZenHub client's pacing", () => {
  it("slows down to the processing-time budget ZenHub reports instead of failing, never over 30 in flight", async () => {
    const retryWaits: number[] = [];
    const client = createZenhubClient({
      endpoint: zenhub.endpoint,
      apiKey: KEY,
      budgetWindowMs: WINDOW_MS,
      sleep: (ms) => {
        retryWaits.push(ms);
        return new Promise((resolve) => setTimeout(resolve, ms));
      },
    });
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 60 }, () => client.request<{ viewer: unknown }>("WorkspacesOfKey")),
    );
    const seconds = (performance.now() - started) / 1000;

    expect(answers).toHaveLength(60);
    // 60 answers of at least 30 ms each are 1.8 s of processing; the budget holds 0.3 s and refills
    // 0.3 s a second, so finishing takes at least 5 s: the client waited for the refill.
    expect(seconds).toBeGreaterThan(4.5);
    expect(retryWaits.length).toBeGreaterThan(0);
    // It waited before sending rather than after being refused: ZenHub refused few, if any.
    expect(zenhub.budgets.refused).toBeLessThanOrEqual(3);
    expect(client.peakInFlight).toBeLessThanOrEqual(MAX_CONCURRENT_REQUESTS);
    expect(zenhub.budgets.peakConcurrent).toBeLessThanOrEqual(MAX_CONCURRENT_REQUESTS);
  }, 60_000);

  it("sends side by side at once to an endpoint that does not meter (no X-RateLimit headers)", async () => {
    let inFlight = 0;
    let peak = 0;
    const unmetered: typeof fetch = async () => {
      peak = Math.max(peak, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 20));
      inFlight--;
      return new Response(JSON.stringify({ data: { viewer: null } }), { status: 200 });
    };
    const client = createZenhubClient({
      endpoint: "http://zenhub.invalid/public/graphql",
      apiKey: KEY,
      fetch: unmetered,
    });
    await Promise.all(Array.from({ length: 40 }, () => client.request("WorkspacesOfKey")));
    expect(peak).toBe(MAX_CONCURRENT_REQUESTS);
  });

  it("keeps at most 30 requests in flight when the budget is ample, and uses them", async () => {
    zenhub.budgets.limits = { ...zenhub.budgets.limits, processingMsPerWindow: 1_000_000 };
    zenhub.budgets.peakConcurrent = 0;
    const refusedBefore = zenhub.budgets.refused;
    const client = createZenhubClient({ endpoint: zenhub.endpoint, apiKey: KEY, budgetWindowMs: WINDOW_MS });
    await Promise.all(Array.from({ length: 100 }, () => client.request("WorkspacesOfKey")));
    expect(zenhub.budgets.refused).toBe(refusedBefore);
    // It did run requests side by side (how many overlap at ZenHub depends on timing), never over 30.
    expect(zenhub.budgets.peakConcurrent).toBeGreaterThan(10);
    expect(client.peakInFlight).toBe(MAX_CONCURRENT_REQUESTS);
  });
});
