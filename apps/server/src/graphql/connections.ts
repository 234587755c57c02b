import { type DefaultConnectionArguments, offsetForArgs, offsetToCursor } from "@pothos/plugin-relay";

/**
 * An edge whose cursor is encoded only when a client reads it: a board page holds seven relation
 * lists per card, and cards never ask for their cursors.
 */
class ArrayEdge<T> {
  constructor(
    readonly node: T,
    private readonly offset: number,
  ) {}

  get cursor(): string {
    return offsetToCursor(this.offset);
  }
}

/**
 * A Relay connection over a list already in memory, with the reference schema's totalCount: the
 * same edges, cursors and page info as Pothos' resolveArrayConnection, cursors made on demand.
 */
export function arrayConnection<T>(args: DefaultConnectionArguments, items: T[]) {
  const { offset, limit, expectedSize, hasPreviousPage, hasNextPage } = offsetForArgs({
    args,
    totalCount: items.length,
  });
  const nodes = items.slice(offset, offset + limit);
  const edges = nodes
    .slice(0, expectedSize)
    .map((node, index) => (node == null ? null : new ArrayEdge(node, offset + index)));
  return {
    edges,
    totalCount: items.length,
    pageInfo: {
      get startCursor() {
        return offsetToCursor(offset);
      },
      get endCursor() {
        return offsetToCursor(offset + edges.length - 1);
      },
      hasPreviousPage,
      hasNextPage: hasNextPage(nodes.length),
    },
  };
}
