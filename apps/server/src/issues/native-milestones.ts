import { type Database, type Executor, schema } from "@gantry/db";
import { releaseDescriptionError } from "@gantry/domain";
import { and, asc, eq, sql } from "drizzle-orm";
import { GantryError } from "../graphql/errors.js";
import { repositoryWorkspacesAccess, requireWorkspace } from "../organizations/access.js";
import { isUniqueViolation } from "../organizations/names.js";

const { nativeMilestones, repositories } = schema;

/** GitHub's limit for a milestone's title, kept so both kinds hold the same titles. */
export const MAX_MILESTONE_TITLE_LENGTH = 255;
const TITLE_TAKEN = "A milestone with this title already exists in this repository.";
const ON_GITHUB = "Milestones of GitHub repositories are created on GitHub; Gantry lists them from there.";

export type NativeMilestoneRow = typeof nativeMilestones.$inferSelect;
/** The shape an issue's `milestone` column keeps, for GitHub's milestones and these alike. */
export type MilestoneRef = { number: number; title: string };

export function milestoneTitleError(title: string): string | null {
  const trimmed = title.trim();
  if (trimmed.length === 0) return "A milestone needs a title.";
  if ([...trimmed].length > MAX_MILESTONE_TITLE_LENGTH)
    return `Milestone titles are at most ${MAX_MILESTONE_TITLE_LENGTH} characters.`;
  return null;
}

export interface CreateMilestoneInput {
  repositoryId: string;
  title: string;
  description: string | null;
  /** A day, YYYY-MM-DD (the ISO8601Date scalar has checked it). */
  dueOn: string | null;
  /** Gantry's own planning date (decision 0085). */
  startDate: Date | null;
}

/**
 * A milestone of a workspace's Gantry repository (decision 0028), made by an editor of that
 * workspace. Numbered max + 1 within the repository, like GitHub's, with the repository row
 * locked so two creations never take one number; titles are unique ignoring case.
 */
export async function createNativeMilestone(
  db: Database,
  userId: string,
  input: CreateMilestoneInput,
): Promise<NativeMilestoneRow> {
  const [repository] = await db.select().from(repositories).where(eq(repositories.id, input.repositoryId));
  // Someone who cannot open the repository learns nothing about it, not even that it is GitHub's.
  const access = repository ? await repositoryWorkspacesAccess(db, repository.id, userId) : [];
  if (!repository || !access.some((entry) => entry.access?.permission))
    throw new GantryError("NOT_FOUND", "This repository does not exist.");
  if (!repository.nativeWorkspaceId) throw new GantryError("BAD_USER_INPUT", ON_GITHUB, { field: "repositoryId" });
  await requireWorkspace(db, repository.nativeWorkspaceId, userId, "editor");
  const titleError = milestoneTitleError(input.title);
  if (titleError) throw new GantryError("BAD_USER_INPUT", titleError, { field: "title" });
  const descriptionError = releaseDescriptionError(input.description ?? "");
  if (descriptionError) throw new GantryError("BAD_USER_INPUT", descriptionError, { field: "description" });
  const title = input.title.trim();
  try {
    return await db.transaction(async (tx) => {
      await tx
        .select({ id: repositories.id })
        .from(repositories)
        .where(eq(repositories.id, repository.id))
        .for("update");
      const [taken] = await tx
        .select({ id: nativeMilestones.id })
        .from(nativeMilestones)
        .where(
          and(
            eq(nativeMilestones.repositoryId, repository.id),
            sql`lower(${nativeMilestones.title}) = lower(${title})`,
          ),
        );
      if (taken) throw new GantryError("CONFLICT", TITLE_TAKEN, { field: "title" });
      const [last] = await tx
        .select({ number: sql<number>`coalesce(max(${nativeMilestones.number}), 0)::int` })
        .from(nativeMilestones)
        .where(eq(nativeMilestones.repositoryId, repository.id));
      const [created] = await tx
        .insert(nativeMilestones)
        .values({
          repositoryId: repository.id,
          number: (last?.number ?? 0) + 1,
          title,
          description: input.description || null,
          dueOn: input.dueOn,
          startDate: input.startDate,
        })
        .returning();
      if (!created) throw new Error("the new milestone was not stored");
      return created;
    });
  } catch (error) {
    // The unique index stays the last word, should a title slip past the check.
    if (isUniqueViolation(error)) throw new GantryError("CONFLICT", TITLE_TAKEN, { field: "title" });
    throw error;
  }
}

/** The open milestones of a Gantry repository, as the sidebar's picker offers them. */
export async function openNativeMilestones(db: Executor, repositoryId: string): Promise<MilestoneRef[]> {
  return db
    .select({ number: nativeMilestones.number, title: nativeMilestones.title })
    .from(nativeMilestones)
    .where(and(eq(nativeMilestones.repositoryId, repositoryId), eq(nativeMilestones.state, "open")))
    .orderBy(asc(nativeMilestones.number));
}

/**
 * What a native issue stores for milestone `number` of its Gantry repository: the same
 * `{ number, title }` a GitHub issue keeps, so the board's milestone filter (by title), cards and
 * timeline treat both alike. Null clears it; an unknown number is refused.
 */
export async function nativeMilestoneRef(
  db: Executor,
  repositoryId: string,
  number: number | null,
): Promise<MilestoneRef | null> {
  if (number === null) return null;
  const [found] = await db
    .select({ number: nativeMilestones.number, title: nativeMilestones.title })
    .from(nativeMilestones)
    .where(and(eq(nativeMilestones.repositoryId, repositoryId), eq(nativeMilestones.number, number)));
  if (!found)
    throw new GantryError("BAD_USER_INPUT", `This workspace has no milestone #${number}.`, { field: "milestone" });
  return found;
}
