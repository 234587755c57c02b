import { type Database, type Executor, schema } from "@gantry/db";
import { priorityColorError, priorityNameError, rankBetween } from "@gantry/domain";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { BoardEventBus } from "../events/board-events.js";
import { GantryError } from "../graphql/errors.js";

import { requireWorkspace } from "../organizations/access.js";
import { uniqueOrConflict } from "../organizations/names.js";
import { recordIssueEvents } from "./activity.js";
import { type RepositoryKey, workspaceIssuesByInfo } from "./lookups.js";

const { issuePositions, priorities } = schema;

export type PriorityRow = typeof priorities.$inferSelect;
type PrioritiesDeps = { db: Database; events: BoardEventBus; now: () => Date };

const NAME_TAKEN = "A priority with this name already exists in this workspace.";
const NOT_FOUND = "This priority does not exist.";
/** Per request, as the bulk mutations cap theirs. */
export const MAX_PRIORITY_ISSUES = 100;

function valid(check: (value: string) => string | null, value: string, field: string): string {
  const message = check(value);
  if (message) throw new GantryError("BAD_USER_INPUT", message, { field });
  return value.trim();
}

const writeUnique = <T>(write: () => Promise<T>): Promise<T> => uniqueOrConflict(write, NAME_TAKEN);

/** The workspace's priorities, highest first: SPEC's rank 1 is the first. */
export function workspacePriorities(db: Executor, workspaceId: string): Promise<PriorityRow[]> {
  return db
    .select()
    .from(priorities)
    .where(eq(priorities.workspaceId, workspaceId))
    .orderBy(asc(sql`${priorities.rank} collate "C"`), asc(priorities.id));
}

/** The rank that puts a priority at `position` (0 = highest) among the others; past the end is last. */
function rankAt(others: PriorityRow[], position: number): string {
  const at = Math.max(0, Math.min(position, others.length));
  return rankBetween(others[at - 1]?.rank ?? null, others[at]?.rank ?? null);
}

async function issuesWithPriority(db: Executor, priorityId: string): Promise<string[]> {
  const rows = await db
    .select({ issueId: issuePositions.issueId })
    .from(issuePositions)
    .where(eq(issuePositions.priorityId, priorityId));
  return rows.map((row) => row.issueId);
}

async function announce(deps: PrioritiesDeps, userId: string, workspaceId: string, issueIds: string[]) {
  if (issueIds.length === 0) return;
  await deps.events.publish({ kind: "ISSUES_CHANGED", workspaceId, actorId: userId, clientMutationId: null, issueIds });
}

async function requirePriority(db: Executor, priorityId: string, userId: string, needed: "editor" | "admin") {
  const [priority] = await db.select().from(priorities).where(eq(priorities.id, priorityId));
  if (!priority) throw new GantryError("NOT_FOUND", NOT_FOUND);
  await requireWorkspace(db, priority.workspaceId, userId, needed);
  return priority;
}

export async function createPriority(
  deps: PrioritiesDeps,
  userId: string,
  input: { workspaceId: string; name: string; color: string; position: number | null },
): Promise<PriorityRow> {
  await requireWorkspace(deps.db, input.workspaceId, userId, "admin");
  const name = valid(priorityNameError, input.name, "name");
  const color = valid(priorityColorError, input.color, "color").toLowerCase();
  const others = await workspacePriorities(deps.db, input.workspaceId);
  const rank = rankAt(others, input.position ?? others.length);
  const [created] = await writeUnique(() =>
    deps.db.insert(priorities).values({ workspaceId: input.workspaceId, name, color, rank }).returning(),
  );
  if (!created) throw new Error("priority not stored");
  return created;
}

/** Renames, recolours or moves a priority; `position` counts from 0, the highest. */
export async function updatePriority(
  deps: PrioritiesDeps,
  userId: string,
  input: { priorityId: string; name: string | null; color: string | null; position: number | null },
): Promise<PriorityRow> {
  const priority = await requirePriority(deps.db, input.priorityId, userId, "admin");
  const name = input.name === null ? priority.name : valid(priorityNameError, input.name, "name");
  const color = input.color === null ? priority.color : valid(priorityColorError, input.color, "color").toLowerCase();
  let rank = priority.rank;
  if (input.position !== null) {
    const others = (await workspacePriorities(deps.db, priority.workspaceId)).filter((row) => row.id !== priority.id);
    rank = rankAt(others, input.position);
  }
  const [updated] = await writeUnique(() =>
    deps.db.update(priorities).set({ name, color, rank }).where(eq(priorities.id, priority.id)).returning(),
  );
  if (!updated) throw new GantryError("NOT_FOUND", NOT_FOUND);
  await announce(deps, userId, priority.workspaceId, await issuesWithPriority(deps.db, priority.id));
  return updated;
}

/** Deletes a priority; the issues that had it have none afterwards (the foreign key sets it null). */
export async function deletePriority(deps: PrioritiesDeps, userId: string, input: { priorityId: string }) {
  const priority = await requirePriority(deps.db, input.priorityId, userId, "admin");
  const holders = await issuesWithPriority(deps.db, priority.id);
  await deps.db.delete(priorities).where(eq(priorities.id, priority.id));
  await announce(deps, userId, priority.workspaceId, holders);
  return priority;
}

type IssueInfo = { repository: RepositoryKey; issueNumber: number };

function requireFewIssues(infos: IssueInfo[]) {
  if (infos.length === 0) throw new GantryError("BAD_USER_INPUT", "Name at least one issue.", { field: "issues" });
  if (infos.length > MAX_PRIORITY_ISSUES)
    throw new GantryError("BAD_USER_INPUT", `At most ${MAX_PRIORITY_ISSUES} issues at a time.`, { field: "issues" });
}

/**
 * Sets (or with `priorityId` null, clears) the priority of issues on one workspace's board,
 * all or none: an issue that is not on the board refuses the whole request.
 */
async function writeIssuePriorities(
  deps: PrioritiesDeps,
  userId: string,
  workspaceId: string,
  priorityId: string | null,
  infos: IssueInfo[],
  clientMutationId: string | null,
) {
  requireFewIssues(infos);
  const issueIds = await deps.db.transaction(async (tx) => {
    const found = await workspaceIssuesByInfo(tx, workspaceId, infos);
    const ids = [...new Set(found.map((issue) => issue.id))];
    const before = await tx
      .select({ issueId: issuePositions.issueId, name: priorities.name })
      .from(issuePositions)
      .leftJoin(priorities, eq(priorities.id, issuePositions.priorityId))
      .where(and(eq(issuePositions.workspaceId, workspaceId), inArray(issuePositions.issueId, ids)));
    const [after] = priorityId
      ? await tx.select({ name: priorities.name }).from(priorities).where(eq(priorities.id, priorityId))
      : [];
    const placed = await tx
      .update(issuePositions)
      .set({ priorityId })
      .where(and(eq(issuePositions.workspaceId, workspaceId), inArray(issuePositions.issueId, ids)))
      .returning({ issueId: issuePositions.issueId });
    if (placed.length !== ids.length)
      throw new GantryError("BAD_USER_INPUT", "Some of these issues are not in a pipeline of this workspace yet.");
    await recordIssueEvents(
      tx,
      before.map((row) => ({
        issueId: row.issueId,
        field: "priority" as const,
        from: row.name,
        to: after?.name ?? null,
        actorId: userId,
        workspaceId,
      })),
      deps.now(),
    );
    return ids;
  });
  await deps.events.publish({ kind: "ISSUES_CHANGED", workspaceId, actorId: userId, clientMutationId, issueIds });
  return { workspaceId, issueIds };
}

export async function setIssueInfoPriorities(
  deps: PrioritiesDeps,
  userId: string,
  input: { priorityId: string; issues: IssueInfo[]; clientMutationId: string | null },
) {
  const priority = await requirePriority(deps.db, input.priorityId, userId, "editor");
  return writeIssuePriorities(deps, userId, priority.workspaceId, priority.id, input.issues, input.clientMutationId);
}

export async function removeIssueInfoPriorities(
  deps: PrioritiesDeps,
  userId: string,
  input: { workspaceId: string; issues: IssueInfo[]; clientMutationId: string | null },
) {
  await requireWorkspace(deps.db, input.workspaceId, userId, "editor");
  return writeIssuePriorities(deps, userId, input.workspaceId, null, input.issues, input.clientMutationId);
}
