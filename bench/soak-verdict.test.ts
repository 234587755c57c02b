import { describe, expect, it } from "vitest";
import { heapGrowth, type MemorySample, soakVerdict } from "./soak-verdict.js";

const MB = 2 ** 20;
/** Samples every 10 s with the given heap figures in MB. */
const samples = (heapsMb: number[]): MemorySample[] =>
  heapsMb.map((heap, index) => ({ atSeconds: index * 10, rssBytes: 200 * MB, heapUsedBytes: heap * MB }));

describe("the soak's verdict", () => {
  it("judges heap growth by the floor after collections, not by the sawtooth between them", () => {
    // Garbage climbs to 180 MB and is collected back to 100 MB, over and over: no leak.
    const sawtooth = samples([100, 140, 180, 100, 140, 180, 100, 140, 180, 100, 140, 180]);
    expect(heapGrowth(sawtooth)).toBe(0);
    // The floor rises from 100 to 135 MB in the last half: a leak.
    const leak = samples([90, 95, 100, 110, 100, 150, 100, 150, 130, 160, 135, 170]);
    expect(heapGrowth(leak)).toBeCloseTo(0.35);
  });

  it("passes a run with a flat heap, a steady p95 and no errors", () => {
    const verdict = soakVerdict({
      samples: samples([80, 100, 104, 100, 103, 101, 104, 102]),
      p95ByMinute: [40, 20, 22, 25],
      errors: 0,
    });
    expect(verdict).toMatchObject({
      memory: { stable: true },
      latency: { stable: true, ratio: 1.25 },
      errors: { none: true, count: 0 },
      passed: true,
    });
  });

  it("ignores the first minute's warm-up and compares the last minute with the second", () => {
    const verdict = soakVerdict({ samples: samples([100, 100, 100, 100]), p95ByMinute: [200, 20, 31], errors: 0 });
    expect(verdict.latency).toMatchObject({ stable: false, ratio: 1.55 });
    expect(verdict.passed).toBe(false);
  });

  it("accepts exactly 1.5× and refuses 10% heap growth", () => {
    expect(soakVerdict({ samples: samples([1, 1, 1, 1]), p95ByMinute: [1, 10, 15], errors: 0 }).latency.stable).toBe(
      true,
    );
    const grown = soakVerdict({ samples: samples([100, 100, 100, 110]), p95ByMinute: [10, 10], errors: 0 });
    expect(grown.memory).toMatchObject({ stable: false, growth: 0.1 });
  });

  it("fails on a single error response", () => {
    const verdict = soakVerdict({ samples: samples([100, 100, 100, 100]), p95ByMinute: [10, 10], errors: 1 });
    expect(verdict).toMatchObject({ errors: { none: false, count: 1 }, passed: false });
  });

  it("compares a one-minute run's minute with itself and needs four samples", () => {
    expect(soakVerdict({ samples: samples([1, 1, 1, 1]), p95ByMinute: [30], errors: 0 }).latency.ratio).toBe(1);
    expect(() => soakVerdict({ samples: samples([1, 1, 1]), p95ByMinute: [30], errors: 0 })).toThrow(/too few/);
  });
});
