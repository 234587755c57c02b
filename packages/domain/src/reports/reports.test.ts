import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Change, type MemberIssue, type ReportIssue, type Timeline, valueAt } from "./history.js";
import {
  averageCompleted,
  controlChart,
  cumulativeFlow,
  progressOverTime,
  projectedCompletion,
  SPRINT_COMMITMENT_WINDOW_MS,
  sprintBurndown,
  sprintScope,
} from "./reports.js";

const at = (text: string) => new Date(`2026-03-${text}:00.000Z`);
const change = <T>(when: string, from: T, to: T): Change<T> => ({ at: at(when), from, to });
const timeline = <T>(current: T, ...changes: Change<T>[]): Timeline<T> => ({ current, changes });
const change2 = <T>(when: Date, from: T, to: T): Change<T> => ({ at: when, from, to });

/*
 * The scripted history, every issue on the board since 25 February; pipelines Backlog, In Progress, Review.
 * A: 3 points; Backlog → In Progress 2nd 10:00 → Review 3rd 09:00; closed 4th 15:00.
 * B: 5 points, re-estimated to 8 on the 2nd 12:00; Backlog → In Progress 4th 08:00; closed 5th 12:00.
 * C: 2 points, in In Progress all along, never closed.
 * D: unestimated; closed straight from Backlog on the 2nd 18:00.
 * The sprint runs 2nd 00:00 – 6th 00:00; A, B, D joined it on the 1st, C on the 3rd 12:00.
 */
const joinedAt = new Date("2026-02-25T00:00:00.000Z");
const A: ReportIssue = {
  id: "a",
  number: 1,
  title: "A",
  joinedAt,
  pipeline: timeline(
    "Review",
    change("02T10:00", "Backlog", "In Progress"),
    change("03T09:00", "In Progress", "Review"),
  ),
  estimate: timeline(3),
  closed: timeline(true, change("04T15:00", false, true)),
};
const B: ReportIssue = {
  id: "b",
  number: 2,
  title: "B",
  joinedAt,
  pipeline: timeline("In Progress", change("04T08:00", "Backlog", "In Progress")),
  estimate: timeline<number | null>(8, change("02T12:00", 5, 8)),
  closed: timeline(true, change("05T12:00", false, true)),
};
const C: ReportIssue = {
  id: "c",
  number: 3,
  title: "C",
  joinedAt,
  pipeline: timeline("In Progress"),
  estimate: timeline(2),
  closed: timeline(false),
};
const D: ReportIssue = {
  id: "d",
  number: 4,
  title: "D",
  joinedAt,
  pipeline: timeline("Backlog"),
  estimate: timeline<number | null>(null),
  closed: timeline(true, change("02T18:00", false, true)),
};
const joined = (when: string) => timeline(true, change(when, false, true));
const sprintIssues: MemberIssue[] = [
  { ...A, member: joined("01T09:00") },
  { ...B, member: joined("01T09:00") },
  { ...C, member: joined("03T12:00") },
  { ...D, member: joined("01T09:00") },
];
const now = at("10T00:00");
const pipelineNames = ["Backlog", "In Progress", "Review"];

describe("valueAt", () => {
  it("reads the value before, at and after changes", () => {
    expect(valueAt(B.estimate, at("01T00:00"))).toBe(5);
    expect(valueAt(B.estimate, at("02T12:00"))).toBe(8);
    expect(valueAt(C.estimate, at("01T00:00"))).toBe(2);
  });

  it("replays any chain of changes: the start before the first, each change's value from it on, the value now after", () => {
    fc.assert(
      fc.property(fc.integer(), fc.array(fc.integer(), { maxLength: 8 }), (start, values) => {
        const changes = values.map((to, index) => ({
          at: new Date(1000 * (index + 1)),
          from: index === 0 ? start : (values[index - 1] as number),
          to,
        }));
        const history = { current: values.at(-1) ?? start, changes };
        expect(valueAt(history, new Date(0))).toBe(start);
        changes.forEach((entry, index) => {
          expect(valueAt(history, entry.at)).toBe(entry.to);
          expect(valueAt(history, new Date(1000 * (index + 1) + 999))).toBe(entry.to);
        });
        expect(valueAt(history, new Date(1e9))).toBe(history.current);
      }),
    );
  });
});

describe("sprint burndown", () => {
  it("gives the commitment at the start, then the open points at each day's end up to the sprint's last day", () => {
    const points = sprintBurndown({
      startAt: at("02T00:00"),
      endAt: at("06T00:00"),
      issues: sprintIssues,
      now,
      timeZone: "UTC",
    });
    // The sprint runs the 2nd to the 5th: the start, then four days, none past its end.
    expect(points.map((point) => point.day)).toEqual([
      "2026-03-02",
      "2026-03-02",
      "2026-03-03",
      "2026-03-04",
      "2026-03-05",
    ]);
    expect(points.map((point) => point.at.toISOString())).toEqual([
      at("02T00:00").toISOString(),
      at("03T00:00").toISOString(),
      at("04T00:00").toISOString(),
      at("05T00:00").toISOString(),
      at("06T00:00").toISOString(),
    ]);
    // The commitment, read at the end of the first day: 3 + 8 (B re-estimated that day) + 0, D counted though it
    // closed that day; then the 2nd's end (D closed), the 3rd's (C added), the 4th's (A closed), the 5th's (B closed).
    expect(points.map((point) => point.remaining)).toEqual([11, 11, 13, 10, 2]);
    expect(points.map((point) => point.ideal)).toEqual([11, 8.25, 5.5, 2.75, 0]);
  });

  it("reads the day under way now, so what closed today counts today, and leaves the days to come blank", () => {
    const points = sprintBurndown({
      startAt: at("02T00:00"),
      endAt: at("06T00:00"),
      issues: sprintIssues,
      now: at("04T16:00"),
      timeZone: "UTC",
    });
    // A (3 points) closed at 15:00 on the 4th: the 4th reads 13 − 3 at once, not tomorrow.
    expect(points.map((point) => point.remaining)).toEqual([11, 11, 13, 10, null]);
    expect(points[3]?.at.toISOString()).toBe(at("04T16:00").toISOString());
  });

  it("names the days in the sprints' time zone", () => {
    // Midnight in Auckland (UTC+13 in March) is the day before in UTC.
    const points = sprintBurndown({
      startAt: new Date("2026-03-01T11:00:00.000Z"),
      endAt: new Date("2026-03-03T11:00:00.000Z"),
      issues: [],
      now,
      timeZone: "Pacific/Auckland",
    });
    expect(points.map((point) => point.day)).toEqual(["2026-03-02", "2026-03-02", "2026-03-03"]);
  });

  it("names each day by the day it starts on, for a sprint starting in the evening too", () => {
    const points = sprintBurndown({
      startAt: new Date("2026-11-27T19:00:00.000Z"),
      endAt: new Date("2026-11-29T19:00:00.000Z"),
      issues: [],
      now,
      timeZone: "UTC",
    });
    expect(points.map((point) => point.day)).toEqual(["2026-11-27", "2026-11-27", "2026-11-28"]);
  });

  it("over random sprints and moments: one reading per sprint day after the start, named from its first day to its last, and the day under way reads the open points now", () => {
    const DAY = 86_400_000;
    const member = (addedAt: number | null) =>
      addedAt === null ? timeline(false) : timeline(true, change2(new Date(addedAt), false, true));
    fc.assert(
      fc.property(
        // Sprints starting at a UTC midnight, 1 to 28 days long, or a part-day longer.
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 1, max: 28 }),
        fc.constantFrom(0, 6 * 3_600_000),
        fc.array(
          fc.record({
            points: fc.integer({ min: 0, max: 13 }),
            addedHours: fc.option(fc.integer({ min: -48, max: 30 * 24 }), { nil: null }),
            closedHours: fc.option(fc.integer({ min: -48, max: 30 * 24 }), { nil: null }),
          }),
          { maxLength: 10 },
        ),
        fc.integer({ min: -2 * 24, max: 31 * 24 * 60 }),
        (startDay, days, extra, specs, nowMinutes) => {
          const start = Date.UTC(2020, 0, 1) + startDay * DAY;
          const end = start + days * DAY + extra;
          const hour = (count: number) => start + count * 3_600_000;
          const issues: MemberIssue[] = specs.map((spec, index) => ({
            id: `i${index}`,
            number: index + 1,
            title: "",
            joinedAt: new Date(start - 30 * DAY),
            pipeline: timeline("Backlog"),
            estimate: timeline<number | null>(spec.points),
            closed:
              spec.closedHours === null
                ? timeline(false)
                : timeline(true, change2(new Date(hour(spec.closedHours)), false, true)),
            member: member(spec.addedHours === null ? null : hour(spec.addedHours)),
          }));
          const nowAt = start + nowMinutes * 60_000;
          const points = sprintBurndown({
            startAt: new Date(start),
            endAt: new Date(end),
            issues,
            now: new Date(nowAt),
            timeZone: "UTC",
          });
          const sprintDays = Math.ceil((end - start) / DAY);
          expect(points).toHaveLength(sprintDays + 1);
          const names = points.slice(1).map((point) => point.day);
          expect(names[0]).toBe(new Date(start).toISOString().slice(0, 10));
          // The last day named is the last day the sprint runs on, never the day it ends at midnight.
          expect(names.at(-1)).toBe(new Date(end - 1).toISOString().slice(0, 10));
          // One calendar day after another.
          names.forEach((name, index) => {
            expect(name).toBe(new Date(start + index * DAY).toISOString().slice(0, 10));
          });
          expect(points.at(-1)?.ideal).toBe(0);
          points.slice(1).forEach((point, index) => {
            const dayStart = start + index * DAY;
            expect(point.remaining === null).toBe(dayStart > nowAt);
          });
          if (nowAt >= start && nowAt < end) {
            // The day under way reads what is open now, as the sprint page counts it.
            const open = issues
              .filter((issue) => valueAt(issue.member, new Date(nowAt)) && !valueAt(issue.closed, new Date(nowAt)))
              .reduce((sum, issue) => sum + (valueAt(issue.estimate, new Date(nowAt)) ?? 0), 0);
            const today = points[Math.floor((nowAt - start) / DAY) + 1];
            expect(today?.remaining).toBe(open);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("counts issues the sprint job hands over just after the start as the commitment, and later ones as added scope", () => {
    // The sprint job carries A, B and D over five minutes into the sprint; C is added a day and a half in.
    const handedOver = (member: Timeline<boolean>) =>
      member.changes[0]?.at.getTime() === at("01T09:00").getTime() ? joined("02T00:05") : member;
    const issues = sprintIssues.map((issue) => ({ ...issue, member: handedOver(issue.member) }));
    const points = sprintBurndown({ startAt: at("02T00:00"), endAt: at("06T00:00"), issues, now, timeZone: "UTC" });
    expect(points.map((point) => point.remaining)).toEqual([11, 11, 13, 10, 2]);
    expect(points.map((point) => point.ideal)).toEqual([11, 8.25, 5.5, 2.75, 0]);
  });

  it("over random sprints: the ideal line runs straight from the first reading to 0, whenever within the commitment window issues were added, and later additions never move it", () => {
    const start = at("02T00:00").getTime();
    const end = at("06T00:00").getTime();
    const issueArb = fc.record({
      points: fc.integer({ min: 0, max: 13 }),
      // Minutes from the sprint's start at which the issue was added: before it, within the window, or after.
      addedAt: fc.integer({ min: -600, max: 5 * 24 * 60 }),
      closedAt: fc.option(fc.integer({ min: -600, max: 5 * 24 * 60 }), { nil: null }),
    });
    fc.assert(
      fc.property(
        fc.array(issueArb, { maxLength: 12 }),
        fc.integer({ min: 0, max: 6 * 24 * 60 }),
        (specs, nowMinutes) => {
          const minute = (count: number) => new Date(start + count * 60_000);
          const issues = (added: (minutes: number) => number): MemberIssue[] =>
            specs.map((spec, index) => ({
              id: `i${index}`,
              number: index + 1,
              title: "",
              joinedAt,
              pipeline: timeline("Backlog"),
              estimate: timeline<number | null>(spec.points),
              closed:
                spec.closedAt === null ? timeline(false) : timeline(true, change2(minute(spec.closedAt), false, true)),
              member: timeline(true, change2(minute(added(spec.addedAt)), false, true)),
            }));
          const read = (list: MemberIssue[]) =>
            sprintBurndown({
              startAt: new Date(start),
              endAt: new Date(end),
              issues: list,
              now: minute(nowMinutes),
              timeZone: "UTC",
            });
          const points = read(issues((minutes) => minutes));
          const first = points[0];
          if (!first) throw new Error("no reading");
          expect(first.ideal).toBe(first.remaining ?? first.ideal);
          for (const [index, point] of points.entries()) {
            // The start, then each day's end.
            const elapsed = (Math.min(start + index * 24 * 60 * 60_000, end) - start) / (end - start);
            expect(point.ideal).toBeCloseTo(first.ideal * (1 - elapsed), 9);
          }
          const windowMinutes = SPRINT_COMMITMENT_WINDOW_MS / 60_000;
          if (nowMinutes >= windowMinutes) {
            // Issues added within the window are the commitment, as if they had been added before the start.
            const early = read(issues((minutes) => (minutes >= 0 && minutes <= windowMinutes ? -1 : minutes)));
            expect(early.map((point) => point.ideal)).toEqual(points.map((point) => point.ideal));
          }
          // Dropping the issues added after the window leaves the ideal line where it was.
          const committedOnly = read(
            issues((minutes) => minutes).filter((_, index) => (specs[index]?.addedAt ?? 0) <= windowMinutes),
          );
          expect(committedOnly.map((point) => point.ideal)).toEqual(points.map((point) => point.ideal));
        },
      ),
    );
  });
});

describe("velocity", () => {
  it("counts the final scope as committed and its closed points as completed", () => {
    expect(sprintScope(sprintIssues, at("06T00:00"), now)).toEqual({ committed: 13, completed: 11 });
    // Before B closed: only A (3) and D (unestimated) are done.
    expect(sprintScope(sprintIssues, at("05T00:00"), now)).toEqual({ committed: 13, completed: 3 });
    expect(
      averageCompleted([
        { committed: 13, completed: 11 },
        { committed: 4, completed: 1 },
      ]),
    ).toBe(6);
    expect(averageCompleted([])).toBeNull();
  });
});

describe("cumulative flow", () => {
  it("counts issues per pipeline at the end of each day, closed ones under Closed", () => {
    const days = cumulativeFlow({
      from: "2026-03-01",
      to: "2026-03-05",
      pipelineNames,
      closedName: "Closed",
      issues: [A, B, C, D],
      now,
    });
    expect(days.map((day) => [day.day, pipelineNames.concat("Closed").map((name) => day.counts[name])])).toEqual([
      ["2026-03-01", [3, 1, 0, 0]],
      ["2026-03-02", [1, 2, 0, 1]],
      ["2026-03-03", [1, 1, 1, 1]],
      ["2026-03-04", [0, 2, 0, 2]],
      ["2026-03-05", [0, 1, 0, 3]],
    ]);
  });

  it("does not count issues before they joined the board", () => {
    const late = { ...C, joinedAt: at("03T12:00") };
    const days = cumulativeFlow({
      from: "2026-03-02",
      to: "2026-03-03",
      pipelineNames,
      closedName: "Closed",
      issues: [late],
      now,
    });
    expect(days.map((day) => day.counts["In Progress"])).toEqual([0, 1]);
  });
});

describe("control chart", () => {
  it("measures from leaving the first pipeline to closing, with rolling average and deviation", () => {
    const points = controlChart({
      from: "2026-03-01",
      to: "2026-03-06",
      firstPipelineName: "Backlog",
      issues: [A, B, C, D],
      now,
    });
    // A: 2nd 10:00 → 4th 15:00 is 53 hours; B: 4th 08:00 → 5th 12:00 is 28 hours; D never left Backlog.
    expect(points.map((point) => point.issue.id)).toEqual(["a", "b"]);
    expect(points.map((point) => point.days * 24)).toEqual([53, 28].map((hours) => expect.closeTo(hours, 9)));
    expect(points[0]?.rollingAverage).toBeCloseTo(53 / 24, 9);
    expect(points[0]?.rollingDeviation).toBe(0);
    expect(points[1]?.rollingAverage).toBeCloseTo(40.5 / 24, 9);
    expect(points[1]?.rollingDeviation).toBeCloseTo(12.5 / 24, 9);
  });

  it("keeps only issues closed in the range, and counts from joining for issues that joined past the first pipeline", () => {
    const joinedInProgress = { ...C, closed: timeline(true, change("05T00:00", false, true)) };
    expect(
      controlChart({
        from: "2026-03-05",
        to: "2026-03-06",
        firstPipelineName: "Backlog",
        issues: [A, joinedInProgress],
        now,
      }).map((point) => [point.issue.id, point.days]),
    ).toEqual([["c", 8]]);
  });

  it("keeps the rolling window to the last five closed issues", () => {
    const closedAfter = (hours: number, index: number): ReportIssue => ({
      ...C,
      id: `i${index}`,
      number: index,
      joinedAt: at("01T00:00"),
      closed: timeline(true, { at: new Date(at("01T00:00").getTime() + hours * 3600_000), from: false, to: true }),
    });
    const points = controlChart({
      from: "2026-03-01",
      to: "2026-03-09",
      firstPipelineName: "Backlog",
      issues: [24, 48, 72, 96, 120, 144].map(closedAfter),
      now,
    });
    expect(points.map((point) => point.rollingAverage)).toEqual([1, 1.5, 2, 2.5, 3, 4]);
  });
});

describe("release and epic progress", () => {
  const release: MemberIssue[] = [
    { ...A, member: timeline(true) },
    { ...C, member: joined("03T12:00") },
  ];

  it("gives scope and completed points and issues at the end of each day", () => {
    expect(progressOverTime({ from: "2026-03-02", to: "2026-03-05", issues: release, now })).toEqual([
      { day: "2026-03-02", totalPoints: 3, completedPoints: 0, totalIssues: 1, closedIssues: 0 },
      { day: "2026-03-03", totalPoints: 5, completedPoints: 0, totalIssues: 2, closedIssues: 0 },
      { day: "2026-03-04", totalPoints: 5, completedPoints: 3, totalIssues: 2, closedIssues: 1 },
      { day: "2026-03-05", totalPoints: 5, completedPoints: 3, totalIssues: 2, closedIssues: 1 },
    ]);
  });

  it("projects completion from the velocity, in whole days", () => {
    // 2 points left at 6 points per two-week sprint: 4⅔ days, so 5.
    expect(projectedCompletion({ remainingPoints: 2, velocity: 6, sprintDays: 14, now })).toEqual(at("15T00:00"));
    expect(projectedCompletion({ remainingPoints: 2, velocity: null, sprintDays: 14, now })).toBeNull();
    expect(projectedCompletion({ remainingPoints: 0, velocity: null, sprintDays: 14, now })).toEqual(now);
  });
});
