/**
 * The soak's verdict (issue #15, decision 0043), apart from the run so it can be tested: memory stable,
 * latency stable, no errors. Thresholds are the brief's: heap growth over the last half under 10%, the
 * last minute's p95 within 1.5× the second minute's, zero error responses.
 */

/** One 10-second sample of the server process. */
export interface MemorySample {
  atSeconds: number;
  rssBytes: number;
  heapUsedBytes: number;
}

export interface Verdict {
  memory: { stable: boolean; growth: number; detail: string };
  latency: { stable: boolean; ratio: number; detail: string };
  errors: { none: boolean; count: number };
  passed: boolean;
}

export const HEAP_GROWTH_LIMIT = 0.1;
export const P95_RATIO_LIMIT = 1.5;

/**
 * Heap growth over the last half of the run. The heap is a sawtooth (it climbs until a collection),
 * so each quarter of that half is represented by its lowest sample, what survives collection: a leak
 * raises that floor, garbage between collections does not.
 */
export function heapGrowth(samples: readonly MemorySample[]): number {
  if (samples.length < 4) throw new Error(`too few memory samples (${samples.length}) to judge growth`);
  const lastHalf = samples.slice(Math.floor(samples.length / 2));
  const middle = Math.floor(lastHalf.length / 2);
  const floor = (part: readonly MemorySample[]) => Math.min(...part.map((sample) => sample.heapUsedBytes));
  const early = floor(lastHalf.slice(0, middle));
  const late = floor(lastHalf.slice(middle));
  return (late - early) / early;
}

/**
 * `p95ByMinute[i]` is minute i + 1's p95 over every operation. The first minute is warm-up (JIT, caches,
 * pools filling), so the reference is the second; a run of one minute compares that minute with itself.
 */
export function soakVerdict(input: {
  samples: readonly MemorySample[];
  p95ByMinute: readonly number[];
  errors: number;
}): Verdict {
  const growth = heapGrowth(input.samples);
  const { p95ByMinute } = input;
  if (p95ByMinute.length === 0) throw new Error("no minute measured");
  const reference = (p95ByMinute.length > 1 ? p95ByMinute[1] : p95ByMinute[0]) as number;
  const last = p95ByMinute.at(-1) as number;
  const ratio = last / reference;
  const memoryStable = growth < HEAP_GROWTH_LIMIT;
  const latencyStable = ratio <= P95_RATIO_LIMIT;
  return {
    memory: {
      stable: memoryStable,
      growth,
      detail: `heap floor ${growth >= 0 ? "+" : ""}${(growth * 100).toFixed(1)}% over the last half (limit +${HEAP_GROWTH_LIMIT * 100}%)`,
    },
    latency: {
      stable: latencyStable,
      ratio,
      detail: `last-minute p95 ${last.toFixed(1)} ms is ${ratio.toFixed(2)}× minute ${p95ByMinute.length > 1 ? 2 : 1}'s ${reference.toFixed(1)} ms (limit ${P95_RATIO_LIMIT}×)`,
    },
    errors: { none: input.errors === 0, count: input.errors },
    passed: memoryStable && latencyStable && input.errors === 0,
  };
}
