/**
 * Rules for what people type into a new issue and an estimate, checked in the create-issue
 * dialog as they type and again by the server, with the same messages.
 */

/** GitHub's limits, so a title or body Gantry accepts is one GitHub accepts too. */
export const MAX_ISSUE_TITLE_LENGTH = 256;
export const MAX_ISSUE_BODY_LENGTH = 65_536;
export const MAX_ISSUE_ASSIGNEES = 10;
export const MAX_LABEL_NAME_LENGTH = 50;

/**
 * What the new-issue dialog remembers as `lastCreatedIssueType` (SPEC §3, default ISSUE): ISSUE
 * is a native issue in the workspace's Gantry repository, GITHUB_ISSUE one on a connected
 * GitHub repository; the dialog opens on the same kind again.
 */
export const CREATED_ISSUE_TYPES = ["ISSUE", "GITHUB_ISSUE"] as const;
export type CreatedIssueType = (typeof CREATED_ISSUE_TYPES)[number];

export function issueTitleError(title: string): string | null {
  const length = [...title.trim()].length;
  if (length === 0) return "An issue needs a title.";
  if (length > MAX_ISSUE_TITLE_LENGTH) return `Titles are at most ${MAX_ISSUE_TITLE_LENGTH} characters.`;
  return null;
}

export function issueBodyError(body: string): string | null {
  return body.length > MAX_ISSUE_BODY_LENGTH ? `Descriptions are at most ${MAX_ISSUE_BODY_LENGTH} characters.` : null;
}

export function labelNamesError(names: readonly string[]): string | null {
  const bad = names.find((name) => name.trim() === "" || [...name].length > MAX_LABEL_NAME_LENGTH);
  return bad === undefined ? null : `Label names are 1 to ${MAX_LABEL_NAME_LENGTH} characters.`;
}

/** SPEC §9: native (Gantry) labels carry this prefix, so they never meet a GitHub label of the same name in filters. */
export const NATIVE_LABEL_PREFIX = "zh-";

/** The name a label has on a native issue: typed "bug" or "zh-bug", it is stored and shown as "zh-bug". */
export function nativeLabelName(name: string): string {
  const trimmed = name.trim();
  return trimmed.startsWith(NATIVE_LABEL_PREFIX) ? trimmed : `${NATIVE_LABEL_PREFIX}${trimmed}`;
}

/** A comment: something to say, within GitHub's limit so one Gantry accepts GitHub accepts too. */
export function commentBodyError(body: string): string | null {
  if (body.trim() === "") return "A comment cannot be empty.";
  return body.length > MAX_ISSUE_BODY_LENGTH ? `Comments are at most ${MAX_ISSUE_BODY_LENGTH} characters.` : null;
}

/** GitHub logins: letters, digits and single hyphens, not at either end, at most 39 characters. */
const LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/;

export function assigneeLoginsError(logins: readonly string[]): string | null {
  if (logins.length > MAX_ISSUE_ASSIGNEES) return `An issue has at most ${MAX_ISSUE_ASSIGNEES} assignees.`;
  const bad = logins.find((login) => !LOGIN.test(login));
  return bad === undefined ? null : `"${bad.slice(0, 40)}" is not a GitHub username.`;
}

/** Story points: a finite number, zero or more, with at most two decimals. */
export function estimateError(value: number): string | null {
  if (!Number.isFinite(value)) return "An estimate must be a number.";
  if (value < 0) return "An estimate cannot be negative.";
  // Scaled by 100 it must be whole; the tolerance absorbs binary fractions like 0.29 * 100.
  const scaled = value * 100;
  if (Math.abs(scaled - Math.round(scaled)) > 1e-9 * Math.max(1, Math.abs(scaled)))
    return "An estimate has at most two decimals.";
  return null;
}
