import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  assumedEstimate,
  averageSprintVelocity,
  type CandidateIssue,
  fillSprints,
  medianEstimate,
  nextSprintOf,
  predictedSprintBadgeText,
  predictedSprintStatus,
  type SprintTimes,
  sprintsForSelector,
} from "./rules.js";

const day = (n: number) => new Date(Date.UTC(2026, 10, 1 + n));
const sprint = (id: string, state: "OPEN" | "CLOSED", start: number): SprintTimes => ({
  id,
  state,
  startAt: day(start),
  endAt: day(start + 14),
});

describe("sprint rules (SPEC §4)", () => {
  it("lists open sprints soonest first, then closed ones by end, latest first", () => {
    const list = [
      sprint("c1", "CLOSED", 0),
      sprint("o2", "OPEN", 42),
      sprint("c2", "CLOSED", 14),
      sprint("o1", "OPEN", 28),
    ];
    expect(sprintsForSelector(list).map((s) => s.id)).toEqual(["o1", "o2", "c2", "c1"]);
  });

  it("picks the next sprint", () => {
    const open = [{ id: "a" }, { id: "b" }];
    expect(nextSprintOf(open, "a")).toEqual({ id: "b" });
    expect(nextSprintOf([{ id: "a" }], "a")).toBeNull();
    expect(nextSprintOf(open, null)).toEqual({ id: "a" });
    expect(nextSprintOf([], null)).toBeNull();
    expect(nextSprintOf(open, "b")).toBeNull();
  });

  it("gives a predicted status only when the id and the automation flag are known", () => {
    expect(predictedSprintStatus({ sprintId: null, automationEnabled: true, nextSprintId: "a" })).toBeNull();
    expect(predictedSprintStatus({ sprintId: "a", automationEnabled: undefined, nextSprintId: "a" })).toBeNull();
    expect(predictedSprintStatus({ sprintId: "a", automationEnabled: true, nextSprintId: "a" })).toBe("next");
    expect(predictedSprintStatus({ sprintId: "b", automationEnabled: true, nextSprintId: "a" })).toBe("predicted");
    expect(predictedSprintStatus({ sprintId: "a", automationEnabled: false, nextSprintId: "a" })).toBe("predicted");
  });

  it("writes the badge, leaving the colon out before a name starting with Sprint:", () => {
    expect(predictedSprintBadgeText("next", "Sprint: Nov 23 – Dec 6, 2026")).toBe("Next Sprint: Nov 23 – Dec 6, 2026");
    expect(predictedSprintBadgeText("predicted", "Iteration 4")).toBe("Predicted: Iteration 4");
  });

  it("averages the points of the last three closed sprints", () => {
    const closed = [10, 20, 30, 100].map((points, i) => ({
      ...sprint(`s${i}`, "CLOSED" as const, i * 14),
      completedPoints: points,
    }));
    expect(averageSprintVelocity(closed)).toBe((20 + 30 + 100) / 3);
    expect(averageSprintVelocity(closed.slice(0, 1))).toBe(10);
    expect(averageSprintVelocity([{ ...sprint("o", "OPEN", 0), completedPoints: 5 }])).toBeNull();
  });

  it("assumes the set value, else the median estimate, else 2, and nothing when turned off", () => {
    const base = { assumeEstimates: true, assumedEstimateValue: null, workspaceEstimates: [] };
    expect(assumedEstimate(base)).toBe(2);
    expect(assumedEstimate({ ...base, workspaceEstimates: [1, 8, 3] })).toBe(3);
    expect(assumedEstimate({ ...base, workspaceEstimates: [1, 2, 3, 5] })).toBe(2.5);
    expect(assumedEstimate({ ...base, assumedEstimateValue: 5, workspaceEstimates: [1] })).toBe(5);
    expect(assumedEstimate({ ...base, assumeEstimates: false, assumedEstimateValue: 5 })).toBe(0);
    expect(medianEstimate([])).toBeNull();
  });

  it("fills sprints in board order up to the points, a too-big issue alone", () => {
    const issues: CandidateIssue[] = [
      { id: "a", estimate: 3 },
      { id: "b", estimate: null },
      { id: "c", estimate: 8 },
      { id: "d", estimate: 1 },
      { id: "e", estimate: 20 },
      { id: "f", estimate: 1 },
    ];
    const sprints = [
      { id: "s1", committedPoints: 2 },
      { id: "s2", committedPoints: 0 },
      { id: "s3", committedPoints: 0 },
    ];
    const placed = fillSprints(issues, sprints, 10, 2);
    expect(Object.fromEntries(placed)).toEqual({ a: "s1", b: "s1", c: "s2", d: "s2", e: "s3" });
  });

  it("adds to no sprint beyond its points except one issue alone in it, and keeps board order, property", () => {
    const issue = fc.record({ id: fc.uuid(), estimate: fc.option(fc.integer({ min: 0, max: 21 }), { nil: null }) });
    fc.assert(
      fc.property(
        fc.uniqueArray(issue, { selector: (i) => i.id, maxLength: 40 }),
        fc.array(fc.integer({ min: 0, max: 10 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 8 }),
        (issues, committed, total, assumed) => {
          const sprints = committed.map((points, i) => ({ id: `s${i}`, committedPoints: points }));
          const placed = fillSprints(issues, sprints, total, assumed);
          const order = sprints.map((s) => s.id);
          // Placed issues are a prefix of the list, in non-decreasing sprint order.
          const placedIds = issues.filter((i) => placed.has(i.id)).map((i) => i.id);
          expect(placedIds).toEqual(issues.slice(0, placedIds.length).map((i) => i.id));
          const indexes = placedIds.map((id) => order.indexOf(placed.get(id) ?? ""));
          expect(indexes).toEqual([...indexes].sort((a, b) => a - b));
          for (const s of sprints) {
            const inIt = issues.filter((i) => placed.get(i.id) === s.id);
            const points = s.committedPoints + inIt.reduce((sum, i) => sum + (i.estimate ?? assumed), 0);
            if (points > total && inIt.length > 0) expect(s.committedPoints === 0 && inIt.length === 1).toBe(true);
          }
        },
      ),
    );
  });
});
