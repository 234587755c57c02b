import { formatNumber } from "@gantry/domain";

/**
 * Cycle times are measured in days; a chart of minutes-long cycles in days reads ".00105 d". The report
 * shows them in the largest unit the longest one fills at least once: minutes, hours or days.
 */
export interface CycleTimeUnit {
  /** As the table's headers and the legend say it: "minutes", "hours", "days". */
  name: string;
  /** After a number on the axis: "min", "h", "d". */
  short: string;
  /** How many of the unit a day holds. */
  perDay: number;
}

const UNITS: readonly CycleTimeUnit[] = [
  { name: "days", short: "d", perDay: 1 },
  { name: "hours", short: "h", perDay: 24 },
  { name: "minutes", short: "min", perDay: 24 * 60 },
];

/** The unit for cycle times whose longest is `longestDays`. */
export function cycleTimeUnit(longestDays: number): CycleTimeUnit {
  return UNITS.find((unit) => longestDays * unit.perDay >= 1) ?? (UNITS.at(-1) as CycleTimeUnit);
}

/**
 * A time as the table, the axis and the tooltips show it: two decimals at most (SPEC §9), and
 * "< 0.01" for a time too short for them, so a cycle that took time never reads 0.
 */
export function cycleTimeText(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  return rounded === 0 && value > 0 ? "< 0.01" : formatNumber(rounded);
}

const DAY_MS = 86_400_000;

/**
 * Ticks for the closing-time axis: UTC midnights from the day of the first closing to the day after the
 * last, every `step` days so that at most `most` show. Each day is named once, however short the range.
 */
export function dayTicks(firstMs: number, lastMs: number, most = 8): { domain: [number, number]; ticks: number[] } {
  const from = Math.floor(firstMs / DAY_MS) * DAY_MS;
  const to = (Math.floor(lastMs / DAY_MS) + 1) * DAY_MS;
  const days = (to - from) / DAY_MS;
  const step = Math.max(1, Math.ceil(days / (most - 1)));
  const ticks: number[] = [];
  for (let at = from; ; at += step * DAY_MS) {
    ticks.push(at);
    if (at >= to) break;
  }
  return { domain: [from, ticks.at(-1) ?? to], ticks };
}
