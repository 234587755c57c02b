import { tz } from "@date-fns/tz";
import {
  DEFAULT_SPRINT_PERIOD,
  dateInputError,
  estimateError,
  localDay,
  normalizeTime,
  type SprintDayOfTheWeek,
  sprintEndDay,
  sprintPeriodError,
  sprintStartDay,
  timeInputError,
  timeZoneInputError,
} from "@gantry/domain";
import { format } from "date-fns";
import type { WorkspaceEstimates, WorkspaceSprints } from "./sprints-api";

/** SPEC §2: the fields the sprints settings modal can open with highlighted. */
export type SprintsModalHighlight = "automation-pipelines" | "build-from-backlog";

export interface SprintConfigFormValues {
  name: string;
  /** The first sprint's start day, YYYY-MM-DD in the chosen time zone. */
  startOn: string;
  /** HH:mm or HH:mm:ss. */
  startTime: string;
  tzIdentifier: string;
  /** Weeks per sprint. */
  period: number;
  moveUnfinishedIssues: boolean;
  buildFromPipeline: boolean;
  pipelineId: string;
  /** As typed; a number of points when building from a pipeline. */
  totalStoryPoints: string;
  assumeEstimates: boolean;
  /** As typed; blank assumes the workspace's median estimate. */
  assumedEstimate: string;
}

export type SprintConfigFormErrors = Partial<Record<keyof SprintConfigFormValues, string>>;

export const DEFAULT_SPRINT_CONFIG_NAME = "Sprint";

function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/**
 * What the form starts from: the saved config, with its first open sprint's start as the day and time
 * sprints begin; or, with none, two-week sprints from today at midnight in the browser's zone.
 */
export function initialFormValues(
  workspace: WorkspaceSprints | undefined,
  estimates: WorkspaceEstimates,
  now = new Date(),
): SprintConfigFormValues {
  const config = workspace?.sprintConfig;
  const tzIdentifier = config?.tzIdentifier ?? browserTimeZone();
  const firstOpen = workspace?.openSprints[0];
  const start = firstOpen ? new Date(firstOpen.startAt) : null;
  return {
    name: config?.name ?? DEFAULT_SPRINT_CONFIG_NAME,
    startOn: localDay(start ?? now, tzIdentifier),
    startTime: start ? format(start, "HH:mm", { in: tz(tzIdentifier) }) : "00:00",
    tzIdentifier,
    period: config?.period ?? DEFAULT_SPRINT_PERIOD,
    moveUnfinishedIssues: config?.settings.moveUnfinishedIssues ?? true,
    buildFromPipeline: config?.settings.issuesFromPipeline.enabled ?? false,
    pipelineId: config?.settings.issuesFromPipeline.pipelineId ?? "",
    totalStoryPoints: String(config?.settings.issuesFromPipeline.totalStoryPoints ?? ""),
    assumeEstimates: estimates.assumeEstimates,
    assumedEstimate: estimates.assumedEstimateValue === null ? "" : String(estimates.assumedEstimateValue),
  };
}

/** SPEC §5's messages for the date, time and time zone; plain ones for the rest. */
export function validateSprintConfigForm(values: SprintConfigFormValues): SprintConfigFormErrors {
  const errors: SprintConfigFormErrors = {};
  if (!values.name.trim()) errors.name = "Give the sprints a name.";
  const dateError = dateInputError(values.startOn);
  if (dateError) errors.startOn = dateError;
  const timeError = timeInputError(values.startTime);
  if (timeError) errors.startTime = timeError;
  const zoneError = timeZoneInputError(values.tzIdentifier);
  if (zoneError) errors.tzIdentifier = zoneError;
  const periodError = sprintPeriodError(values.period);
  if (periodError) errors.period = periodError;
  if (values.buildFromPipeline) {
    if (!values.pipelineId) errors.pipelineId = "Choose the pipeline sprints are filled from.";
    const points = Number(values.totalStoryPoints);
    if (values.totalStoryPoints.trim() === "" || !Number.isFinite(points) || points <= 0)
      errors.totalStoryPoints = "Give the points a sprint holds, a number above 0.";
  }
  if (values.assumeEstimates && values.assumedEstimate.trim() !== "") {
    const assumed = Number(values.assumedEstimate);
    if (!Number.isInteger(assumed) || estimateError(assumed))
      errors.assumedEstimate = "The assumed estimate is a whole number of points, 0 or more.";
  }
  return errors;
}

/** The weekdays sprints start and end on, once the day and time are valid. */
export function sprintDays(
  values: Pick<SprintConfigFormValues, "startOn" | "startTime">,
): { startDay: SprintDayOfTheWeek; endDay: SprintDayOfTheWeek } | null {
  const startTime = normalizeTime(values.startTime);
  if (dateInputError(values.startOn) || !startTime) return null;
  const schedule = { startOn: values.startOn, startTime };
  return { startDay: sprintStartDay(schedule), endDay: sprintEndDay(schedule) };
}

/** The reference's SprintConfigCreateInput / SprintConfigUpdateInput from valid form values. */
export function sprintConfigInput(values: SprintConfigFormValues, workspaceId: string) {
  return {
    workspaceId,
    name: values.name.trim(),
    tzIdentifier: values.tzIdentifier,
    startOn: values.startOn,
    period: values.period,
    startOnTime: normalizeTime(values.startTime),
    settings: {
      moveUnfinishedIssues: values.moveUnfinishedIssues,
      issuesFromPipeline: values.buildFromPipeline
        ? { enabled: true, pipelineId: values.pipelineId, totalStoryPoints: Number(values.totalStoryPoints) }
        : { enabled: false, pipelineId: values.pipelineId || null, totalStoryPoints: null },
    },
  };
}

/** updateWorkspace's variables when the assumption changed, else null (nothing to send). */
export function assumedEstimateChange(
  values: SprintConfigFormValues,
  estimates: WorkspaceEstimates,
  workspaceId: string,
) {
  const assumedEstimateValue = values.assumedEstimate.trim() === "" ? null : Number(values.assumedEstimate);
  if (values.assumeEstimates === estimates.assumeEstimates && assumedEstimateValue === estimates.assumedEstimateValue)
    return null;
  return {
    workspaceId,
    name: estimates.name,
    description: estimates.description,
    assumeEstimates: values.assumeEstimates,
    assumedEstimateValue,
  };
}
