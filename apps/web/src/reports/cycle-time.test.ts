import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cycleTimeText, cycleTimeUnit, dayTicks } from "./cycle-time";

const DAY_MS = 86_400_000;

describe("cycle time units", () => {
  it("reads minutes-long cycles in minutes, hours-long in hours, longer in days", () => {
    expect(cycleTimeUnit(0.00105).name).toBe("minutes");
    expect(cycleTimeUnit(0.2).name).toBe("hours");
    expect(cycleTimeUnit(1).name).toBe("days");
    expect(cycleTimeUnit(12.5).name).toBe("days");
    expect(cycleTimeUnit(0).name).toBe("minutes");
  });

  it("over any longest cycle: the longest reads at least 1 in its unit, and below 1 of the next larger unit", () => {
    fc.assert(
      fc.property(fc.double({ min: 1 / 1440, max: 1000, noNaN: true }), (longest) => {
        const unit = cycleTimeUnit(longest);
        expect(longest * unit.perDay).toBeGreaterThanOrEqual(1);
        if (unit.name === "hours") expect(longest).toBeLessThan(1);
        if (unit.name === "minutes") expect(longest * 24).toBeLessThan(1);
      }),
    );
  });

  it("never shows 0 for a cycle that took time, and two decimals at most", () => {
    expect(cycleTimeText(0.0014)).toBe("< 0.01");
    expect(cycleTimeText(1.2345)).toBe("1.23");
    expect(cycleTimeText(0)).toBe("0");
    fc.assert(
      fc.property(fc.double({ min: 1e-9, max: 1e6, noNaN: true }), (value) => {
        const shown = cycleTimeText(value);
        expect(shown).not.toBe("0");
        if (value >= 0.005) expect(Math.abs(Number(shown.replaceAll(",", "")) - value)).toBeLessThanOrEqual(0.005);
        else expect(shown).toBe("< 0.01");
      }),
    );
  });
});

describe("closing-time axis ticks", () => {
  it("names each day once, from the first closing's day to the day after the last, at most eight", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) }),
        fc.integer({ min: 0, max: 400 * DAY_MS }),
        (first, span) => {
          const { domain, ticks } = dayTicks(first, first + span);
          const names = ticks.map((tick) => new Date(tick).toISOString().slice(0, 10));
          expect(new Set(names).size).toBe(names.length);
          expect(ticks.every((tick) => tick % DAY_MS === 0)).toBe(true);
          expect(ticks.length).toBeLessThanOrEqual(8);
          expect(domain[0]).toBeLessThanOrEqual(first);
          expect(domain[1]).toBeGreaterThanOrEqual(first + span);
          expect(domain).toEqual([ticks[0], ticks.at(-1)]);
        },
      ),
    );
  });

  it("spans one day as that day and the next, not the same day twice", () => {
    const first = Date.parse("2026-11-27T10:00:00.000Z");
    const { ticks } = dayTicks(first, first + 3_600_000);
    expect(ticks.map((tick) => new Date(tick).toISOString().slice(0, 10))).toEqual(["2026-11-27", "2026-11-28"]);
  });
});
