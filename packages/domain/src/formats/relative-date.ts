import { differenceInDays, format, formatDistance } from "date-fns";
import { DATE_PATTERN, type FormatOptions, inZone } from "./zone.js";

/** SPEC §9 "Relative dates": relative time up to this many days… */
export const RELATIVE_TIME_MAX_DAYS = 25;
/** …then "N days ago" up to this many, then a date. */
export const DAYS_AGO_MAX_DAYS = 30;

/** "5 minutes ago", "3 days ago"; "28 days ago"; "Oct 2, 2026". */
export function formatRelativeDate(date: Date, options: FormatOptions = {}): string {
  const now = options.now ?? new Date();
  const zone = inZone(options.timeZone);
  const daysAgo = differenceInDays(now, date, zone);
  if (Math.abs(daysAgo) <= RELATIVE_TIME_MAX_DAYS) return formatDistance(date, now, { addSuffix: true, ...zone });
  if (daysAgo > 0 && daysAgo <= DAYS_AGO_MAX_DAYS) return `${daysAgo} days ago`;
  return format(date, DATE_PATTERN, zone);
}
