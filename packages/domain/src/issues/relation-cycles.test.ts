import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type IssueLink, pathBetween } from "./relation-cycles.js";

const ISSUES = ["a", "b", "c", "d", "e", "f"];
const linkArbitrary = fc.record({ from: fc.constantFrom(...ISSUES), to: fc.constantFrom(...ISSUES) });

/** Reachability by repeated relaxation: slow and obviously right. */
function reachable(links: readonly IssueLink[], start: string): Set<string> {
  const seen = new Set([start]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const { from, to } of links)
      if (seen.has(from) && !seen.has(to)) {
        seen.add(to);
        grew = true;
      }
  }
  return seen;
}

function hasCycle(links: readonly IssueLink[]): boolean {
  return links.some(({ from, to }) => from === to || reachable(links, to).has(from));
}

describe("pathBetween", () => {
  it("follows the links in their direction only", () => {
    const links = [
      { from: "12", to: "34" },
      { from: "34", to: "56" },
    ];
    expect(pathBetween(links, "12", "56")).toEqual(["12", "34", "56"]);
    expect(pathBetween(links, "56", "12")).toBeNull();
    expect(pathBetween(links, "7", "7")).toEqual(["7"]);
  });

  it("finds a path exactly when the goal is reachable, and the path is made of links", () => {
    fc.assert(
      fc.property(
        fc.array(linkArbitrary, { maxLength: 15 }),
        fc.constantFrom(...ISSUES),
        fc.constantFrom(...ISSUES),
        (links, start, goal) => {
          const path = pathBetween(links, start, goal);
          expect(path !== null).toBe(reachable(links, start).has(goal));
          if (!path) return;
          expect(path[0]).toBe(start);
          expect(path.at(-1)).toBe(goal);
          for (let index = 1; index < path.length; index++)
            expect(links).toContainEqual({ from: path[index - 1], to: path[index] });
        },
      ),
    );
  });

  it("keeps links acyclic when each is added only if no path leads back", () => {
    fc.assert(
      fc.property(fc.array(linkArbitrary, { maxLength: 25 }), (proposed) => {
        const kept: IssueLink[] = [];
        for (const link of proposed) if (pathBetween(kept, link.to, link.from) === null) kept.push(link);
        expect(hasCycle(kept)).toBe(false);
        // Every refused link would have closed a cycle.
        for (const link of proposed) if (!kept.includes(link)) expect(hasCycle([...kept, link])).toBe(true);
      }),
    );
  });
});
