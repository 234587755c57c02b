import { TZDate } from "@date-fns/tz";
import { addDays, addMilliseconds, differenceInCalendarDays, getDay } from "date-fns";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { charactersLeftText } from "./character-counter.js";
import { formatDueLabel } from "./due-label.js";
import { formatNumber } from "./number.js";
import { formatRelativeDate } from "./relative-date.js";
import { formatDateRange, weekRangeOf } from "./week-range.js";

const timeZone = "America/New_York";
const now = new TZDate(2026, 10, 23, 15, 30, timeZone);
const anyInstant = fc.date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true });

describe("relative dates", () => {
  it("speaks relative time up to 25 days", () => {
    expect(formatRelativeDate(addMilliseconds(now, -5 * 60_000), { now, timeZone })).toBe("5 minutes ago");
    expect(formatRelativeDate(addDays(now, -3), { now, timeZone })).toBe("3 days ago");
    expect(formatRelativeDate(addDays(now, -25), { now, timeZone })).toBe("25 days ago");
    expect(formatRelativeDate(addDays(now, 2), { now, timeZone })).toBe("in 2 days");
  });

  it("says N days ago from 26 to 30 days, then writes the date", () => {
    expect(formatRelativeDate(addDays(now, -26), { now, timeZone })).toBe("26 days ago");
    expect(formatRelativeDate(addDays(now, -30), { now, timeZone })).toBe("30 days ago");
    expect(formatRelativeDate(addDays(now, -31), { now, timeZone })).toBe("Oct 23, 2026");
    expect(formatRelativeDate(addDays(now, 40), { now, timeZone })).toBe("Jan 2, 2027");
  });

  it("writes the date in the given time zone", () => {
    const lateEvening = new TZDate(2026, 0, 5, 23, 0, "America/Los_Angeles");
    expect(formatRelativeDate(lateEvening, { now, timeZone: "America/Los_Angeles" })).toBe("Jan 5, 2026");
    expect(formatRelativeDate(lateEvening, { now, timeZone: "Europe/Paris" })).toBe("Jan 6, 2026");
  });

  it("property: beyond 30 days in the past it is always a date, within 26–30 always 'N days ago'", () => {
    fc.assert(
      // Whole calendar days back in the zone, then up to 22 hours more: a day across a
      // daylight-saving change is 23 or 25 hours, so milliseconds alone would miscount.
      fc.property(fc.integer({ min: 26, max: 400 }), fc.integer({ min: 0, max: 22 * 3_600_000 }), (days, extra) => {
        const text = formatRelativeDate(addMilliseconds(addDays(now, -days), -extra), { now, timeZone });
        if (days <= 30) expect(text).toBe(`${days} days ago`);
        else expect(text).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
      }),
    );
  });
});

describe("due labels", () => {
  it("names each case as the spec writes it", () => {
    expect(formatDueLabel(null, { now, timeZone })).toBe("No due date");
    expect(formatDueLabel(new TZDate(2026, 10, 23, 0, 0, timeZone), { now, timeZone })).toBe("Due today");
    expect(formatDueLabel(new TZDate(2026, 10, 22, 23, 59, timeZone), { now, timeZone })).toBe("Past due by 1 day");
    expect(formatDueLabel(new TZDate(2026, 10, 10, timeZone), { now, timeZone })).toBe("Past due by 13 days");
    expect(formatDueLabel(new TZDate(2026, 7, 1, timeZone), { now, timeZone })).toBe("Past due by 3 months");
    expect(formatDueLabel(new TZDate(2026, 11, 1, 9, 0, timeZone), { now, timeZone })).toBe("Due by Dec 1, 2026");
  });

  it("property: the label follows the calendar day of the due date against today", () => {
    fc.assert(
      fc.property(anyInstant, (due) => {
        const label = formatDueLabel(due, { now, timeZone });
        const days = differenceInCalendarDays(new TZDate(due, timeZone), new TZDate(now, timeZone));
        if (days === 0) expect(label).toBe("Due today");
        else if (days > 0) expect(label).toMatch(/^Due by [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
        else expect(label).toMatch(/^Past due by \d+ (day|days|month|months|year|years)$/);
      }),
    );
  });
});

describe("weekly date ranges", () => {
  it("start on Saturday and end on Friday", () => {
    const range = weekRangeOf(now, timeZone);
    expect(formatDateRange(range, timeZone)).toBe("Nov 21 – Nov 27, 2026");
  });

  it("write both years when the week crosses a new year", () => {
    const range = weekRangeOf(new TZDate(2026, 11, 31, timeZone), timeZone);
    expect(formatDateRange(range, timeZone)).toBe("Dec 26, 2026 – Jan 1, 2027");
  });

  it("property: every instant lies in a Saturday-to-Friday week of seven calendar days", () => {
    fc.assert(
      fc.property(anyInstant, (instant) => {
        const { start, end } = weekRangeOf(instant, timeZone);
        const zonedStart = new TZDate(start, timeZone);
        const zonedEnd = new TZDate(end, timeZone);
        expect(getDay(zonedStart)).toBe(6);
        expect(getDay(zonedEnd)).toBe(5);
        expect(differenceInCalendarDays(zonedEnd, zonedStart)).toBe(6);
        expect(start.getTime()).toBeLessThanOrEqual(instant.getTime());
        expect(end.getTime()).toBeGreaterThanOrEqual(instant.getTime());
      }),
    );
  });
});

describe("numbers", () => {
  it("round to 2 decimals and group thousands from 1000", () => {
    expect(formatNumber(999)).toBe("999");
    expect(formatNumber(1000)).toBe("1,000");
    expect(formatNumber(1234567.891)).toBe("1,234,567.89");
    expect(formatNumber(2.5)).toBe("2.5");
    expect(formatNumber(999.999)).toBe("1,000");
    expect(formatNumber(-1500.125)).toBe("-1,500.13");
    expect(formatNumber(-0.001)).toBe("0");
  });

  it("property: a whole number reads as the en-US number format writes it, -0 as 0", () => {
    const intl = new Intl.NumberFormat("en-US", { useGrouping: true, signDisplay: "negative" });
    expect(formatNumber(-0)).toBe("0");
    expect(formatNumber(-1234567)).toBe("-1,234,567");
    fc.assert(
      fc.property(fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (value) => {
        expect(formatNumber(value)).toBe(intl.format(value));
      }),
    );
  });

  it("property: reading the text back gives the value rounded to 2 decimals, grouped in threes", () => {
    fc.assert(
      fc.property(fc.double({ min: -1e12, max: 1e12, noNaN: true }), (value) => {
        const text = formatNumber(value);
        expect(text).toMatch(/^-?\d{1,3}(,\d{3})*(\.\d{1,2})?$/);
        expect(Number(text.replaceAll(",", ""))).toBeCloseTo(value, 1);
        expect(text.includes(",")).toBe(Math.abs(Number(text.replaceAll(",", ""))) >= 1000);
      }),
    );
  });
});

describe("character counter", () => {
  it("is singular for one character and plural otherwise", () => {
    expect(charactersLeftText(10, "123456789")).toBe("1 character left");
    expect(charactersLeftText(10, "12345678")).toBe("2 characters left");
    expect(charactersLeftText(10, "1234567890")).toBe("0 characters left");
  });
});
