import { type DefaultConnectionArguments, offsetForArgs, offsetToCursor } from "@pothos/plugin-relay";
import { CONNECTION_ITEMS } from "./issue-counts.js";

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

/** Page info whose cursors are encoded only when a client reads them. */
class ArrayPageInfo {
  constructor(
    private readonly offset: number,
    private readonly edgeCount: number,
    readonly hasPreviousPage: boolean,
    readonly hasNextPage: boolean,
  ) {}

  get startCursor(): string {
    return offsetToCursor(this.offset);
  }

  get endCursor(): string {
    return offsetToCursor(this.offset + this.edgeCount - 1);
  }
}

interface ListConnection<T> {
  edges: (ArrayEdge<T> | null)[];
  totalCount: number;
  pageInfo: ArrayPageInfo;
  /** The whole list, for what a connection counts across its pages (the reference's IssueConnection counts). */
  [CONNECTION_ITEMS]?: readonly T[];
}

/**
 * An empty list read without paging arguments, as every such read answers it. Most of a card's
 * relation lists are empty, and a board page reads seven per card.
 */
const EMPTY_CONNECTION: ListConnection<never> = Object.freeze({
  edges: Object.freeze([]) as never[],
  totalCount: 0,
  pageInfo: new ArrayPageInfo(0, 0, false, false),
});

/**
 * A Relay connection over a list already in memory, with the reference schema's totalCount: the
 * same edges, cursors and page info as Pothos' resolveArrayConnection, cursors made on demand.
 */
export function arrayConnection<T>(args: DefaultConnectionArguments, items: T[]): ListConnection<T> {
  if (items.length === 0 && args.first == null && args.last == null && args.after == null && args.before == null) {
    return EMPTY_CONNECTION;
  }
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
    pageInfo: new ArrayPageInfo(offset, edges.length, hasPreviousPage, hasNextPage(nodes.length)),
    [CONNECTION_ITEMS]: items,
  };
}

/**
 * A forward-only connection over one page read after a keyset cursor: each item's edge carries
 * `cursorOf(item)`, and there is a previous page exactly when the read came `after` a cursor.
 */
export function forwardPageConnection<T>(
  page: { items: T[]; hasNextPage: boolean; totalCount: number },
  after: string | null | undefined,
  cursorOf: (item: T) => string,
) {
  const edges = page.items.map((item) => ({ cursor: cursorOf(item), node: item }));
  return {
    edges,
    pageInfo: {
      hasNextPage: page.hasNextPage,
      hasPreviousPage: Boolean(after),
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
    totalCount: page.totalCount,
  };
}
