/**
 * Rules for a workspace's issue fields — priorities, releases, the estimate scale — checked in
 * the settings forms as people type and again by the server, so both say the same thing.
 */
import { estimateError } from "./issue-input.js";

export const MAX_PRIORITY_NAME_LENGTH = 50;
export const MAX_RELEASE_TITLE_LENGTH = 256;
export const MAX_RELEASE_DESCRIPTION_LENGTH = 5000;
/** The reference's default point scale, offered until a workspace admin changes it. */
export const DEFAULT_ESTIMATE_SET: readonly number[] = [1, 2, 3, 5, 8, 13, 21, 40];
export const MAX_ESTIMATE_SET_VALUES = 30;
/** SPEC §5. */
export const INVALID_DATE_MESSAGE = "Invalid date format. Expected YYYY-MM-DD.";

export function priorityNameError(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed.length === 0) return "A priority needs a name.";
  if ([...trimmed].length > MAX_PRIORITY_NAME_LENGTH)
    return `Priority names are at most ${MAX_PRIORITY_NAME_LENGTH} characters.`;
  return null;
}

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

export function priorityColorError(color: string): string | null {
  return HEX_COLOR.test(color) ? null : "A color is written #RRGGBB, for example #d1242f.";
}

export function releaseTitleError(title: string): string | null {
  const trimmed = title.trim();
  if (trimmed.length === 0) return "A release needs a title.";
  if ([...trimmed].length > MAX_RELEASE_TITLE_LENGTH)
    return `Release titles are at most ${MAX_RELEASE_TITLE_LENGTH} characters.`;
  return null;
}

export function releaseDescriptionError(description: string): string | null {
  return description.length > MAX_RELEASE_DESCRIPTION_LENGTH
    ? `Descriptions are at most ${MAX_RELEASE_DESCRIPTION_LENGTH} characters.`
    : null;
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** SPEC §5: a calendar day written YYYY-MM-DD; 2026-02-30 is not one. */
export function dateInputError(value: string): string | null {
  const match = ISO_DAY.exec(value);
  if (!match) return INVALID_DATE_MESSAGE;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? null : INVALID_DATE_MESSAGE;
}

/** Both days valid (or absent), and the end not before the start. ISO days compare as strings. */
export function releaseDatesError(startOn: string | null, endOn: string | null): string | null {
  for (const day of [startOn, endOn]) {
    const error = day === null ? null : dateInputError(day);
    if (error) return error;
  }
  if (startOn !== null && endOn !== null && endOn < startOn) return "A release cannot end before it starts.";
  return null;
}

/** A scale value must be a valid estimate; the scale is kept sorted without repeats. */
export function estimateSetWith(values: readonly number[], value: number): { values: number[]; error: string | null } {
  const error = estimateError(value);
  if (error) return { values: [...values], error };
  if (values.includes(value)) return { values: [...values], error: null };
  if (values.length >= MAX_ESTIMATE_SET_VALUES)
    return { values: [...values], error: `A scale has at most ${MAX_ESTIMATE_SET_VALUES} values.` };
  return { values: [...values, value].sort((a, b) => a - b), error: null };
}

export function estimateSetWithout(values: readonly number[], value: number): number[] {
  return values.filter((kept) => kept !== value);
}
