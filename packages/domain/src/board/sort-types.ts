/**
 * SPEC §9 "Sort types": how a pipeline's issues can be ordered; manual (board order) is the default.
 * PRIORITY is Gantry's own, after the §9 eleven: issue #8 asks for priority as a sort and §9 has
 * none (docs/decisions/0017).
 */
export const SORT_TYPES = [
  "SORT_TYPE_MANUAL",
  "NEWEST",
  "OLDEST",
  "TIME_IN_PIPELINE_OLD_NEW",
  "TIME_IN_PIPELINE_NEW_OLD",
  "TITLE_AZ",
  "TITLE_ZA",
  "ASSIGNEE",
  "ESTIMATE_HIGH_LOW",
  "ESTIMATE_LOW_HIGH",
  "SPRINT",
  "PRIORITY",
] as const;

export type SortType = (typeof SORT_TYPES)[number];

export const DEFAULT_SORT_TYPE: SortType = "SORT_TYPE_MANUAL";

export function isSortType(value: string): value is SortType {
  return (SORT_TYPES as readonly string[]).includes(value);
}
