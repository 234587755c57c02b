export { epicDatesError, epicTitleError } from "./epic-input.js";
export {
  DEFAULT_ESTIMATE_SET,
  dateInputError,
  estimateSetWith,
  estimateSetWithout,
  INVALID_DATE_MESSAGE,
  MAX_ESTIMATE_SET_VALUES,
  MAX_PRIORITY_NAME_LENGTH,
  MAX_RELEASE_DESCRIPTION_LENGTH,
  MAX_RELEASE_TITLE_LENGTH,
  priorityColorError,
  priorityNameError,
  releaseDatesError,
  releaseDescriptionError,
  releaseTitleError,
} from "./field-input.js";
export {
  assigneeLoginsError,
  CREATED_ISSUE_TYPES,
  type CreatedIssueType,
  commentBodyError,
  estimateError,
  issueBodyError,
  issueTitleError,
  labelNamesError,
  MAX_ISSUE_ASSIGNEES,
  MAX_ISSUE_BODY_LENGTH,
  MAX_ISSUE_TITLE_LENGTH,
  MAX_LABEL_NAME_LENGTH,
  NATIVE_LABEL_PREFIX,
  nativeLabelName,
} from "./issue-input.js";
export { type IssueLink, pathBetween } from "./relation-cycles.js";
