import { type Database, schema } from "@gantry/db";
import { epicDatesError } from "@gantry/domain";
import { eq } from "drizzle-orm";
import { GantryError } from "../graphql/errors.js";
import { requireIssueWriter } from "../issues/estimates.js";

const { epicDates, issues } = schema;

/**
 * updateEpicDates: a GitHub epic's start and end days, for the roadmap (decision 0029). Left-out
 * days keep their value, null clears one. Editors of any board showing the epic may change them,
 * as they may its estimate.
 */
export async function updateEpicDates(
  deps: { db: Database; now: () => Date },
  userId: string,
  input: { epicId: string; startOn?: string | null; endOn?: string | null },
) {
  await requireIssueWriter(deps.db, userId, input.epicId);
  const [epic] = await deps.db.select().from(issues).where(eq(issues.id, input.epicId));
  if (!epic?.isEpic) throw new GantryError("BAD_USER_INPUT", "This issue is not an epic.", { field: "epicId" });
  const [current] = await deps.db.select().from(epicDates).where(eq(epicDates.issueId, epic.id));
  const startOn = input.startOn === undefined ? (current?.startOn ?? null) : input.startOn;
  const endOn = input.endOn === undefined ? (current?.endOn ?? null) : input.endOn;
  const message = epicDatesError(startOn, endOn);
  if (message) throw new GantryError("BAD_USER_INPUT", message, { field: "endOn" });
  await deps.db
    .insert(epicDates)
    .values({ issueId: epic.id, startOn, endOn, updatedAt: deps.now() })
    .onConflictDoUpdate({ target: epicDates.issueId, set: { startOn, endOn, updatedAt: deps.now() } });
  return epic;
}
