/**
 * Report arithmetic over an issue's recorded history (decision 0024). A field's history is its value
 * now plus the changes the timeline recorded; its value at any past moment is replayed from those.
 */

export interface Change<T> {
  at: Date;
  from: T;
  to: T;
}

export interface Timeline<T> {
  /** The value now, which holds from the last change on (or always, with no changes). */
  current: T;
  /** Oldest first. */
  changes: readonly Change<T>[];
}

/** The value at `at`: the last change's `to` by then, else what the first change replaced, else the value now. */
export function valueAt<T>(timeline: Timeline<T>, at: Date): T {
  let value: T | undefined;
  for (const change of timeline.changes) {
    if (change.at.getTime() > at.getTime()) break;
    value = change.to;
  }
  if (value !== undefined) return value;
  const first = timeline.changes[0];
  return first ? first.from : timeline.current;
}

/** One issue on a board, as reports read it. */
export interface ReportIssue {
  id: string;
  number: number;
  title: string;
  /** When it joined the board: reports know nothing of it before. */
  joinedAt: Date;
  /** Pipeline names. */
  pipeline: Timeline<string>;
  estimate: Timeline<number | null>;
  closed: Timeline<boolean>;
}

/** An issue together with its membership of the sprint, release or epic a report is about. */
export interface MemberIssue extends ReportIssue {
  member: Timeline<boolean>;
}

export const DAY_MS = 24 * 60 * 60 * 1000;

export const onBoardAt = (issue: ReportIssue, at: Date) => issue.joinedAt.getTime() <= at.getTime();

/** Story points at `at`; unestimated issues count for none. */
export const pointsAt = (issue: ReportIssue, at: Date) => valueAt(issue.estimate, at) ?? 0;

/** A UTC calendar day, YYYY-MM-DD. */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** The last moment of a YYYY-MM-DD day (UTC), where daily reports take their reading. */
export const endOfDay = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + DAY_MS - 1);

/** Every day from `from` to `to` inclusive, both YYYY-MM-DD. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00.000Z`); at <= Date.parse(`${to}T00:00:00.000Z`); at += DAY_MS) {
    days.push(dayOf(new Date(at)));
  }
  return days;
}

/** Readings are not taken in the future: a day not over yet is read now. */
export const readingTime = (day: string, now: Date) => new Date(Math.min(endOfDay(day).getTime(), now.getTime()));

export function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** Population standard deviation: the spread of exactly these values, not an estimate of a wider set. */
export function standardDeviation(values: readonly number[]): number | null {
  const average = mean(values);
  if (average === null) return null;
  return Math.sqrt(values.reduce((sum, value) => sum + (value - average) ** 2, 0) / values.length);
}
