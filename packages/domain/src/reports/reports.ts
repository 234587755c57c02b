import { localDay } from "../sprints/schedule.js";
import {
  DAY_MS,
  dayOf,
  daysBetween,
  type MemberIssue,
  mean,
  onBoardAt,
  pointsAt,
  type ReportIssue,
  readingTime,
  standardDeviation,
  valueAt,
} from "./history.js";

const isMember = (issue: MemberIssue, at: Date) => onBoardAt(issue, at) && valueAt(issue.member, at);
const isClosed = (issue: ReportIssue, at: Date) => valueAt(issue.closed, at);

export interface BurndownPoint {
  /** When the reading is taken: the sprint's start, then each day's end, or now for the day under way. */
  at: Date;
  /** The sprint's local day (YYYY-MM-DD) the reading closes; the start reading has the first day. */
  day: string;
  /** Open points in the sprint then; null for days still to come. */
  remaining: number | null;
  /** The straight line from the sprint's committed points at its start to none at its end. */
  ideal: number;
}

/**
 * How long after its start a sprint's scope is still its commitment: its first day, the chart's
 * resolution. Sprints start at a set time, but their issues arrive a little later: the sprint job hands
 * over carried and pipeline-filled issues when it next runs (within minutes), and a team sets up its
 * first sprint, or plans and estimates, during that first day. Read at the start instant, all of that
 * would count as scope added mid-sprint and leave the ideal line at 0.
 */
export const SPRINT_COMMITMENT_WINDOW_MS = DAY_MS;

/**
 * The commitment at the sprint's start, then one reading for each day of the sprint, at the day's end,
 * so the last reading is the sprint's last day (a sprint ending at midnight ends the day before). The
 * day under way is read now: what was closed today counts today, as on the sprint page. The start's
 * reading is the commitment: the points, at the end of the commitment window (or now, if sooner), of the
 * issues then in the sprint that were not closed at its start. Issues added later raise the remaining
 * points above the ideal line, which runs straight from the commitment to 0. Days are 24 hours from the
 * start, named from the start's local day (in `timeZone`) one calendar day at a time.
 */
export function sprintBurndown(input: {
  startAt: Date;
  endAt: Date;
  issues: readonly MemberIssue[];
  now: Date;
  timeZone: string;
}): BurndownPoint[] {
  const start = input.startAt.getTime();
  const end = input.endAt.getTime();
  const now = input.now.getTime();
  const remainingAt = (at: Date) =>
    input.issues
      .filter((issue) => isMember(issue, at) && !isClosed(issue, at))
      .reduce((sum, issue) => sum + pointsAt(issue, at), 0);
  const committedAt = new Date(Math.max(start, Math.min(start + SPRINT_COMMITMENT_WINDOW_MS, end, now)));
  const committed = input.issues
    .filter((issue) => isMember(issue, committedAt) && !isClosed(issue, input.startAt))
    .reduce((sum, issue) => sum + pointsAt(issue, committedAt), 0);
  // Sprint day k is the k-th calendar day from the first, whatever daylight saving does to 24 hours.
  const firstDay = Date.parse(`${localDay(input.startAt, input.timeZone)}T00:00:00.000Z`);
  const dayOfSprint = (index: number) => dayOf(new Date(firstDay + index * DAY_MS));
  const points: BurndownPoint[] = [
    {
      at: input.startAt,
      day: dayOfSprint(0),
      remaining: start > now ? null : committed,
      ideal: committed,
    },
  ];
  for (let dayStart = start, index = 0; dayStart < end; dayStart += DAY_MS, index++) {
    const dayEnd = Math.min(dayStart + DAY_MS, end);
    const at = new Date(now >= dayStart && now < dayEnd ? now : dayEnd);
    points.push({
      at,
      day: dayOfSprint(index),
      remaining: dayStart > now ? null : remainingAt(at),
      ideal: end > start ? committed * (1 - (dayEnd - start) / (end - start)) : 0,
    });
  }
  return points;
}

export interface SprintScope {
  /** Points in the sprint when it ended (its final scope). */
  committed: number;
  /** Of those, the points closed by then. */
  completed: number;
}

/** A sprint's committed and completed points, read at its end (or now, for one still running). */
export function sprintScope(issues: readonly MemberIssue[], endAt: Date, now: Date): SprintScope {
  const at = new Date(Math.min(endAt.getTime(), now.getTime()));
  const members = issues.filter((issue) => isMember(issue, at));
  const sum = (list: readonly MemberIssue[]) => list.reduce((total, issue) => total + pointsAt(issue, at), 0);
  return { committed: sum(members), completed: sum(members.filter((issue) => isClosed(issue, at))) };
}

/** The average of completed points over the sprints shown; null with none. */
export const averageCompleted = (sprints: readonly SprintScope[]) => mean(sprints.map((sprint) => sprint.completed));

export interface CumulativeFlowDay {
  day: string;
  /** Issues per pipeline name at the end of the day; closed issues count under `closedName`. */
  counts: Record<string, number>;
}

/** Issues per pipeline at the end of each day; pipelines no longer on the board still get their column. */
export function cumulativeFlow(input: {
  from: string;
  to: string;
  pipelineNames: readonly string[];
  closedName: string;
  issues: readonly ReportIssue[];
  now: Date;
}): CumulativeFlowDay[] {
  return daysBetween(input.from, input.to).map((day) => {
    const at = readingTime(day, input.now);
    const counts: Record<string, number> = Object.fromEntries(
      [...input.pipelineNames, input.closedName].map((name) => [name, 0]),
    );
    for (const issue of input.issues) {
      if (!onBoardAt(issue, at)) continue;
      const column = isClosed(issue, at) ? input.closedName : valueAt(issue.pipeline, at);
      counts[column] = (counts[column] ?? 0) + 1;
    }
    return { day, counts };
  });
}

export interface CycleTime {
  issue: ReportIssue;
  startedAt: Date;
  closedAt: Date;
  days: number;
  /** Mean and standard deviation of this issue's cycle time and those of the issues closed just before it. */
  rollingAverage: number;
  rollingDeviation: number;
}

/**
 * Work starts the first time the open issue sits in a pipeline other than the board's first (moved
 * there, or joining the board there) and ends when it last closed; issues closed straight from the first
 * pipeline had no work tracked and are left out.
 */
export function cycleStart(issue: ReportIssue, firstPipelineName: string): Date | null {
  const candidates = [
    issue.joinedAt,
    ...issue.pipeline.changes.map((change) => change.at),
    ...issue.closed.changes.map((change) => change.at),
  ]
    .filter((at) => at.getTime() >= issue.joinedAt.getTime())
    .sort((a, b) => a.getTime() - b.getTime());
  return candidates.find((at) => !isClosed(issue, at) && valueAt(issue.pipeline, at) !== firstPipelineName) ?? null;
}

/** When the issue last closed, if it is closed at `at`. */
export function lastClosedAt(issue: ReportIssue, at: Date): Date | null {
  if (!isClosed(issue, at)) return null;
  const closings = issue.closed.changes.filter((change) => change.to && change.at.getTime() <= at.getTime());
  return closings.at(-1)?.at ?? issue.joinedAt;
}

export const ROLLING_WINDOW = 5;

/** Cycle times of the issues that closed between the start of `from` and the end of `to`, by closing time. */
export function controlChart(input: {
  from: string;
  to: string;
  firstPipelineName: string;
  issues: readonly ReportIssue[];
  now: Date;
  window?: number;
}): CycleTime[] {
  const rangeStart = Date.parse(`${input.from}T00:00:00.000Z`);
  const rangeEnd = readingTime(input.to, input.now);
  const window = input.window ?? ROLLING_WINDOW;
  const closed = input.issues.flatMap((issue) => {
    const closedAt = lastClosedAt(issue, rangeEnd);
    if (!closedAt || closedAt.getTime() < rangeStart) return [];
    const startedAt = cycleStart(issue, input.firstPipelineName);
    if (!startedAt || startedAt.getTime() > closedAt.getTime()) return [];
    return [{ issue, startedAt, closedAt, days: (closedAt.getTime() - startedAt.getTime()) / DAY_MS }];
  });
  closed.sort((a, b) => a.closedAt.getTime() - b.closedAt.getTime() || a.issue.number - b.issue.number);
  return closed.map((point, index) => {
    const recent = closed.slice(Math.max(0, index - window + 1), index + 1).map((entry) => entry.days);
    return { ...point, rollingAverage: mean(recent) ?? 0, rollingDeviation: standardDeviation(recent) ?? 0 };
  });
}

export interface ProgressDay {
  day: string;
  totalPoints: number;
  completedPoints: number;
  totalIssues: number;
  closedIssues: number;
}

/** A release's or epic's scope and what of it was closed, at the end of each day. */
export function progressOverTime(input: {
  from: string;
  to: string;
  issues: readonly MemberIssue[];
  now: Date;
}): ProgressDay[] {
  return daysBetween(input.from, input.to).map((day) => {
    const at = readingTime(day, input.now);
    const members = input.issues.filter((issue) => isMember(issue, at));
    const closed = members.filter((issue) => isClosed(issue, at));
    const points = (list: readonly MemberIssue[]) => list.reduce((sum, issue) => sum + pointsAt(issue, at), 0);
    return {
      day,
      totalPoints: points(members),
      completedPoints: points(closed),
      totalIssues: members.length,
      closedIssues: closed.length,
    };
  });
}

/**
 * When the open points would be done at the workspace's velocity (points per sprint of `sprintDays`
 * days): null without a velocity to go by; `now` itself when nothing is left.
 */
export function projectedCompletion(input: {
  remainingPoints: number;
  velocity: number | null;
  sprintDays: number;
  now: Date;
}): Date | null {
  if (input.remainingPoints <= 0) return input.now;
  if (!input.velocity || input.velocity <= 0 || input.sprintDays <= 0) return null;
  const days = (input.remainingPoints / input.velocity) * input.sprintDays;
  return new Date(input.now.getTime() + Math.ceil(days) * DAY_MS);
}
