import { differenceInCalendarDays, format, formatDistanceStrict, startOfDay } from "date-fns";
import { DATE_PATTERN, type FormatOptions, inZone } from "./zone.js";

/** SPEC §9 "Due labels": "No due date", "Due today", "Past due by 3 days", "Due by Dec 1, 2026". */
export function formatDueLabel(dueDate: Date | null, options: FormatOptions = {}): string {
  if (!dueDate) return "No due date";
  const now = options.now ?? new Date();
  const zone = inZone(options.timeZone);
  const daysUntilDue = differenceInCalendarDays(dueDate, now, zone);
  if (daysUntilDue === 0) return "Due today";
  if (daysUntilDue > 0) return `Due by ${format(dueDate, DATE_PATTERN, zone)}`;
  // Whole days between the two calendar days, so a deadline missed yesterday is "1 day" late at any hour.
  const overdue = formatDistanceStrict(startOfDay(now, zone), startOfDay(dueDate, zone), {
    roundingMethod: "floor",
    ...zone,
  });
  return `Past due by ${overdue}`;
}
