import { randomUUID } from "node:crypto";
import type { Executor } from "@gantry/db";
import { canonicalTimeZone, DEFAULT_SPRINT_START_TIME, INVALID_TIMEZONE_MESSAGE, sprintName } from "@gantry/domain";
import { GantryError } from "../graphql/errors.js";
import { requireWorkspace } from "../organizations/access.js";
import type { SprintRow } from "./queries.js";
import type { SprintConfigKind } from "./schedule-input.js";
import { configValues, sprintWindowsToMake } from "./service.js";

/** The name preview sprints carry: a preview has no config name yet. */
export const PREVIEW_SPRINT_NAME = "Sprint";

export interface SprintConfigPreviewArgs {
  tzIdentifier: string;
  workspaceId: string | null;
  startOn: string | null;
  endOn: string | null;
  kind: SprintConfigKind | null;
  /** An instant whose local time (in the zone) is the sprints' start time, and its local day the first's. */
  startOnTime: Date | null;
  endOnTime: Date | null;
}

const previews = new WeakSet<SprintRow>();

/** Whether a sprint is one previewSprintConfig answered rather than a stored one. */
export const isPreviewSprint = (sprint: SprintRow): boolean => previews.has(sprint);

/**
 * previewSprintConfig: the sprints createSprintConfig would make with this schedule, worked out by the same
 * functions (configValues, sprintWindowsToMake) and written nowhere. With a workspace (its readers only), its
 * open sprints are taken into account as creating would; without one, the schedule alone.
 */
export async function previewSprintConfig(
  db: Executor,
  viewerId: string,
  args: SprintConfigPreviewArgs,
  now: Date,
): Promise<{ periodInWeeks: number; sprints: SprintRow[] }> {
  if (args.workspaceId) await requireWorkspace(db, args.workspaceId, viewerId, "viewer");
  const zone = canonicalTimeZone(args.tzIdentifier);
  if (!zone) throw new GantryError("BAD_USER_INPUT", INVALID_TIMEZONE_MESSAGE, { field: "tzIdentifier" });
  const values = await configValues(
    db,
    {
      workspaceId: args.workspaceId ?? "",
      name: PREVIEW_SPRINT_NAME,
      tzIdentifier: zone,
      startOn: args.startOn,
      endOn: args.endOn,
      startOnTime: args.startOnTime,
      endOnTime: args.endOnTime,
      kind: args.kind,
      period: null,
      settings: {
        moveUnfinishedIssues: false,
        issuesFromPipeline: { enabled: false, pipelineId: null, totalStoryPoints: null },
      },
    },
    null,
    now,
  );
  const schedule = {
    startOn: values.startOn,
    startTime: values.startTime ?? DEFAULT_SPRINT_START_TIME,
    period: values.period,
    tzIdentifier: values.tzIdentifier,
  };
  const windows = await sprintWindowsToMake(db, args.workspaceId, null, schedule, now);
  const sprints = windows.map((window): SprintRow => {
    const sprint: SprintRow = {
      id: randomUUID(),
      workspaceId: args.workspaceId ?? "",
      sprintConfigId: null,
      name: sprintName(PREVIEW_SPRINT_NAME, window, schedule.tzIdentifier),
      description: "",
      startAt: window.startAt,
      endAt: window.endAt,
      state: "OPEN",
      closedAt: null,
      createdAt: now,
      updatedAt: now,
    };
    previews.add(sprint);
    return sprint;
  });
  return { periodInWeeks: schedule.period, sprints };
}
