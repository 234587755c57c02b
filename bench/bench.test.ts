import { describe, expect, it } from "vitest";
import { orderProblems } from "./permutation.js";
import { benchDatabaseName } from "./seed.js";
import { median, percentile, summarize } from "./stats.js";

describe("benchmark statistics", () => {
  it("takes nearest-rank percentiles, so a tail is a measured sample", () => {
    const samples = Array.from({ length: 100 }, (_, index) => 100 - index);
    expect(percentile(samples, 95)).toBe(95);
    expect(percentile(samples, 99)).toBe(99);
    expect(percentile(samples, 100)).toBe(100);
    expect(percentile([7, 3, 5], 95)).toBe(7);
  });

  it("gives the median of odd and even counts", () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it("summarises runs and refuses no samples or a percentile out of range", () => {
    expect(summarize([2, 4, 6])).toEqual({ runs: 3, median: 4, p95: 6, p99: 6, min: 2, max: 6 });
    expect(() => median([])).toThrow("no samples");
    expect(() => percentile([1], 0)).toThrow("percentile must be in (0, 100]");
  });
});

describe("the board order check after concurrent moves", () => {
  const row = (issueId: string, pipelineId: string, rank: string) => ({ issueId, pipelineId, rank });

  it("accepts every issue placed once with distinct ranks per pipeline", () => {
    expect(orderProblems(["a", "b", "c"], [row("a", "p", "h"), row("b", "p", "i"), row("c", "q", "h")])).toEqual([]);
  });

  it("names lost, duplicated and unknown issues, shared and invalid ranks", () => {
    const problems = orderProblems(
      ["a", "b", "c"],
      [row("a", "p", "h"), row("a", "q", "i"), row("b", "p", "h"), row("x", "q", "j0")],
    );
    expect(problems).toEqual([
      "1 issues placed more than once (a, …)",
      "1 issues lost (c, …)",
      "1 issues that were never seeded (x, …)",
      'two issues share rank "h" in pipeline p',
      'invalid rank "j0" for x',
    ]);
  });
});

describe("benchmark database names", () => {
  it("follow the database TEST_DATABASE_URL names, so two people on one server never share one", () => {
    expect(benchDatabaseName("postgres://postgres@127.0.0.1:5432/test", "bench_b1")).toBe("test_bench_b1");
    expect(benchDatabaseName("postgres://me@db:5432/Alice-Dev", "bench_b2")).toBe("alice_dev_bench_b2");
    expect(benchDatabaseName("postgres://me@db:5432", "bench")).toBe("postgres_bench");
    expect(() => benchDatabaseName(`postgres://me@db/${"x".repeat(60)}`, "bench")).toThrow(/longer than 63/);
  });
});
