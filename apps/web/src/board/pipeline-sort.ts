import type { SortType } from "@gantry/domain";

/** What the pipeline sort menu calls each §9 sort type, in the order it lists them. */
export const SORT_TYPE_LABELS: Record<SortType, string> = {
  SORT_TYPE_MANUAL: "Manual (board order)",
  NEWEST: "Newest",
  OLDEST: "Oldest",
  TIME_IN_PIPELINE_OLD_NEW: "Time in pipeline: oldest first",
  TIME_IN_PIPELINE_NEW_OLD: "Time in pipeline: newest first",
  TITLE_AZ: "Title A–Z",
  TITLE_ZA: "Title Z–A",
  ASSIGNEE: "Assignee",
  ESTIMATE_HIGH_LOW: "Estimate: high to low",
  ESTIMATE_LOW_HIGH: "Estimate: low to high",
  SPRINT: "Sprint",
  PRIORITY: "Priority: highest first",
};

/**
 * A sorted pipeline's message (SPEC §3 sortedPipelinesEventMessage). Its cards keep the sort's
 * order, so they cannot be reordered by hand there (docs/decisions/0009, addendum).
 */
export function sortedPipelineMessage(sortType: SortType): string {
  const label = SORT_TYPE_LABELS[sortType];
  return `Sorted by ${label.charAt(0).toLowerCase()}${label.slice(1)} · reordering is off while sorted`;
}
