import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  barGeometry,
  dayNumber,
  defaultDates,
  editedDates,
  isoDay,
  pixelsToDays,
  ROADMAP_DAY_WIDTH,
  roadmapDueLabel,
  timelineWindow,
  weekStartDay,
} from "./timeline.js";

const anyDay = fc.integer({ min: dayNumber("1990-01-01"), max: dayNumber("2090-12-31") });
const anySpan = fc
  .tuple(anyDay, fc.integer({ min: 0, max: 400 }))
  .map(([start, length]) => ({ startOn: isoDay(start), endOn: isoDay(start + length) }));
const weekday = (day: number) => new Date(day * 86_400_000).getUTCDay();

describe("calendar days", () => {
  it("counts days since 1970 and writes them back", () => {
    expect(dayNumber("1970-01-01")).toBe(0);
    expect(isoDay(dayNumber("2026-11-23"))).toBe("2026-11-23");
    expect(() => dayNumber("23/11/2026")).toThrow(RangeError);
  });

  it("property: a day survives the round trip", () => {
    fc.assert(
      fc.property(anyDay, (day) => {
        expect(dayNumber(isoDay(day))).toBe(day);
      }),
    );
  });

  it("property: every day's week starts on the Saturday at most six days before (SPEC §9)", () => {
    fc.assert(
      fc.property(anyDay, (day) => {
        const start = weekStartDay(day);
        expect(weekday(start)).toBe(6);
        expect(day - start).toBeGreaterThanOrEqual(0);
        expect(day - start).toBeLessThan(7);
      }),
    );
  });
});

describe("the timeline window", () => {
  const today = dayNumber("2026-11-23");

  it("shows Saturday-to-Friday weeks with the full range as their title", () => {
    const window = timelineWindow([], today, "week");
    const current = window.columns.find((column) => column.start <= today && today < column.end);
    expect(current).toMatchObject({ label: "Nov 21", title: "Nov 21 – Nov 27, 2026" });
    expect(isoDay(current?.start ?? 0)).toBe("2026-11-21");
  });

  it("shows calendar quarters, named and dated, from a quarter's first day", () => {
    const window = timelineWindow([{ startOn: "2026-11-20", endOn: "2027-02-10" }], today, "quarter");
    expect(isoDay(window.start)).toBe("2025-10-01");
    const labels = window.columns.map((column) => column.label);
    expect(labels.slice(0, 6)).toEqual(["Q4 2025", "Q1 2026", "Q2 2026", "Q3 2026", "Q4 2026", "Q1 2027"]);
    const q4 = window.columns[4];
    expect(q4 && [isoDay(q4.start), isoDay(q4.end)]).toEqual(["2026-10-01", "2027-01-01"]);
    expect(q4?.title).toBe("Q4 2026: Oct 1 – Dec 31, 2026");
  });

  it("writes both years on a week across the new year, and months by name", () => {
    const window = timelineWindow([{ startOn: "2026-12-30", endOn: null }], today, "week");
    expect(window.columns.map((column) => column.title)).toContain("Dec 26, 2026 – Jan 1, 2027");
    const months = timelineWindow([{ startOn: null, endOn: "2027-02-10" }], today, "month");
    expect(months.columns.map((column) => column.label)).toContain("Feb 2027");
    expect(isoDay(months.start)).toBe("2026-07-01");
  });

  it("property: columns tile the window without gaps and hold every dated day and today", () => {
    fc.assert(
      fc.property(
        fc.array(anySpan, { maxLength: 5 }),
        anyDay,
        fc.constantFrom("week", "month", "quarter"),
        (spans, day, zoom) => {
          const window = timelineWindow(spans, day, zoom);
          let expected = window.start;
          for (const column of window.columns) {
            expect(column.start).toBe(expected);
            expect(column.end).toBeGreaterThan(column.start);
            if (zoom === "week") expect(weekday(column.start)).toBe(6);
            else expect(isoDay(column.start).endsWith("-01")).toBe(true);
            expected = column.end;
          }
          expect(window.end).toBe(expected);
          for (const n of [day, ...spans.flatMap((span) => [dayNumber(span.startOn), dayNumber(span.endOn)])]) {
            expect(n).toBeGreaterThanOrEqual(window.start);
            expect(n).toBeLessThan(window.end);
          }
        },
      ),
    );
  });
});

describe("bars and drags", () => {
  it("draws a bar from the start of its first day to the end of its last", () => {
    const start = dayNumber("2026-11-21");
    expect(barGeometry({ startOn: "2026-11-23", endOn: "2026-11-23" }, start, 20)).toEqual({ left: 40, width: 20 });
  });

  it("rounds pointer travel to the nearest day", () => {
    expect(pixelsToDays(29, ROADMAP_DAY_WIDTH.week)).toBe(1);
    expect(pixelsToDays(-31, ROADMAP_DAY_WIDTH.week)).toBe(-2);
    expect(pixelsToDays(-2, ROADMAP_DAY_WIDTH.month)).toBe(0);
  });

  it("property: moving keeps the length and moving back restores the dates", () => {
    fc.assert(
      fc.property(anySpan, fc.integer({ min: -500, max: 500 }), (span, days) => {
        const moved = editedDates(span, "move", days);
        expect(dayNumber(moved.endOn) - dayNumber(moved.startOn)).toBe(dayNumber(span.endOn) - dayNumber(span.startOn));
        expect(dayNumber(moved.startOn) - dayNumber(span.startOn)).toBe(days);
        expect(editedDates(moved, "move", -days)).toEqual(span);
      }),
    );
  });

  it("property: an edge moves alone and never passes the other one", () => {
    fc.assert(
      fc.property(anySpan, fc.constantFrom("start", "end"), fc.integer({ min: -500, max: 500 }), (span, edge, days) => {
        const edited = editedDates(span, edge, days);
        expect(edited.startOn <= edited.endOn).toBe(true);
        if (edge === "start") {
          expect(edited.endOn).toBe(span.endOn);
          expect(dayNumber(edited.startOn)).toBe(Math.min(dayNumber(span.startOn) + days, dayNumber(span.endOn)));
        } else {
          expect(edited.startOn).toBe(span.startOn);
          expect(dayNumber(edited.endOn)).toBe(Math.max(dayNumber(span.endOn) + days, dayNumber(span.startOn)));
        }
      }),
    );
  });

  it("gives an undated item a week from today, or from the date it has", () => {
    const today = dayNumber("2026-11-23");
    expect(defaultDates({ startOn: null, endOn: null }, today)).toEqual({ startOn: "2026-11-23", endOn: "2026-11-29" });
    expect(defaultDates({ startOn: "2026-12-01", endOn: null }, today)).toEqual({
      startOn: "2026-12-01",
      endOn: "2026-12-07",
    });
    expect(defaultDates({ startOn: null, endOn: "2026-12-07" }, today)).toEqual({
      startOn: "2026-12-01",
      endOn: "2026-12-07",
    });
  });
});

describe("due labels of items (SPEC §9)", () => {
  const now = new Date(2026, 10, 23, 15, 30);

  it("counts the end day against today", () => {
    expect(roadmapDueLabel(null, now)).toBe("No due date");
    expect(roadmapDueLabel("2026-11-23", now)).toBe("Due today");
    expect(roadmapDueLabel("2026-11-20", now)).toBe("Past due by 3 days");
    expect(roadmapDueLabel("2026-12-01", now)).toBe("Due by Dec 1, 2026");
  });
});
