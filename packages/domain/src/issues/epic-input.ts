import { dateInputError } from "./field-input.js";
import { MAX_ISSUE_TITLE_LENGTH } from "./issue-input.js";

/** Gantry epics take the same title limit as issues, so one can become the other. */
export function epicTitleError(title: string): string | null {
  const length = [...title.trim()].length;
  if (length === 0) return "An epic needs a title.";
  if (length > MAX_ISSUE_TITLE_LENGTH) return `Titles are at most ${MAX_ISSUE_TITLE_LENGTH} characters.`;
  return null;
}

/** Both days valid (or absent) and the end not before the start; ISO days compare as strings. */
export function epicDatesError(startOn: string | null, endOn: string | null): string | null {
  const invalid = [startOn, endOn].map((day) => (day === null ? null : dateInputError(day))).find(Boolean);
  if (invalid) return invalid;
  return startOn !== null && endOn !== null && endOn < startOn ? "An epic cannot end before it starts." : null;
}
