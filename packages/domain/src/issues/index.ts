export {
  assigneeLoginsError,
  CREATED_ISSUE_TYPES,
  type CreatedIssueType,
  estimateError,
  issueBodyError,
  issueTitleError,
  labelNamesError,
  MAX_ISSUE_ASSIGNEES,
  MAX_ISSUE_BODY_LENGTH,
  MAX_ISSUE_TITLE_LENGTH,
  MAX_LABEL_NAME_LENGTH,
} from "./issue-input.js";
