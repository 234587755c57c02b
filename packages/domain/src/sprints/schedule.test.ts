import { tzOffset } from "@date-fns/tz";
import { format } from "date-fns";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { inZone } from "../formats/zone.js";
import {
  canonicalTimeZone,
  INVALID_TIME_MESSAGE,
  INVALID_TIMEZONE_MESSAGE,
  normalizeTime,
  periodFromDays,
  type SprintSchedule,
  sprintEndDay,
  sprintIndexAt,
  sprintName,
  sprintStartDay,
  sprintWindow,
  sprintWindowsAhead,
  timeInputError,
  timeZoneInputError,
} from "./schedule.js";

const ZONES = [
  "UTC",
  "America/New_York",
  "America/Sao_Paulo",
  "Europe/London",
  "Europe/Berlin",
  "Asia/Kolkata",
  "Asia/Kathmandu",
  "Australia/Lord_Howe",
  "Australia/Sydney",
  "Pacific/Auckland",
  "Pacific/Chatham",
  "America/St_Johns",
];

const isoDay = fc
  .date({ min: new Date("2020-01-01T00:00:00Z"), max: new Date("2035-12-31T00:00:00Z"), noInvalidDate: true })
  .map((day) => day.toISOString().slice(0, 10));
const two = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, "0"));
const time = fc.tuple(two(23), two(59), two(59)).map(([h, m, s]) => `${h}:${m}:${s}`);

const schedule: fc.Arbitrary<SprintSchedule> = fc.record({
  startOn: isoDay,
  startTime: fc.oneof(fc.constant("00:00:00"), fc.constant("02:30:00"), time),
  period: fc.integer({ min: 1, max: 8 }),
  tzIdentifier: fc.constantFrom(...ZONES),
});
const instant = fc.date({
  min: new Date("2019-06-01T00:00:00Z"),
  max: new Date("2040-01-01T00:00:00Z"),
  noInvalidDate: true,
});

function addDays(isoDayValue: string, days: number): string {
  const date = new Date(`${isoDayValue}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

describe("sprint schedule", () => {
  it("makes consecutive windows with no gap or overlap, each starting on its local day and time, property", () => {
    fc.assert(
      fc.property(schedule, fc.integer({ min: 0, max: 200 }), (config, index) => {
        const window = sprintWindow(config, index);
        const next = sprintWindow(config, index + 1);
        expect(window.endAt.getTime()).toBe(next.startAt.getTime());
        expect(window.endAt.getTime()).toBeGreaterThan(window.startAt.getTime());
        const zone = inZone(config.tzIdentifier);
        // The local calendar day never moves, whatever the offset does.
        expect(format(window.startAt, "yyyy-MM-dd", zone)).toBe(addDays(config.startOn, index * 7 * config.period));
        const localTime = format(window.startAt, "HH:mm:ss", zone);
        if (localTime !== config.startTime) {
          // Only a clock change that day skips the configured time.
          const before = tzOffset(config.tzIdentifier, new Date(window.startAt.getTime() - 6 * 3_600_000));
          const after = tzOffset(config.tzIdentifier, new Date(window.startAt.getTime() + 6 * 3_600_000));
          expect(before).not.toBe(after);
        }
        // A window lasts its weeks, give or take a daylight-saving shift.
        const hours = (window.endAt.getTime() - window.startAt.getTime()) / 3_600_000;
        expect(Math.abs(hours - config.period * 7 * 24)).toBeLessThanOrEqual(2);
      }),
    );
  });

  it("finds the window holding any instant, property", () => {
    fc.assert(
      fc.property(schedule, instant, (config, at) => {
        const index = sprintIndexAt(config, at);
        const window = sprintWindow(config, index);
        expect(window.startAt.getTime()).toBeLessThanOrEqual(at.getTime());
        expect(window.endAt.getTime()).toBeGreaterThan(at.getTime());
      }),
    );
  });

  it("keeps the running sprint and the upcoming ones, in order, never before the first, property", () => {
    fc.assert(
      fc.property(schedule, instant, fc.integer({ min: 1, max: 4 }), (config, now, upcoming) => {
        const windows = sprintWindowsAhead(config, now, upcoming);
        const started = sprintWindow(config, 0).startAt.getTime() <= now.getTime();
        expect(windows).toHaveLength(upcoming + (started ? 1 : 0));
        expect(windows[0]?.index).toBeGreaterThanOrEqual(0);
        if (started) {
          expect(windows[0]?.startAt.getTime()).toBeLessThanOrEqual(now.getTime());
          expect(windows[0]?.endAt.getTime()).toBeGreaterThan(now.getTime());
        } else expect(windows[0]?.index).toBe(0);
        windows.slice(1).forEach((window, i) => {
          expect(window.index).toBe((windows[i]?.index ?? 0) + 1);
          expect(window.startAt.getTime()).toBe(windows[i]?.endAt.getTime());
        });
      }),
    );
  });

  it("keeps local midnight across the spring and autumn changes in New York", () => {
    const config = { startOn: "2026-02-23", startTime: "00:00:00", period: 2, tzIdentifier: "America/New_York" };
    expect(sprintWindow(config, 0).endAt.toISOString()).toBe("2026-03-09T04:00:00.000Z");
    expect(sprintWindow(config, 0).startAt.toISOString()).toBe("2026-02-23T05:00:00.000Z");
    // 23 hours shorter by one: the clocks went forward on March 8.
    const first = sprintWindow(config, 0);
    expect((first.endAt.getTime() - first.startAt.getTime()) / 3_600_000).toBe(14 * 24 - 1);
  });

  it("names a sprint by its first and last local day", () => {
    const config = { startOn: "2026-11-23", startTime: "00:00:00", period: 2, tzIdentifier: "Europe/Paris" };
    expect(sprintName("Sprint", sprintWindow(config, 0), config.tzIdentifier)).toBe("Sprint: Nov 23 – Dec 6, 2026");
    expect(sprintName("Sprint", sprintWindow(config, 2), config.tzIdentifier)).toBe(
      "Sprint: Dec 21, 2026 – Jan 3, 2027",
    );
    const nineAm = { ...config, startTime: "09:00:00" };
    expect(sprintName("Team", sprintWindow(nineAm, 0), config.tzIdentifier)).toBe("Team: Nov 23 – Dec 7, 2026");
  });

  it("derives the start and end weekdays", () => {
    expect(sprintStartDay({ startOn: "2026-11-23" })).toBe("MONDAY");
    expect(sprintEndDay({ startOn: "2026-11-23", startTime: "00:00:00" })).toBe("SUNDAY");
    expect(sprintEndDay({ startOn: "2026-11-23", startTime: "09:00:00" })).toBe("MONDAY");
  });

  it("takes the period from a first sprint's days in whole weeks", () => {
    expect(periodFromDays("2026-11-23", "2026-12-06")).toEqual({ period: 2 });
    expect(periodFromDays("2026-11-23", "2026-11-29")).toEqual({ period: 1 });
    expect(periodFromDays("2026-11-23", "2026-12-04")).toHaveProperty("error");
    expect(periodFromDays("2026-11-23", "2026-11-20")).toEqual({ error: "A sprint cannot end before it starts." });
    expect(periodFromDays("2026-01-05", "2026-12-27")).toHaveProperty("error");
  });

  it("validates times and time zones with SPEC §5's messages", () => {
    for (const good of ["00:00", "09:30", "23:59:59"]) expect(timeInputError(good)).toBeNull();
    for (const bad of ["9:30", "24:00", "12:60", "12:00:60", "noon", "", "12:00:00.000"])
      expect(timeInputError(bad)).toBe(INVALID_TIME_MESSAGE);
    expect(normalizeTime("09:30")).toBe("09:30:00");
    expect(normalizeTime("9:30")).toBeNull();
    expect(timeZoneInputError("Europe/Paris")).toBeNull();
    for (const bad of ["Mars/Olympus", "", "GMT+25"]) expect(timeZoneInputError(bad)).toBe(INVALID_TIMEZONE_MESSAGE);
    expect(canonicalTimeZone("europe/paris")).toBe("Europe/Paris");
  });
});
