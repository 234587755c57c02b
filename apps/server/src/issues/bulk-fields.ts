import { type Database, schema } from "@gantry/db";
import { estimateError } from "@gantry/domain";
import { and, eq, inArray } from "drizzle-orm";
import { type AuditOrigin, recordWorkspaceAuditEvent } from "../audit/record.js";
import { type BulkResult, MAX_ISSUES_PER_CALL } from "../board/issue-writes.js";
import type { BoardEventBus } from "../events/board-events.js";
import { boardsShowing, publishIssuesChanged, repositoryBoards } from "../events/issue-events.js";
import { GantryError } from "../graphql/errors.js";
import {
  permissionAtLeast,
  repositoryWorkspacesAccess,
  type WorkspaceAccess,
  workspaceAccess,
} from "../organizations/access.js";
import { recordIssueEvents } from "./activity.js";
import { estimateText } from "./estimates.js";

const { issues, repositories, sprints, sprintIssues, gantryEpics, gantryEpicIssues, releases, releaseIssues } = schema;

type IssueRow = typeof issues.$inferSelect;
export type Deps = { db: Database; events: BoardEventBus; now: () => Date };
export type Origin = { clientMutationId?: string | null };

const NO_SUCH_ISSUE = "This issue does not exist.";
const CANNOT_EDIT = "You cannot edit this issue.";

/** A visible issue with the workspaces showing it and the person's access to each. */
export interface ShownIssue {
  issue: IssueRow;
  workspaces: { workspaceId: string; access: WorkspaceAccess | null }[];
}

export const mayEditIn = (shown: ShownIssue, workspaceId?: string) =>
  shown.workspaces.some(
    (entry) =>
      (workspaceId === undefined || entry.workspaceId === workspaceId) &&
      permissionAtLeast(entry.access?.permission ?? null, "editor"),
  );

/**
 * The asked-for issues the person can see, in the order asked. Missing and invisible ones are
 * answered alike ("No such issue.") so ids do not reveal what exists; none visible is NOT_FOUND.
 */
export async function visibleIssues(db: Database, userId: string, issueIds: string[], result: BulkResult) {
  if (issueIds.length > MAX_ISSUES_PER_CALL) {
    throw new GantryError("BAD_USER_INPUT", `At most ${MAX_ISSUES_PER_CALL} issues can be changed at once.`, {
      field: "issueIds",
    });
  }
  const rows = issueIds.length ? await db.select().from(issues).where(inArray(issues.id, issueIds)) : [];
  const shown: ShownIssue[] = [];
  for (const id of new Set(issueIds)) {
    const issue = rows.find((row) => row.id === id);
    const workspaces = issue ? await repositoryWorkspacesAccess(db, issue.repositoryId, userId) : [];
    if (issue && workspaces.some(({ access }) => access?.permission)) shown.push({ issue, workspaces });
    else result.githubErrors[id] = "No such issue.";
  }
  if (issueIds.length > 0 && shown.length === 0) throw new GantryError("NOT_FOUND", NO_SUCH_ISSUE);
  return shown;
}

/** The issues the person may change; the others are answered in failedIssues. */
export function writableOnly(result: BulkResult, shown: ShownIssue[], mayWrite: (entry: ShownIssue) => boolean) {
  const writable: ShownIssue[] = [];
  for (const entry of shown) {
    if (mayWrite(entry)) writable.push(entry);
    else {
      result.failedIssues.push(entry.issue);
      result.githubErrors[entry.issue.id] = CANNOT_EDIT;
    }
  }
  return writable;
}

export async function tellBoards(deps: Deps, userId: string, issueIds: string[], origin: Origin) {
  await publishIssuesChanged(deps.events, await boardsShowing(deps.db, issueIds), {
    actorId: userId,
    clientMutationId: origin.clientMutationId ?? null,
  });
}

export const emptyResult = (): BulkResult => ({ successCount: 0, failedIssues: [], githubErrors: {} });

/** setMultipleEstimates: the same story points (null clears them) on every issue the person may edit. */
export async function setMultipleEstimates(
  deps: Deps,
  userId: string,
  input: { issueIds: string[]; value: number | null } & Origin,
): Promise<BulkResult & { issues: IssueRow[] }> {
  if (input.value !== null) {
    const message = estimateError(input.value);
    if (message) throw new GantryError("BAD_USER_INPUT", message, { field: "value" });
  }
  const result = emptyResult();
  const shown = await visibleIssues(deps.db, userId, input.issueIds, result);
  const ids = writableOnly(result, shown, (entry) => mayEditIn(entry)).map(({ issue }) => issue.id);
  // Each change is on the issue's timeline, as setEstimate's is: reports replay estimates from it.
  const updated = ids.length
    ? await deps.db.transaction(async (tx) => {
        const before = await tx
          .select({ id: issues.id, estimate: issues.estimate })
          .from(issues)
          .where(inArray(issues.id, ids))
          .for("update");
        const rows = await tx
          .update(issues)
          .set({ estimate: input.value, updatedAt: deps.now() })
          .where(inArray(issues.id, ids))
          .returning();
        await recordIssueEvents(
          tx,
          before.map((issue) => ({
            issueId: issue.id,
            field: "estimate" as const,
            from: estimateText(issue.estimate),
            to: estimateText(input.value),
            actorId: userId,
          })),
          deps.now(),
        );
        return rows;
      })
    : [];
  result.successCount = updated.length;
  await tellBoards(deps, userId, ids, input);
  return { ...result, issues: updated };
}

/** The workspace-scoped things issues are added to and removed from in bulk, and their timeline field. */
const targetKinds = {
  sprint: {
    table: sprints,
    links: sprintIssues,
    linkColumn: sprintIssues.sprintId,
    label: "sprint",
    eventField: "sprint",
  },
  gantryEpic: {
    table: gantryEpics,
    links: gantryEpicIssues,
    linkColumn: gantryEpicIssues.gantryEpicId,
    label: "epic",
    eventField: "epic",
  },
  release: {
    table: releases,
    links: releaseIssues,
    linkColumn: releaseIssues.releaseId,
    label: "release",
    eventField: "release",
  },
} as const;

/** A sprint's name, an epic's or release's title: what the timeline says was added or removed. */
const targetName = (target: { name: string } | { title: string }) => ("name" in target ? target.name : target.title);

export type TargetKind = keyof typeof targetKinds;
export type TargetRow<K extends TargetKind> = (typeof targetKinds)[K]["table"]["$inferSelect"];

const linkRow = (kind: TargetKind, targetId: string, issueId: string) =>
  kind === "sprint"
    ? { sprintId: targetId, issueId }
    : kind === "release"
      ? { releaseId: targetId, issueId }
      : { gantryEpicId: targetId, issueId };

/**
 * Adds issues to (or removes them from) sprints, releases or Gantry epics. Every target must be one the
 * person can see, and its workspace must show every visible issue: otherwise nothing is written.
 * An issue goes to failedIssues when the person cannot edit in some target's workspace.
 */
export async function changeMembership<K extends TargetKind>(
  deps: Deps,
  userId: string,
  kind: K,
  change: "add" | "remove",
  input: { issueIds: string[]; targetIds: string[] } & Origin,
): Promise<BulkResult & { targets: TargetRow<K>[]; issueIds: string[] }> {
  const { table, links, linkColumn, label, eventField } = targetKinds[kind];
  const targetIds = [...new Set(input.targetIds)];
  if (targetIds.length === 0)
    throw new GantryError("BAD_USER_INPUT", `Choose at least one ${label}.`, { field: `${kind}Ids` });
  const result = emptyResult();
  const shown = await visibleIssues(deps.db, userId, input.issueIds, result);
  const targets = (await deps.db.select().from(table).where(inArray(table.id, targetIds))) as TargetRow<K>[];
  const seen = await Promise.all(
    targets.map(async (target) => (await workspaceAccess(deps.db, target.workspaceId, userId))?.permission),
  );
  if (targets.length !== targetIds.length || seen.some((permission) => !permission))
    throw new GantryError("NOT_FOUND", `This ${label} does not exist.`, { field: `${kind}Ids` });
  for (const entry of shown) {
    if (targets.some((target) => !entry.workspaces.some(({ workspaceId }) => workspaceId === target.workspaceId))) {
      throw new GantryError(
        "BAD_USER_INPUT",
        `Issue #${entry.issue.number} is not on the board of every chosen ${label}'s workspace.`,
        { field: "issueIds" },
      );
    }
  }
  const ids = writableOnly(result, shown, (entry) =>
    targets.every((target) => mayEditIn(entry, target.workspaceId)),
  ).map(({ issue }) => issue.id);
  if (ids.length) {
    await deps.db.transaction(async (tx) => {
      const existing = await tx
        .select({ targetId: linkColumn, issueId: links.issueId })
        .from(links)
        .where(and(inArray(linkColumn, targetIds), inArray(links.issueId, ids)));
      const linked = (targetId: string, issueId: string) =>
        existing.some((link) => link.targetId === targetId && link.issueId === issueId);
      await recordIssueEvents(
        tx,
        targets.flatMap((target) =>
          ids
            .filter((issueId) => linked(target.id, issueId) === (change === "remove"))
            .map((issueId) => ({
              issueId,
              field: eventField,
              from: change === "remove" ? targetName(target) : null,
              to: change === "add" ? targetName(target) : null,
              actorId: userId,
              workspaceId: target.workspaceId,
            })),
        ),
        deps.now(),
      );
      if (change === "add") {
        await tx
          .insert(links)
          .values(targets.flatMap((target) => ids.map((issueId) => linkRow(kind, target.id, issueId))))
          .onConflictDoNothing();
      } else {
        await tx.delete(links).where(and(inArray(linkColumn, targetIds), inArray(links.issueId, ids)));
      }
    });
  }
  result.successCount = ids.length;
  await tellBoards(deps, userId, ids, input);
  return { ...result, targets, issueIds: ids };
}

/** deleteGantryIssue: removes a native issue for good; GitHub issues are closed instead. */
export async function deleteGantryIssue(
  deps: Deps,
  userId: string,
  input: { issueId: string } & Origin,
  origin: AuditOrigin | null = null,
) {
  const [row] = await deps.db
    .select({ issue: issues, nativeWorkspaceId: repositories.nativeWorkspaceId })
    .from(issues)
    .innerJoin(repositories, eq(repositories.id, issues.repositoryId))
    .where(eq(issues.id, input.issueId));
  const workspaces = row ? await repositoryWorkspacesAccess(deps.db, row.issue.repositoryId, userId) : [];
  if (!row || !workspaces.some(({ access }) => access?.permission)) throw new GantryError("NOT_FOUND", NO_SUCH_ISSUE);
  const { nativeWorkspaceId } = row;
  if (nativeWorkspaceId === null)
    throw new GantryError("BAD_USER_INPUT", "Only Gantry issues can be deleted; close GitHub issues instead.", {
      field: "issueId",
    });
  if (!mayEditIn({ issue: row.issue, workspaces }, nativeWorkspaceId))
    throw new GantryError("FORBIDDEN", "You do not have permission to do this in this workspace.");
  // Asked before the delete: afterwards the issue no longer links to any board.
  const audience = await repositoryBoards(deps.db, row.issue.repositoryId, [row.issue.id]);
  await deps.db.transaction(async (tx) => {
    await tx.delete(issues).where(eq(issues.id, row.issue.id));
    await recordWorkspaceAuditEvent(tx, nativeWorkspaceId, {
      action: "issue.deleted",
      actor: { id: userId },
      target: { type: "issue", id: row.issue.id, label: `#${row.issue.number} ${row.issue.title}` },
      origin,
      occurredAt: deps.now(),
    });
  });
  await publishIssuesChanged(deps.events, audience, {
    actorId: userId,
    clientMutationId: input.clientMutationId ?? null,
  });
  return row.issue.id;
}
