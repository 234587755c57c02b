import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type BulkAnswer, chunksToSend, runInChunks } from "./bulk-chunks";

const ids = (count: number) => Array.from({ length: count }, (_, index) => `i${index}`);

describe("bulk chunks", () => {
  it("cover every issue once; moving to the top sends the last chunk first", () => {
    fc.assert(
      fc.property(fc.nat(120), fc.integer({ min: 1, max: 30 }), fc.boolean(), (count, size, toTop) => {
        const chunks = chunksToSend(ids(count), size, toTop);
        expect(chunks.every((chunk) => chunk.length >= 1 && chunk.length <= size)).toBe(true);
        // Each chunk lands above the ones sent before it, so the board reads them back in order.
        const landed = toTop ? [...chunks].reverse().flat() : chunks.flat();
        expect(landed).toEqual(ids(count));
      }),
    );
  });

  it("reports progress after each request and sorts issues into succeeded and failed with the reason", async () => {
    const progress: number[] = [];
    const outcome = await runInChunks(
      [["a", "b"], ["c", "d"], ["e"]],
      async (chunk): Promise<BulkAnswer> => {
        if (chunk.includes("c")) throw new Error("You do not have permission to do this in this workspace.");
        return { successCount: chunk.length - 1, githubErrors: chunk.includes("b") ? { b: "GitHub refused" } : {} };
      },
      (done) => progress.push(done),
    );
    expect(progress).toEqual([2, 4, 5]);
    expect(outcome).toEqual({
      succeeded: ["a", "e"],
      failures: {
        b: "GitHub refused",
        c: "You do not have permission to do this in this workspace.",
        d: "You do not have permission to do this in this workspace.",
      },
    });
  });
});
