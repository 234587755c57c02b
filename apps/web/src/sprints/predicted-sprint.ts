import { formatDateRange, nextSprintOf, type PredictedSprintStatus, predictedSprintStatus } from "@gantry/domain";
import type { SprintSummary, WorkspaceSprints } from "./sprints-api";

export interface PredictedSprint<Sprint extends NamedSprint = SprintSummary> {
  sprint: Sprint;
  status: PredictedSprintStatus;
}

interface NamedSprint {
  id: string;
  name: string;
}

/**
 * The issue's predicted sprint with its SPEC §4 status, or null while the workspace's automation flag
 * is unknown (no sprint config loaded yet).
 */
export function predictedSprintOf<Sprint extends NamedSprint>(
  sprint: Sprint | null,
  workspace: Pick<WorkspaceSprints, "sprintConfig" | "activeSprint" | "openSprints"> | undefined,
): PredictedSprint<Sprint> | null {
  const status = predictedSprintStatus({
    sprintId: sprint?.id,
    automationEnabled: workspace?.sprintConfig?.settings.issuesFromPipeline.enabled,
    nextSprintId: workspace && nextSprintOf(workspace.openSprints, workspace.activeSprint?.id ?? null)?.id,
  });
  return sprint && status ? { sprint, status } : null;
}

/** A sprint's first and last day: it ends at the instant the next starts, so its last day is the one before. */
export function sprintDates(sprint: Pick<SprintSummary, "startAt" | "endAt">): string {
  return formatDateRange({ start: new Date(sprint.startAt), end: new Date(new Date(sprint.endAt).getTime() - 1) });
}
