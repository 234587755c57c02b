/** SPEC §4 Sprints: ordering, the next sprint, the predicted sprint status, velocity and assumed estimates. */

export type SprintStateValue = "OPEN" | "CLOSED";

export interface SprintTimes {
  id: string;
  state: SprintStateValue;
  startAt: Date;
  endAt: Date;
}

function byStart(a: SprintTimes, b: SprintTimes): number {
  return a.startAt.getTime() - b.startAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** SPEC §4: closed sprints are listed by `endAt`, most recent first. */
export function closedSprintOrder(a: SprintTimes, b: SprintTimes): number {
  return b.endAt.getTime() - a.endAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

/** SPEC §4: the selector lists open sprints first, soonest first, then closed ones, latest first. */
export function sprintsForSelector<T extends SprintTimes>(sprints: readonly T[]): T[] {
  const open = sprints.filter((sprint) => sprint.state === "OPEN").sort(byStart);
  const closed = sprints.filter((sprint) => sprint.state === "CLOSED").sort(closedSprintOrder);
  return [...open, ...closed];
}

/**
 * SPEC §4 next sprint, over the open sprints soonest first: the second when the active sprint is the
 * first and a second exists; the first when there is no active sprint; otherwise none.
 */
export function nextSprintOf<T extends { id: string }>(
  openSprints: readonly T[],
  activeSprintId: string | null,
): T | null {
  if (activeSprintId === null) return openSprints[0] ?? null;
  if (openSprints[0]?.id === activeSprintId) return openSprints[1] ?? null;
  return null;
}

export type PredictedSprintStatus = "next" | "predicted";

/**
 * SPEC §4 predicted sprint status: null until the sprint id and the automation flag
 * (`issuesFromPipeline.enabled`) are both known; "next" when automation is on and the id is the next sprint.
 */
export function predictedSprintStatus(input: {
  sprintId: string | null | undefined;
  automationEnabled: boolean | null | undefined;
  nextSprintId: string | null | undefined;
}): PredictedSprintStatus | null {
  if (!input.sprintId || input.automationEnabled === null || input.automationEnabled === undefined) return null;
  return input.automationEnabled && input.sprintId === input.nextSprintId ? "next" : "predicted";
}

/** SPEC §2 badge: "Next: <name>" or "Predicted: <name>", the colon left out when the name starts with "Sprint:". */
export function predictedSprintBadgeText(status: PredictedSprintStatus, sprintName: string): string {
  const label = status === "next" ? "Next" : "Predicted";
  return sprintName.startsWith("Sprint:") ? `${label} ${sprintName}` : `${label}: ${sprintName}`;
}

/** The reference: "Average velocity of recently (last 3) closed sprints". */
export const VELOCITY_SPRINT_COUNT = 3;

/** Points completed per sprint over the last three closed sprints; null before any sprint has closed. */
export function averageSprintVelocity(
  closedSprints: readonly (SprintTimes & { completedPoints: number })[],
): number | null {
  const recent = closedSprints
    .filter((sprint) => sprint.state === "CLOSED")
    .sort(closedSprintOrder)
    .slice(0, VELOCITY_SPRINT_COUNT);
  if (recent.length === 0) return null;
  return recent.reduce((sum, sprint) => sum + sprint.completedPoints, 0) / recent.length;
}

/** Used when a workspace has no estimates to take a median from. */
export const FALLBACK_ASSUMED_ESTIMATE = 2;

export function medianEstimate(estimates: readonly number[]): number | null {
  const sorted = [...estimates].sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? null) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * The points an unestimated issue counts for when sprints are filled: nothing when the workspace does not
 * assume estimates, else its `assumedEstimateValue`, else the median of its estimates, else 2.
 */
export function assumedEstimate(input: {
  assumeEstimates: boolean;
  assumedEstimateValue: number | null;
  workspaceEstimates: readonly number[];
}): number {
  if (!input.assumeEstimates) return 0;
  return input.assumedEstimateValue ?? medianEstimate(input.workspaceEstimates) ?? FALLBACK_ASSUMED_ESTIMATE;
}

export interface CandidateIssue {
  id: string;
  estimate: number | null;
}

export interface SprintCapacity {
  id: string;
  /** Points already in the sprint. */
  committedPoints: number;
}

/**
 * Fills sprints in order from a pipeline's issues in board order (decision 0019): an issue goes into the
 * current sprint while the sprint stays within `totalStoryPoints`, or alone into an empty sprint when it is
 * bigger than that; otherwise the sprint is full and the next one is filled. Board order is kept: a small
 * issue does not jump ahead of a big one. Issues beyond the last sprint get none.
 */
export function fillSprints(
  issues: readonly CandidateIssue[],
  sprints: readonly SprintCapacity[],
  totalStoryPoints: number,
  assumed: number,
): Map<string, string> {
  const placed = new Map<string, string>();
  let sprintIndex = 0;
  let used = sprints[0]?.committedPoints ?? 0;
  let empty = used === 0;
  for (const issue of issues) {
    const points = issue.estimate ?? assumed;
    while (sprintIndex < sprints.length && !empty && used + points > totalStoryPoints) {
      sprintIndex += 1;
      used = sprints[sprintIndex]?.committedPoints ?? 0;
      empty = used === 0;
    }
    const sprint = sprints[sprintIndex];
    if (!sprint) break;
    placed.set(issue.id, sprint.id);
    used += points;
    empty = false;
  }
  return placed;
}
