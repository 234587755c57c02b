import { type Executor, schema } from "@gantry/db";
import { releaseDescriptionError } from "@gantry/domain";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { type BulkResult, type IssueWriteDeps, patches, requireGitHub, updateIssues } from "../board/issue-writes.js";
import { gitHubError } from "../codehost/errors.js";
import { clientForUser } from "../codehost/repositories.js";
import { boardsShowing, publishIssuesChanged } from "../events/issue-events.js";
import { GantryError } from "../graphql/errors.js";
import { milestoneTitleError } from "../issues/native-milestones.js";
import { permissionAtLeast, repositoryWorkspacesAccess } from "../organizations/access.js";
import { isUniqueViolation } from "../organizations/names.js";
import { keepGitHubMilestone, type MilestoneRecord, milestoneRecordById } from "./milestone-records.js";

const { githubMilestones, issues, nativeMilestones, repositories } = schema;

const MISSING = "This milestone does not exist.";
const TITLE_TAKEN = "A milestone with this title already exists in this repository.";

/** Whether the person may read milestones of the repository: they can open a workspace showing it. */
export async function canReadRepositoryMilestones(db: Executor, userId: string, repositoryId: string) {
  const access = await repositoryWorkspacesAccess(db, repositoryId, userId);
  return access.some((entry) => entry.access?.permission);
}

/**
 * The milestone with this id, for someone who may change it: an editor of a workspace showing its repository.
 * Someone who cannot open the repository is told it does not exist, as for an unknown id.
 */
async function writableMilestone(db: Executor, userId: string, milestoneId: string) {
  const record = await milestoneRecordById(db, milestoneId);
  const access = record ? await repositoryWorkspacesAccess(db, record.repositoryId, userId) : [];
  if (!record || !access.some((entry) => entry.access?.permission)) throw new GantryError("NOT_FOUND", MISSING);
  if (!access.some((entry) => permissionAtLeast(entry.access?.permission ?? null, "editor")))
    throw new GantryError(
      "FORBIDDEN",
      "Only editors of a workspace showing this repository can change its milestones.",
    );
  const [repository] = await db.select().from(repositories).where(eq(repositories.id, record.repositoryId));
  if (!repository) throw new GantryError("NOT_FOUND", MISSING);
  return { record, repository };
}

export interface MilestoneChange {
  title?: string | null;
  description?: string | null;
  state?: "open" | "closed" | null;
  dueOn?: Date | null;
  startDate?: Date | null;
}

/** Refuses what neither GitHub nor Gantry would keep, before anything is written. */
function checkChange(change: MilestoneChange): void {
  const titleError = change.title == null ? null : milestoneTitleError(change.title);
  if (titleError) throw new GantryError("BAD_USER_INPUT", titleError, { field: "title" });
  const descriptionError = change.description == null ? null : releaseDescriptionError(change.description);
  if (descriptionError) throw new GantryError("BAD_USER_INPUT", descriptionError, { field: "description" });
}

/** Cards carry a copy of their milestone's title: a rename is written into every issue carrying it. */
async function retitleCarried(tx: Executor, record: MilestoneRecord, title: string): Promise<string[]> {
  const rows = await tx
    .update(issues)
    .set({ milestone: { number: record.number, title } })
    .where(
      and(eq(issues.repositoryId, record.repositoryId), sql`(${issues.milestone}->>'number')::int = ${record.number}`),
    )
    .returning({ id: issues.id });
  return rows.map((row) => row.id);
}

/** A deleted milestone leaves its issues, as GitHub's do. */
async function clearCarried(tx: Executor, record: MilestoneRecord): Promise<string[]> {
  const rows = await tx
    .update(issues)
    .set({ milestone: null })
    .where(
      and(eq(issues.repositoryId, record.repositoryId), sql`(${issues.milestone}->>'number')::int = ${record.number}`),
    )
    .returning({ id: issues.id });
  return rows.map((row) => row.id);
}

/** Tells the boards showing the issues that their cards changed (the milestone's title, or no milestone). */
async function publishCarried(deps: IssueWriteDeps, userId: string, issueIds: string[]) {
  await publishIssuesChanged(deps.events, await boardsShowing(deps.db, issueIds), { actorId: userId });
}

/**
 * Changes a milestone (decision 0085): a Gantry repository's in Gantry; a GitHub repository's on GitHub first,
 * with the person's GitHub account (GitHub's refusal leaves Gantry unchanged), then Gantry's copy of GitHub's
 * answer. The start date is Gantry's own for both.
 */
export async function updateMilestone(
  deps: IssueWriteDeps,
  userId: string,
  milestoneId: string,
  change: MilestoneChange,
): Promise<MilestoneRecord> {
  const { record, repository } = await writableMilestone(deps.db, userId, milestoneId);
  checkChange(change);
  const title = change.title?.trim();
  const now = deps.now();
  const closedAt = change.state == null ? undefined : change.state === "closed" ? (record.closedAt ?? now) : null;
  let retitled: string[] = [];
  if (record.native) {
    try {
      await deps.db.transaction(async (tx) => {
        if (title !== undefined) {
          const [taken] = await tx
            .select({ id: nativeMilestones.id })
            .from(nativeMilestones)
            .where(
              and(
                eq(nativeMilestones.repositoryId, record.repositoryId),
                ne(nativeMilestones.id, record.id),
                sql`lower(${nativeMilestones.title}) = lower(${title})`,
              ),
            );
          if (taken) throw new GantryError("CONFLICT", TITLE_TAKEN, { field: "title" });
          retitled = await retitleCarried(tx, record, title);
        }
        await tx
          .update(nativeMilestones)
          .set({
            updatedAt: now,
            ...(title === undefined ? {} : { title }),
            ...(change.description === undefined ? {} : { description: change.description || null }),
            ...(change.state == null ? {} : { state: change.state, closedAt }),
            ...(change.dueOn === undefined ? {} : { dueOn: change.dueOn?.toISOString().slice(0, 10) ?? null }),
            ...(change.startDate === undefined ? {} : { startDate: change.startDate }),
          })
          .where(eq(nativeMilestones.id, record.id));
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new GantryError("CONFLICT", TITLE_TAKEN, { field: "title" });
      throw error;
    }
  } else {
    const onGitHub = {
      ...(title === undefined ? {} : { title }),
      ...(change.description === undefined ? {} : { description: change.description ?? "" }),
      ...(change.state == null ? {} : { state: change.state }),
      // GitHub clears the due date on null, which Octokit's types do not say.
      ...(change.dueOn === undefined ? {} : { due_on: (change.dueOn?.toISOString() ?? null) as string }),
    };
    const answer = Object.keys(onGitHub).length
      ? await (async () => {
          const { client } = await clientForUser(requireGitHub(deps), userId);
          try {
            const { data } = await client.rest.issues.updateMilestone({
              owner: repository.ownerLogin,
              repo: repository.name,
              milestone_number: record.number,
              ...onGitHub,
            });
            return data;
          } catch (error) {
            throw gitHubError(error);
          }
        })()
      : null;
    await deps.db.transaction(async (tx) => {
      if (answer) {
        await keepGitHubMilestone(tx, record.repositoryId, answer, now);
        if (answer.title !== record.title) retitled = await retitleCarried(tx, record, answer.title);
      }
      if (change.startDate !== undefined)
        await tx
          .update(githubMilestones)
          .set({ startDate: change.startDate, updatedAt: now })
          .where(eq(githubMilestones.id, record.id));
    });
  }
  await publishCarried(deps, userId, retitled);
  const changed = await milestoneRecordById(deps.db, record.id);
  if (!changed) throw new GantryError("NOT_FOUND", MISSING);
  return changed;
}

/**
 * Deletes a milestone (on GitHub first for a GitHub repository's); its issues keep no milestone. Answers the
 * milestone as it was.
 */
export async function deleteMilestone(deps: IssueWriteDeps, userId: string, milestoneId: string) {
  const { record, repository } = await writableMilestone(deps.db, userId, milestoneId);
  if (!record.native) {
    const { client } = await clientForUser(requireGitHub(deps), userId);
    try {
      await client.rest.issues.deleteMilestone({
        owner: repository.ownerLogin,
        repo: repository.name,
        milestone_number: record.number,
      });
    } catch (error) {
      // Already gone on GitHub: Gantry's copy goes too.
      if ((error as { status?: number }).status !== 404) throw gitHubError(error);
    }
  }
  const cleared = await deps.db.transaction(async (tx) => {
    const carrying = await clearCarried(tx, record);
    const table = record.native ? nativeMilestones : githubMilestones;
    await tx.delete(table).where(eq(table.id, record.id));
    return carrying;
  });
  await publishCarried(deps, userId, cleared);
  return record;
}

/** The bulk answer for issues a milestone cannot go on: they are in another repository. */
const OTHER_REPOSITORY = "The milestone belongs to another repository than this issue's.";

/**
 * Puts the milestone on the issues of its repository, as setIssuesMilestone does (on GitHub for GitHub
 * issues); issues of other repositories are answered in failedIssues, as a milestone is its repository's.
 */
export async function addMilestoneToIssues(
  deps: IssueWriteDeps,
  userId: string,
  milestoneId: string,
  issueIds: string[],
): Promise<BulkResult> {
  const record = await milestoneRecordById(deps.db, milestoneId);
  if (!record || !(await canReadRepositoryMilestones(deps.db, userId, record.repositoryId)))
    throw new GantryError("NOT_FOUND", MISSING);
  const elsewhere =
    issueIds.length === 0
      ? []
      : await deps.db
          .select({ issue: issues })
          .from(issues)
          .where(and(inArray(issues.id, issueIds), ne(issues.repositoryId, record.repositoryId)));
  const others = new Set(elsewhere.map((row) => row.issue.id));
  const result = await updateIssues(
    deps,
    userId,
    issueIds.filter((id) => !others.has(id)),
    patches.setMilestone(record.number),
  );
  for (const { issue } of elsewhere) {
    // Only issues the person can open are named; the rest are missing, as updateIssues answers them.
    if (await canReadRepositoryMilestones(deps.db, userId, issue.repositoryId)) {
      result.failedIssues.push(issue);
      result.githubErrors[issue.id] = OTHER_REPOSITORY;
    } else result.githubErrors[issue.id] = "No such issue.";
  }
  return result;
}

/** Gantry's own start date of a milestone (GitHub has none); null clears it. */
export async function setMilestoneStartDate(
  deps: IssueWriteDeps,
  userId: string,
  milestoneId: string,
  startDate: Date | null,
): Promise<MilestoneRecord> {
  const { record } = await writableMilestone(deps.db, userId, milestoneId);
  const table = record.native ? nativeMilestones : githubMilestones;
  await deps.db.update(table).set({ startDate, updatedAt: deps.now() }).where(eq(table.id, record.id));
  return (await milestoneRecordById(deps.db, record.id)) ?? { ...record, startDate };
}
