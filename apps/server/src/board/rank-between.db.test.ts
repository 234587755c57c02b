import { createTestDatabase, type TestDatabase, testEngines } from "@gantry/db/testing";
import { rankBetween } from "@gantry/domain";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/** A rank as the domain writes them: base-36 digits, never ending in 0. */
const rank = fc.stringMatching(/^[0-9a-z]{0,7}[1-9a-z]$/);

/** Neighbours a move can ask a rank between: two ranks in order, one end open, or an empty list. */
const neighbours = fc.oneof(
  fc
    .tuple(rank, rank)
    .filter(([a, b]) => a !== b)
    .map(([a, b]): [string | null, string | null] => (a < b ? [a, b] : [b, a])),
  rank.map((a): [string | null, string | null] => [a, null]),
  rank.map((b): [string | null, string | null] => [null, b]),
  fc.constant<[string | null, string | null]>([null, null]),
);

/**
 * gantry_rank_between (migration 0030), which a move runs in PostgreSQL, against rankBetween, which
 * every other rank writer and the web app's optimistic moves run: a card must land where the
 * board showed it would, whichever of the two placed it (decision 0053).
 */
describe.each(testEngines())("the database's rank rule, on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  const ranksInDatabase = async (pairs: [string | null, string | null][]) => {
    const result = (await database.db.execute(
      sql`select gantry_rank_between(t.before, t.after) as rank
        from unnest(${`{${pairs.map(([before]) => before ?? "NULL").join(",")}}`}::text[],
          ${`{${pairs.map(([, after]) => after ?? "NULL").join(",")}}`}::text[]) with ordinality as t(before, after, n)
        order by t.n`,
    )) as unknown as { rows: { rank: string }[] };
    return result.rows.map((row) => row.rank);
  };

  it("gives the rank rankBetween gives for any two neighbours", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(neighbours, { minLength: 1, maxLength: 60 }), async (pairs) => {
        expect(await ranksInDatabase(pairs)).toEqual(pairs.map(([before, after]) => rankBetween(before, after)));
      }),
      { numRuns: 40 },
    );
  });

  it("gives the same ranks at the edges of the digits: carries, 0s and 1s, z runs", async () => {
    const pairs: [string | null, string | null][] = [
      ["z", null],
      ["zzz", null],
      ["1", "2"],
      ["01", "1"],
      [null, "1"],
      [null, "01"],
      [null, "0001"],
      ["y", "z"],
      ["yz", "z"],
      ["1", "11"],
      ["a1", "a2"],
      ["h", "i1"],
      [null, "i"],
    ];
    expect(await ranksInDatabase(pairs)).toEqual(pairs.map(([before, after]) => rankBetween(before, after)));
  });

  it("refuses what rankBetween refuses: a rank ending in 0, another digit, or neighbours out of order", async () => {
    for (const [before, after] of [
      ["10", null],
      [null, "A1"],
      ["b", "a"],
      ["b", "b"],
    ] as [string | null, string | null][]) {
      expect(() => rankBetween(before, after)).toThrow();
      await expect(ranksInDatabase([[before, after]])).rejects.toThrow();
    }
  });
});
