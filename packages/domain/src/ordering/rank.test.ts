import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { initialRanks, isValidRank, rankBetween, ranksBetween } from "./rank.js";

/** Replays insertions at random positions, each taking the rank between its neighbours. */
function insertAll(positions: number[]): string[] {
  const list: string[] = [];
  for (const position of positions) {
    const at = position % (list.length + 1);
    list.splice(at, 0, rankBetween(list[at - 1] ?? null, list[at] ?? null));
  }
  return list;
}

describe("ranks", () => {
  it("keep any sequence of insertions in list order, all valid and distinct", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 1, maxLength: 300 }), (positions) => {
        const ranks = insertAll(positions);
        expect(ranks.every(isValidRank)).toBe(true);
        expect([...ranks].sort()).toEqual(ranks);
        expect(new Set(ranks).size).toBe(ranks.length);
      }),
    );
  });

  it("place a run of items together between two neighbours (or an end), in order", () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(), { minLength: 2, maxLength: 40 }),
        fc.nat(),
        fc.integer({ min: 0, max: 60 }),
        fc.constantFrom("top", "middle", "bottom"),
        (positions, pick, count, where) => {
          const list = insertAll(positions);
          const index = pick % (list.length - 1);
          const [before, after] =
            where === "top"
              ? [null, list[0] ?? null]
              : where === "bottom"
                ? [list.at(-1) ?? null, null]
                : [list[index] ?? null, list[index + 1] ?? null];
          const run = ranksBetween(before, after, count);
          expect(run).toHaveLength(count);
          expect(run.every(isValidRank)).toBe(true);
          const whole = [before, ...run, after].filter((rank) => rank !== null);
          expect(new Set(whole).size).toBe(whole.length);
          expect([...whole].sort()).toEqual(whole);
        },
      ),
    );
  });

  it("always find a rank strictly between two neighbours", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 2, maxLength: 60 }), fc.nat(), (positions, pick) => {
        const ranks = insertAll(positions);
        const index = pick % (ranks.length - 1);
        const [low, high] = [ranks[index] as string, ranks[index + 1] as string];
        const middle = rankBetween(low, high);
        expect(low < middle && middle < high).toBe(true);
      }),
    );
  });

  it("stay short when items keep landing at the same end", () => {
    let last: string | null = null;
    for (let count = 0; count < 1000; count++) last = rankBetween(last, null);
    expect(last?.length).toBeLessThanOrEqual(40);
    let first: string | null = null;
    for (let count = 0; count < 1000; count++) first = rankBetween(null, first);
    expect(first?.length).toBeLessThanOrEqual(40);
  });

  it("give a new list ascending ranks", () => {
    const ranks = initialRanks(7);
    expect([...ranks].sort()).toEqual(ranks);
    expect(new Set(ranks).size).toBe(7);
  });

  it("refuse neighbours in the wrong order or malformed", () => {
    expect(() => rankBetween("b", "a")).toThrow('rank "b" must sort before "a"');
    expect(() => rankBetween("a0", null)).toThrow('invalid rank "a0"');
    expect(() => rankBetween("A", null)).toThrow('invalid rank "A"');
  });
});
