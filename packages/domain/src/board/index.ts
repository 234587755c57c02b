export { CLOSED_PIPELINE_ID, CLOSED_PIPELINE_NAME } from "./closed-pipeline.js";
export {
  type BoardFilters,
  DEFAULT_FILTER_LOGIC,
  emptyFilters,
  type FilterLogic,
  type InNin,
  type InNinSettings,
} from "./filters.js";
export { type PipelineCounts, pipelineCountText } from "./pipeline-count.js";
export { DEFAULT_SORT_TYPE, isSortType, SORT_TYPES, type SortType } from "./sort-types.js";
