/** Summaries of timed samples: benchmarks quote medians and tail percentiles, never one run. */
export interface Summary {
  runs: number;
  median: number;
  p95: number;
  p99: number;
  min: number;
  max: number;
}

/**
 * The nearest-rank percentile (0 < p ≤ 100): the smallest sample with at least p% of samples at
 * or below it. It is always a measured value, so a p99 over few runs is the worst run, not a guess.
 */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) throw new Error("no samples");
  if (!(p > 0 && p <= 100)) throw new Error(`percentile must be in (0, 100], got ${p}`);
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[rank - 1] as number;
}

/** The middle sample, or the mean of the two middle ones for an even count. */
export function median(samples: readonly number[]): number {
  if (samples.length === 0) throw new Error("no samples");
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

export function summarize(samples: readonly number[]): Summary {
  return {
    runs: samples.length,
    median: median(samples),
    p95: percentile(samples, 95),
    p99: percentile(samples, 99),
    min: Math.min(...samples),
    max: Math.max(...samples),
  };
}

/** Milliseconds with one decimal, as results tables show them. */
export const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Times an async call in milliseconds. */
export async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await work();
  return { ms: performance.now() - start, value };
}
