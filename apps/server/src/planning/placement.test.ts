import { initialRanks } from "@gantry/domain";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { placement, type Sibling } from "./placement.js";

/** Ranked siblings first (ascending), then unranked ones, as the planning order lists them. */
const level = fc
  .tuple(fc.nat({ max: 12 }), fc.nat({ max: 12 }))
  .map(([ranked, unranked]): Sibling[] => [
    ...initialRanks(ranked).map((rank, index) => ({ id: `r${index}`, rank })),
    ...Array.from({ length: unranked }, (_, index) => ({ id: `u${index}`, rank: null })),
  ]);

/** The planning order: by rank, unranked last in the order they were listed. */
function order(rows: Sibling[]): string[] {
  return rows
    .map((row, index) => ({ ...row, index }))
    .sort((a, b) =>
      a.rank === null || b.rank === null
        ? Number(a.rank === null) - Number(b.rank === null) || a.index - b.index
        : a.rank < b.rank
          ? -1
          : a.rank > b.rank
            ? 1
            : a.index - b.index,
    )
    .map((row) => row.id);
}

describe("planning placement", () => {
  it("puts the issue exactly at the asked place and keeps every other sibling where it was", () => {
    fc.assert(
      fc.property(level, fc.nat(), (siblings, pick) => {
        const at = pick % (siblings.length + 1);
        const { placed, rank } = placement(siblings, at);
        const after = siblings.map((row) => ({ ...row, rank: placed.find((p) => p.id === row.id)?.rank ?? row.rank }));
        const expected = siblings.map((row) => row.id);
        expected.splice(at, 0, "moved");
        expect(order([...after, { id: "moved", rank }])).toEqual(expected);
        expect(placed.every((p) => siblings.find((row) => row.id === p.id)?.rank === null)).toBe(true);
      }),
    );
  });

  it("ranks only the unranked siblings before the new place", () => {
    const siblings = [
      ...initialRanks(2).map((rank, index) => ({ id: `r${index}`, rank })),
      ...["u0", "u1", "u2"].map((id) => ({ id, rank: null })),
    ];
    expect(placement(siblings, 1).placed).toEqual([]);
    expect(placement(siblings, 2).placed).toEqual([]);
    expect(placement(siblings, 4).placed.map((row) => row.id)).toEqual(["u0", "u1"]);
  });
});
