/**
 * When a workspace's sprints start and end (decision 0019). Sprint k starts on `startOn + k·period`
 * weeks at `startTime` in the config's zone and ends when sprint k + 1 starts: windows follow each
 * other with no gap and no overlap, and a daylight-saving change moves the instant, not the local time.
 */
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { formatDateRange } from "../formats/week-range.js";
import { inZone } from "../formats/zone.js";

/** The reference's SprintConfigDayOfTheWeek, in JavaScript's day order (Sunday = 0). */
export const SPRINT_DAYS_OF_THE_WEEK = [
  "SUNDAY",
  "MONDAY",
  "TUESDAY",
  "WEDNESDAY",
  "THURSDAY",
  "FRIDAY",
  "SATURDAY",
] as const;
export type SprintDayOfTheWeek = (typeof SPRINT_DAYS_OF_THE_WEEK)[number];

export const MIN_SPRINT_PERIOD = 1;
export const MAX_SPRINT_PERIOD = 8;
/** The reference's SprintConfigInput default. */
export const DEFAULT_SPRINT_PERIOD = 2;
export const DEFAULT_SPRINT_START_TIME = "00:00:00";
export const MAX_SPRINT_CONFIG_NAME_LENGTH = 100;

/** SPEC §5. */
export const INVALID_TIME_MESSAGE = "Invalid time format. Expected HH:mm or HH:mm:ss.";
export const INVALID_TIMEZONE_MESSAGE = "Invalid timezone.";

export interface SprintSchedule {
  /** The first sprint's start day, YYYY-MM-DD, local to `tzIdentifier`. */
  startOn: string;
  /** Local start time, HH:mm:ss. */
  startTime: string;
  /** Weeks per sprint. */
  period: number;
  tzIdentifier: string;
}

export interface SprintWindow {
  /** 0 for the first sprint of the schedule. */
  index: number;
  startAt: Date;
  endAt: Date;
}

const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;
const MS_PER_DAY = 86_400_000;

/** SPEC §5: HH:mm or HH:mm:ss on a 24-hour clock. */
export function timeInputError(value: string): string | null {
  return TIME.test(value) ? null : INVALID_TIME_MESSAGE;
}

/** "9:30" is refused; "09:30" becomes "09:30:00", the form stored. */
export function normalizeTime(value: string): string | null {
  const match = TIME.exec(value);
  return match ? `${match[1]}:${match[2]}:${match[3] ?? "00"}` : null;
}

/** The IANA name as the runtime spells it ("europe/paris" → "Europe/Paris"), or null when it names no zone. */
export function canonicalTimeZone(value: string): string | null {
  if (value.trim() === "") return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** SPEC §5. */
export function timeZoneInputError(value: string): string | null {
  return canonicalTimeZone(value) === null ? INVALID_TIMEZONE_MESSAGE : null;
}

export function sprintPeriodError(period: number): string | null {
  return Number.isInteger(period) && period >= MIN_SPRINT_PERIOD && period <= MAX_SPRINT_PERIOD
    ? null
    : `A sprint lasts from ${MIN_SPRINT_PERIOD} to ${MAX_SPRINT_PERIOD} weeks.`;
}

function dayNumber(isoDay: string): number {
  const [year, month, day] = isoDay.split("-").map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day) / MS_PER_DAY;
}

/**
 * The period a first sprint from `startOn` to `endOn` (its last day, inclusive) gives: a whole number of
 * weeks, since each sprint ends when the next starts. Both days must already be valid.
 */
export function periodFromDays(startOn: string, endOn: string): { period: number } | { error: string } {
  const days = dayNumber(endOn) - dayNumber(startOn) + 1;
  if (days <= 0) return { error: "A sprint cannot end before it starts." };
  if (days % 7 !== 0)
    return { error: "A sprint lasts whole weeks: its last day is the day before the weekday it starts on." };
  const period = days / 7;
  const error = sprintPeriodError(period);
  return error ? { error } : { period };
}

/** The weekday the schedule's sprints start on. */
export function sprintStartDay(schedule: Pick<SprintSchedule, "startOn">): SprintDayOfTheWeek {
  return SPRINT_DAYS_OF_THE_WEEK[new Date(dayNumber(schedule.startOn) * MS_PER_DAY).getUTCDay()] ?? "MONDAY";
}

/**
 * The weekday of a sprint's last day: the day before the start day when sprints start at midnight
 * (Monday 00:00 to Monday 00:00 is Monday to Sunday), else the start day itself.
 */
export function sprintEndDay(schedule: Pick<SprintSchedule, "startOn" | "startTime">): SprintDayOfTheWeek {
  const start = SPRINT_DAYS_OF_THE_WEEK.indexOf(sprintStartDay(schedule));
  const offset = schedule.startTime === DEFAULT_SPRINT_START_TIME ? 6 : 0;
  return SPRINT_DAYS_OF_THE_WEEK[(start + offset) % 7] ?? "SUNDAY";
}

/** When sprint `index` starts: the local day and time in the schedule's zone, whatever its UTC offset that day. */
export function sprintStart(schedule: SprintSchedule, index: number): Date {
  const [year, month, day] = schedule.startOn.split("-").map(Number) as [number, number, number];
  const [hours, minutes, seconds] = schedule.startTime.split(":").map(Number) as [number, number, number];
  const local = new TZDate(
    year,
    month - 1,
    day + index * 7 * schedule.period,
    hours,
    minutes,
    seconds,
    schedule.tzIdentifier,
  );
  return new Date(local.getTime());
}

export function sprintWindow(schedule: SprintSchedule, index: number): SprintWindow {
  return { index, startAt: sprintStart(schedule, index), endAt: sprintStart(schedule, index + 1) };
}

/**
 * The index of the sprint running at `at`, counted from the schedule's first; negative before it starts.
 * The estimate from elapsed time is off by at most one where offsets changed, so it is corrected.
 */
export function sprintIndexAt(schedule: SprintSchedule, at: Date): number {
  const periodMs = schedule.period * 7 * MS_PER_DAY;
  let index = Math.floor((at.getTime() - sprintStart(schedule, 0).getTime()) / periodMs);
  while (sprintStart(schedule, index).getTime() > at.getTime()) index -= 1;
  while (sprintStart(schedule, index + 1).getTime() <= at.getTime()) index += 1;
  return index;
}

/**
 * The sprints that should exist at `now`: the one running (if the schedule has begun) and the next
 * `upcoming` ones, in order.
 */
export function sprintWindowsAhead(schedule: SprintSchedule, now: Date, upcoming: number): SprintWindow[] {
  const first = Math.max(0, sprintIndexAt(schedule, now));
  const current = sprintStart(schedule, first).getTime() <= now.getTime();
  const count = upcoming + (current ? 1 : 0);
  return Array.from({ length: count }, (_, offset) => sprintWindow(schedule, first + offset));
}

/**
 * "Sprint: Nov 23 – Dec 6, 2026": the config's name, then the sprint's first and last day in its zone.
 * A sprint ending at midnight ends on the day before.
 */
export function sprintName(
  configName: string,
  window: Pick<SprintWindow, "startAt" | "endAt">,
  timeZone: string,
): string {
  const lastDay = new Date(window.endAt.getTime() - 1);
  return `${configName.trim()}: ${formatDateRange({ start: window.startAt, end: lastDay }, timeZone)}`;
}

/** The local calendar day (YYYY-MM-DD) of an instant in a zone, e.g. to start a schedule "today". */
export function localDay(at: Date, timeZone: string): string {
  return format(at, "yyyy-MM-dd", inZone(timeZone));
}
