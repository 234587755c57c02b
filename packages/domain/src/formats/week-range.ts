import { endOfWeek, format, isSameYear, startOfWeek } from "date-fns";
import { DATE_PATTERN, DAY_MONTH_PATTERN, inZone } from "./zone.js";

/** SPEC §9: weekly date ranges start on Saturday (date-fns counts Sunday as 0). */
export const WEEK_STARTS_ON = 6;

export interface DateRange {
  start: Date;
  end: Date;
}

/** The Saturday-to-Friday week holding `date`, from the first to the last millisecond. */
export function weekRangeOf(date: Date, timeZone?: string): DateRange {
  const zone = inZone(timeZone);
  return {
    start: startOfWeek(date, { weekStartsOn: WEEK_STARTS_ON, ...zone }),
    end: endOfWeek(date, { weekStartsOn: WEEK_STARTS_ON, ...zone }),
  };
}

/** "Nov 21 – Nov 27, 2026", or "Dec 26, 2026 – Jan 1, 2027" across a new year. */
export function formatDateRange({ start, end }: DateRange, timeZone?: string): string {
  const zone = inZone(timeZone);
  const startPattern = isSameYear(start, end, zone) ? DAY_MONTH_PATTERN : DATE_PATTERN;
  return `${format(start, startPattern, zone)} – ${format(end, DATE_PATTERN, zone)}`;
}
