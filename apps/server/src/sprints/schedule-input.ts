import { localDay } from "@gantry/domain";
import { GantryError } from "../graphql/errors.js";

/** The reference's ways to give a schedule; Gantry's sprints are whole weeks only. */
export type SprintConfigKind = "weekly" | "monthly";

/** HH:mm:ss of an instant in a zone: the reference gives times of day as instants "in UTC to be converted". */
export function localTimeOf(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).format(at);
}

/**
 * Where a schedule starting at an instant starts in its zone: the local day and time of day Gantry stores
 * (decision 0102), so later sprints keep that local time across daylight-saving changes.
 */
export function localStartOf(at: Date, timeZone: string): { startOn: string; startTime: string } {
  return { startOn: localDay(at, timeZone), startTime: localTimeOf(at, timeZone) };
}

/**
 * The reference's `kind` and `endOnTime` where Gantry's schedule has no room for them: weeks only, and a sprint
 * ends the moment the next one starts, so an end time must be the start time.
 */
export function checkKindAndEndTime(
  kind: SprintConfigKind | null,
  startTime: string,
  endOnTime: Date | null,
  timeZone: string,
): void {
  if (kind === "monthly")
    throw new GantryError("BAD_USER_INPUT", "Gantry's sprints last whole weeks: monthly sprints are not offered.", {
      field: "kind",
    });
  if (endOnTime !== null && localTimeOf(endOnTime, timeZone) !== startTime)
    throw new GantryError(
      "BAD_USER_INPUT",
      "A Gantry sprint ends when the next one starts: the end time must be the start time.",
      { field: "endOnTime" },
    );
}
