/** A directed link between two issues: "blocking → blocked" for dependencies, "child → parent" for sub-issues. */
export interface IssueLink {
  from: string;
  to: string;
}

/**
 * The issues along the links from `start` to `goal` (both included), or null when `goal`
 * cannot be reached. Adding the link goal → start closes a cycle exactly when this finds a
 * path, so the services that write dependencies and parents ask it before writing.
 */
export function pathBetween(links: readonly IssueLink[], start: string, goal: string): string[] | null {
  const next = new Map<string, string[]>();
  for (const { from, to } of links) next.set(from, [...(next.get(from) ?? []), to]);
  const cameFrom = new Map<string, string | null>([[start, null]]);
  const queue = [start];
  for (let index = 0; index < queue.length; index++) {
    const current = queue[index] as string;
    if (current === goal) {
      const path: string[] = [];
      for (let step: string | null = current; step !== null; step = cameFrom.get(step) ?? null) path.unshift(step);
      return path;
    }
    for (const neighbour of next.get(current) ?? []) {
      if (cameFrom.has(neighbour)) continue;
      cameFrom.set(neighbour, current);
      queue.push(neighbour);
    }
  }
  return null;
}
