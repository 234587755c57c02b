export { CLOSED_PIPELINE_ID, CLOSED_PIPELINE_NAME } from "./closed-pipeline.js";
export { type PipelineCounts, pipelineCountText } from "./pipeline-count.js";
export { DEFAULT_SORT_TYPE, isSortType, SORT_TYPES, type SortType } from "./sort-types.js";
