/** How an issue's or pull request's state reads wherever it is named. */
export const ISSUE_STATE_TEXT = { OPEN: "Open", CLOSED: "Closed", MERGED: "Merged" } as const;
