import { tz } from "@date-fns/tz";
import type { ContextFn } from "date-fns";

/** date-fns's `in` option: the named IANA time zone, or the runtime's own when none is given. */
export function inZone(timeZone: string | undefined): { in?: ContextFn<Date> } {
  return timeZone ? { in: tz(timeZone) } : {};
}

/** How every calendar date is written in Gantry, e.g. "Nov 23, 2026". */
export const DATE_PATTERN = "MMM d, yyyy";

/** Day and month alone, for the first date of a range in the same year, e.g. "Nov 21". */
export const DAY_MONTH_PATTERN = "MMM d";

export interface FormatOptions {
  /** The moment "now" stands for; tests and server rendering pass it. */
  now?: Date;
  /** IANA zone the calendar days are counted in; the runtime's zone when left out. */
  timeZone?: string;
}
