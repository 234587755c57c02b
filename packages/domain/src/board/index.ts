export { CLOSED_PIPELINE_ID, CLOSED_PIPELINE_NAME } from "./closed-pipeline.js";
export {
  type BoardFilters,
  CURRENT_SPRINT_FILTER_VALUE,
  DEFAULT_FILTER_LOGIC,
  DEFAULT_ISSUE_TYPE_DISPOSITION,
  emptyFilters,
  estimateFilterValue,
  type FilterLogic,
  type InNin,
  type InNinSettings,
  ISSUE_TYPE_DISPOSITIONS,
  type IssueTypeDispositionFilter,
  MAX_FILTER_VALUE_LENGTH,
  MAX_FILTER_VALUES,
  NO_ASSIGNEES_FILTER_VALUE,
  NO_SPRINTS_FILTER_VALUE,
  NONE_FILTER_VALUE,
  PARENT_ISSUE_SETTINGS,
  type ParentIssueSetting,
  TEAM_ESTIMATION_FILTER_VALUE,
  USER_ESTIMATION_FILTER_VALUE,
} from "./filters.js";
export {
  boardFiltersFromSearchInput,
  boardFiltersToSearchInput,
  type EpicFiltersInput,
  ESTIMATE_SPECIAL_FILTERS,
  type EstimateSpecialFilter,
  type IssueSearchFiltersInput,
  type ValuesFilterInput,
} from "./filters-input.js";
export { type FilterableIssue, type FilterContext, matchesBoardFilters } from "./filters-match.js";
export { type BoardSearchTerms, matchesBoardSearch, parseBoardSearch, type SearchableIssue } from "./filters-search.js";
export {
  type BoardFilterLink,
  boardFiltersFromSearchParams,
  boardFiltersToSearchParams,
  type SearchParamsReader,
} from "./filters-url.js";
export { BOARD_PAGE_SIZE } from "./page-size.js";
export { type PipelineCounts, pipelineCountText } from "./pipeline-count.js";
export { DEFAULT_SORT_TYPE, isSortType, SORT_TYPES, type SortType } from "./sort-types.js";
export { compareCodePoints, type SortableIssue, sortBoardIssues } from "./sorting.js";
