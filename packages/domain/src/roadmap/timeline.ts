import { format } from "date-fns";
import { formatDueLabel } from "../formats/due-label.js";
import { WEEK_STARTS_ON } from "../formats/week-range.js";
import { DATE_PATTERN, DAY_MONTH_PATTERN } from "../formats/zone.js";

/**
 * The roadmap's date maths. Epics and releases are planned in calendar days ("2026-11-23"), not
 * instants, so everything here counts whole days since 1970-01-01 and never meets a time zone:
 * a bar drawn in Tokyo covers the same days as one drawn in Lisbon.
 */

export type RoadmapZoom = "week" | "month" | "quarter";

/** Pixels per day: a week column is 7 × 20 px, a month column about 30 × 5 px, a quarter about 91 × 1.5 px. */
export const ROADMAP_DAY_WIDTH: Record<RoadmapZoom, number> = { week: 20, month: 5, quarter: 1.5 };

const MS_PER_DAY = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of an ISO calendar day. */
export function dayNumber(isoDay: string): number {
  const match = ISO_DAY.exec(isoDay);
  if (!match) throw new RangeError(`Not a calendar day: ${isoDay}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / MS_PER_DAY;
}

/** The ISO calendar day of a day number. */
export function isoDay(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** Today's calendar day where the person is, as a day number. */
export function localDayNumber(now: Date): number {
  return Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()) / MS_PER_DAY;
}

/** A day number as a Date at local midnight, for date-fns formatting in the person's own zone. */
function localDate(day: number): Date {
  const utc = new Date(day * MS_PER_DAY);
  return new Date(utc.getUTCFullYear(), utc.getUTCMonth(), utc.getUTCDate());
}

/** The Saturday starting the SPEC §9 week that holds `day` (1970-01-01 was a Thursday). */
export function weekStartDay(day: number): number {
  const weekday = (((day + 4) % 7) + 7) % 7;
  return day - ((weekday - WEEK_STARTS_ON + 7) % 7);
}

function monthStartDay(day: number): number {
  const date = new Date(day * MS_PER_DAY);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / MS_PER_DAY;
}

function nextMonthStartDay(day: number): number {
  const date = new Date(day * MS_PER_DAY);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) / MS_PER_DAY;
}

/** The first day of the calendar quarter (January, April, July or October) holding `day`. */
function quarterStartDay(day: number): number {
  const date = new Date(day * MS_PER_DAY);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - (date.getUTCMonth() % 3), 1) / MS_PER_DAY;
}

function nextQuarterStartDay(day: number): number {
  const date = new Date(quarterStartDay(day) * MS_PER_DAY);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 3, 1) / MS_PER_DAY;
}

/** Where the column holding `day` starts: a Saturday, a month's 1st or a quarter's. */
function columnStartDay(day: number, zoom: RoadmapZoom): number {
  if (zoom === "week") return weekStartDay(day);
  return zoom === "month" ? monthStartDay(day) : quarterStartDay(day);
}

/** A column of the timeline: `start` inclusive, `end` exclusive, in day numbers. */
export interface TimelineColumn {
  start: number;
  end: number;
  /** Short heading: "Nov 21" for a week, "Nov 2026" for a month, "Q4 2026" for a quarter. */
  label: string;
  /** The whole range for screen readers and tooltips: "Nov 21 – Nov 27, 2026". */
  title: string;
}

export interface TimelineWindow {
  /** First day shown (a Saturday in week zoom, the 1st in month zoom, a quarter's 1st in quarter zoom). */
  start: number;
  /** Day after the last one shown. */
  end: number;
  columns: TimelineColumn[];
}

interface DatedSpan {
  startOn: string | null;
  endOn: string | null;
}

/** Weeks (months, quarters) shown beyond the planned items on either side, so bars can be dragged outwards. */
const PADDING_COLUMNS = 4;

function columnAfter(start: number, zoom: RoadmapZoom): TimelineColumn {
  const end = zoom === "week" ? start + 7 : zoom === "month" ? nextMonthStartDay(start) : nextQuarterStartDay(start);
  const first = localDate(start);
  const last = localDate(end - 1);
  if (zoom === "month") {
    const label = format(first, "MMM yyyy");
    return { start, end, label, title: label };
  }
  if (zoom === "quarter") {
    const label = `Q${Math.floor(first.getMonth() / 3) + 1} ${first.getFullYear()}`;
    return {
      start,
      end,
      label,
      title: `${label}: ${format(first, DAY_MONTH_PATTERN)} – ${format(last, DATE_PATTERN)}`,
    };
  }
  const sameYear = first.getFullYear() === last.getFullYear();
  return {
    start,
    end,
    label: format(first, DAY_MONTH_PATTERN),
    title: `${format(first, sameYear ? DAY_MONTH_PATTERN : DATE_PATTERN)} – ${format(last, DATE_PATTERN)}`,
  };
}

/**
 * The days the timeline covers: every dated item and today, padded by whole columns, cut at
 * Saturdays (week zoom), first days of months (month zoom) or of quarters (quarter zoom).
 */
export function timelineWindow(items: readonly DatedSpan[], today: number, zoom: RoadmapZoom): TimelineWindow {
  let first = today;
  let last = today;
  for (const item of items) {
    for (const day of [item.startOn, item.endOn]) {
      if (day === null) continue;
      const n = dayNumber(day);
      first = Math.min(first, n);
      last = Math.max(last, n);
    }
  }
  const columns: TimelineColumn[] = [];
  let start = columnStartDay(first, zoom);
  for (let i = 0; i < PADDING_COLUMNS; i += 1) {
    start = columnStartDay(start - 1, zoom);
  }
  let trailing = 0;
  while (trailing < PADDING_COLUMNS) {
    const column = columnAfter(start, zoom);
    columns.push(column);
    if (column.start > last) trailing += 1;
    start = column.end;
  }
  return { start: columns[0]?.start ?? first, end: start, columns };
}

/** Where a bar sits: from the start of its first day to the end of its last, in pixels from the window's start. */
export function barGeometry(
  span: { startOn: string; endOn: string },
  windowStart: number,
  dayWidth: number,
): { left: number; width: number } {
  const start = dayNumber(span.startOn);
  const end = dayNumber(span.endOn);
  return { left: (start - windowStart) * dayWidth, width: (end - start + 1) * dayWidth };
}

/** Pointer travel to whole days, the nearest day winning. */
export function pixelsToDays(pixels: number, dayWidth: number): number {
  return Math.round(pixels / dayWidth) || 0;
}

/** What a drag or key press changes: the whole bar, or one of its edges. */
export type BarEdit = "move" | "start" | "end";

/**
 * The dates after moving a bar `days` days, or one of its edges. An edge never passes the other,
 * so an item keeps at least its one day.
 */
export function editedDates(
  span: { startOn: string; endOn: string },
  edit: BarEdit,
  days: number,
): { startOn: string; endOn: string } {
  const start = dayNumber(span.startOn);
  const end = dayNumber(span.endOn);
  if (edit === "move") return { startOn: isoDay(start + days), endOn: isoDay(end + days) };
  if (edit === "start") return { startOn: isoDay(Math.min(start + days, end)), endOn: span.endOn };
  return { startOn: span.startOn, endOn: isoDay(Math.max(end + days, start)) };
}

/** Dates for an item that had none: a week from today (or from its only date). */
export function defaultDates(span: DatedSpan, today: number): { startOn: string; endOn: string } {
  if (span.startOn !== null) return { startOn: span.startOn, endOn: isoDay(dayNumber(span.startOn) + 6) };
  if (span.endOn !== null) return { startOn: isoDay(dayNumber(span.endOn) - 6), endOn: span.endOn };
  return { startOn: isoDay(today), endOn: isoDay(today + 6) };
}

/** SPEC §9 due label of an item's end day, counted against the person's today. */
export function roadmapDueLabel(endOn: string | null, now: Date): string {
  return formatDueLabel(endOn === null ? null : localDate(dayNumber(endOn)), { now });
}
