import { offsetToCursor, resolveArrayConnection } from "@pothos/plugin-relay";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { arrayConnection } from "./connections.js";

/** What a client reads of a connection: every edge's cursor and node, and the page info. */
const asRead = (connection: {
  edges: readonly ({ cursor: string; node: unknown } | null)[];
  pageInfo: { startCursor?: string | null; endCursor?: string | null; hasPreviousPage: boolean; hasNextPage: boolean };
}) => ({
  edges: connection.edges.map((edge) => (edge ? { cursor: edge.cursor, node: edge.node } : null)),
  pageInfo: {
    startCursor: connection.pageInfo.startCursor,
    endCursor: connection.pageInfo.endCursor,
    hasPreviousPage: connection.pageInfo.hasPreviousPage,
    hasNextPage: connection.pageInfo.hasNextPage,
  },
});

describe("connections over lists in memory", () => {
  it("page exactly as Pothos' resolveArrayConnection does, for any list and paging arguments", () => {
    const cursor = fc.option(fc.nat(30).map(offsetToCursor), { nil: undefined });
    const size = fc.option(fc.nat(30), { nil: undefined });
    fc.assert(
      fc.property(
        fc.array(fc.string(), { maxLength: 25 }),
        fc.record({ first: size, last: size, after: cursor, before: cursor }),
        (items, args) => {
          const reference = (() => {
            try {
              return { answer: asRead(resolveArrayConnection({ args }, items)) };
            } catch (error) {
              return { error: String(error) };
            }
          })();
          const ours = (() => {
            try {
              return { answer: asRead(arrayConnection(args, items)) };
            } catch (error) {
              return { error: String(error) };
            }
          })();
          expect(ours).toEqual(reference);
        },
      ),
      // An empty list read without paging arguments has a shortcut of its own.
      { examples: [[[], { first: undefined, last: undefined, after: undefined, before: undefined }]] },
    );
  });

  it("counts the whole list whatever page is read", () => {
    expect(arrayConnection({ first: 2 }, ["a", "b", "c"]).totalCount).toBe(3);
  });
});
