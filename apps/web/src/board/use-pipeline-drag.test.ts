import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { reorderPosition } from "./use-pipeline-drag";

const moveTo = (ids: readonly string[], id: string, position: number) => {
  const others = ids.filter((candidate) => candidate !== id);
  return [...others.slice(0, position), id, ...others.slice(position)];
};

describe("reorderPosition", () => {
  it("lands the dragged pipeline beside the one dropped on, on the half it was dropped on", () => {
    const board = fc
      .uniqueArray(fc.string({ minLength: 1, maxLength: 4 }), { minLength: 2, maxLength: 12 })
      .chain((ids) =>
        fc.record({
          ids: fc.constant(ids),
          dragged: fc.constantFrom(...ids),
          target: fc.constantFrom(...ids),
          edge: fc.constantFrom("left" as const, "right" as const),
        }),
      )
      .filter(({ dragged, target }) => dragged !== target);
    fc.assert(
      fc.property(board, ({ ids, dragged, target, edge }) => {
        const position = reorderPosition(ids, dragged, target, edge);
        if (position === null) {
          // Only a drop that leaves it where it is does nothing.
          const neighbour = ids[ids.indexOf(dragged) + (edge === "left" ? 1 : -1)];
          expect(neighbour).toBe(target);
          return;
        }
        const after = moveTo(ids, dragged, position);
        expect(after.indexOf(dragged) - after.indexOf(target)).toBe(edge === "left" ? -1 : 1);
        expect([...after].sort()).toEqual([...ids].sort());
      }),
    );
  });

  it("ignores pipelines that are not on the board", () => {
    expect(reorderPosition(["a", "b"], "a", "closed--pipeline", "left")).toBeNull();
    expect(reorderPosition(["a", "b"], "gone", "b", "right")).toBeNull();
  });
});
