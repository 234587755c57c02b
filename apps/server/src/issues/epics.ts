import { type Database, schema } from "@gantry/db";
import { epicDatesError, epicTitleError, issueBodyError } from "@gantry/domain";
import { and, eq, inArray } from "drizzle-orm";
import type { BulkResult } from "../board/issue-writes.js";
import { publishIssuesChanged } from "../events/issue-events.js";
import { GantryError } from "../graphql/errors.js";
import { requireWorkspace, workspaceAccess } from "../organizations/access.js";
import { recordIssueEvents } from "./activity.js";
import {
  type Deps,
  emptyResult,
  mayEditIn,
  type Origin,
  type ShownIssue,
  tellBoards,
  visibleIssues,
  writableOnly,
} from "./bulk-fields.js";
import { issueLabel } from "./relations.js";

const { epicIssues, gantryEpicIssues, gantryEpics, issues } = schema;

export type GantryEpicRow = typeof gantryEpics.$inferSelect;

function check(message: string | null, field: string) {
  if (message) throw new GantryError("BAD_USER_INPUT", message, { field });
}

async function epicIssueIds(db: Database, gantryEpicId: string) {
  const rows = await db
    .select({ issueId: gantryEpicIssues.issueId })
    .from(gantryEpicIssues)
    .where(eq(gantryEpicIssues.gantryEpicId, gantryEpicId));
  return rows.map((row) => row.issueId);
}

/** Cards show their epics' titles, so the epic's issues are redrawn on its board. */
async function tellEpicBoard(deps: Deps, userId: string, epic: GantryEpicRow, issueIds: string[], origin: Origin) {
  if (issueIds.length === 0) return;
  await publishIssuesChanged(deps.events, new Map([[epic.workspaceId, issueIds]]), {
    actorId: userId,
    clientMutationId: origin.clientMutationId ?? null,
  });
}

/** A Gantry epic for an editor of its workspace; people who cannot see the workspace are told it does not exist. */
async function editableGantryEpic(db: Database, userId: string, gantryEpicId: string) {
  const [epic] = await db.select().from(gantryEpics).where(eq(gantryEpics.id, gantryEpicId));
  const access = epic ? await workspaceAccess(db, epic.workspaceId, userId) : null;
  if (!epic || !access?.permission) throw new GantryError("NOT_FOUND", "This epic does not exist.");
  await requireWorkspace(db, epic.workspaceId, userId, "editor");
  return epic;
}

export async function createGantryEpic(
  deps: Deps,
  userId: string,
  input: { workspaceId: string; title: string; body: string | null } & Origin,
): Promise<GantryEpicRow> {
  check(epicTitleError(input.title), "title");
  check(issueBodyError(input.body ?? ""), "body");
  await requireWorkspace(deps.db, input.workspaceId, userId, "editor");
  const [epic] = await deps.db
    .insert(gantryEpics)
    .values({ workspaceId: input.workspaceId, title: input.title.trim(), body: input.body ?? "", createdBy: userId })
    .returning();
  if (!epic) throw new Error("epic not stored");
  return epic;
}

/** updateGantryEpic, updateGantryEpicDates and updateGantryEpicState: what is left out stays; null clears a date. */
export async function updateGantryEpic(
  deps: Deps,
  userId: string,
  input: {
    gantryEpicId: string;
    title?: string | null;
    body?: string | null;
    startOn?: string | null;
    endOn?: string | null;
    state?: GantryEpicRow["state"];
  } & Origin,
): Promise<GantryEpicRow> {
  if (input.title !== undefined && input.title !== null) check(epicTitleError(input.title), "title");
  if (input.body) check(issueBodyError(input.body), "body");
  const epic = await editableGantryEpic(deps.db, userId, input.gantryEpicId);
  const startOn = input.startOn === undefined ? epic.startOn : input.startOn;
  const endOn = input.endOn === undefined ? epic.endOn : input.endOn;
  check(epicDatesError(startOn, endOn), "endOn");
  const [updated] = await deps.db
    .update(gantryEpics)
    .set({
      title: input.title?.trim() || epic.title,
      body: input.body ?? epic.body,
      startOn,
      endOn,
      state: input.state ?? epic.state,
      updatedAt: deps.now(),
    })
    .where(eq(gantryEpics.id, epic.id))
    .returning();
  if (!updated) throw new GantryError("NOT_FOUND", "This epic does not exist.");
  await tellEpicBoard(deps, userId, updated, await epicIssueIds(deps.db, epic.id), input);
  return updated;
}

/** deleteGantryEpic: the epic goes; its issues stay on the board without it. */
export async function deleteGantryEpic(deps: Deps, userId: string, input: { gantryEpicId: string } & Origin) {
  const epic = await editableGantryEpic(deps.db, userId, input.gantryEpicId);
  // Asked before the delete, which takes the links with it.
  const issueIds = await epicIssueIds(deps.db, epic.id);
  await deps.db.transaction(async (tx) => {
    await tx.delete(gantryEpics).where(eq(gantryEpics.id, epic.id));
    await recordIssueEvents(
      tx,
      issueIds.map((issueId) => ({
        issueId,
        field: "epic" as const,
        workspaceId: epic.workspaceId,
        actorId: userId,
        from: epic.title,
        to: null,
      })),
      deps.now(),
    );
  });
  await tellEpicBoard(deps, userId, epic, issueIds, input);
  return epic.id;
}

const sharedWorkspaces = (a: ShownIssue, b: ShownIssue) =>
  a.workspaces.filter(({ workspaceId }) => b.workspaces.some((other) => other.workspaceId === workspaceId));

/**
 * Which of the issues may join (or leave) the GitHub epics: bad input refuses the whole call,
 * issues the person cannot edit beside every epic go to failedIssues.
 */
async function epicChangePlan(deps: Deps, userId: string, epics: ShownIssue[], issueIds: string[]) {
  const result = emptyResult();
  const shown = await visibleIssues(deps.db, userId, issueIds, result);
  for (const entry of shown) {
    const { issue } = entry;
    if (epics.some((epic) => epic.issue.id === issue.id)) check("An epic cannot hold itself.", "issueIds");
    if (issue.isEpic) check(`#${issue.number} is an epic; epics cannot hold other epics.`, "issueIds");
    const apart = epics.find((epic) => sharedWorkspaces(entry, epic).length === 0);
    if (apart) check(`#${issue.number} is not on a board with epic #${apart.issue.number}.`, "issueIds");
  }
  const writable = writableOnly(result, shown, (entry) =>
    epics.every((epic) => sharedWorkspaces(entry, epic).some(({ workspaceId }) => mayEditIn(entry, workspaceId))),
  );
  return { result, ids: writable.map(({ issue }) => issue.id) };
}

async function visibleEpics(deps: Deps, userId: string, epicIds: string[]) {
  const ids = [...new Set(epicIds)];
  if (ids.length === 0) check("Choose at least one epic.", "epicIds");
  const epics = await visibleIssues(deps.db, userId, ids, emptyResult()).catch((error: unknown) => {
    if (error instanceof GantryError && error.code === "NOT_FOUND") return [];
    throw error;
  });
  if (epics.length !== ids.length || epics.some(({ issue }) => !issue.isEpic))
    throw new GantryError("NOT_FOUND", "This epic does not exist.", { field: "epicIds" });
  return epics;
}

/**
 * Refuses, before anything is written, a change of these epics' issues that the person may not make to
 * every one of them (what `changeEpicIssues` would leave in failedIssues).
 */
export async function refuseUnlessEveryEpicChange(deps: Deps, userId: string, epicIds: string[], issueIds: string[]) {
  if (issueIds.length === 0) return;
  const { result } = await epicChangePlan(deps, userId, await visibleEpics(deps, userId, epicIds), issueIds);
  if (result.failedIssues.length > 0)
    throw new GantryError("FORBIDDEN", "You cannot edit some of these issues; nothing was changed.");
}

/** One "epic" event per issue that joined or left a GitHub epic. */
function epicEvents(
  change: "add" | "remove",
  links: { epicId: string; issueId: string }[],
  epics: ShownIssue[],
  actorId: string,
) {
  return links.flatMap(({ epicId, issueId }) => {
    const epic = epics.find((candidate) => candidate.issue.id === epicId);
    if (!epic) return [];
    const name = issueLabel(epic.issue);
    return [
      {
        issueId,
        field: "epic" as const,
        actorId,
        from: change === "remove" ? name : null,
        to: change === "add" ? name : null,
      },
    ];
  });
}

/** addIssuesToEpics and removeIssuesFromEpics: children of GitHub epics. */
export async function changeEpicIssues(
  deps: Deps,
  userId: string,
  change: "add" | "remove",
  input: { issueIds: string[]; epicIds: string[] } & Origin,
): Promise<BulkResult & { epics: ShownIssue["issue"][] }> {
  const epics = await visibleEpics(deps, userId, input.epicIds);
  const { result, ids } = await epicChangePlan(deps, userId, epics, input.issueIds);
  const epicIds = epics.map(({ issue }) => issue.id);
  if (ids.length)
    await deps.db.transaction(async (tx) => {
      const links =
        change === "add"
          ? await tx
              .insert(epicIssues)
              .values(epicIds.flatMap((epicId) => ids.map((issueId) => ({ epicId, issueId }))))
              .onConflictDoNothing()
              .returning()
          : await tx
              .delete(epicIssues)
              .where(and(inArray(epicIssues.epicId, epicIds), inArray(epicIssues.issueId, ids)))
              .returning();
      await recordIssueEvents(tx, epicEvents(change, links, epics, userId), deps.now());
    });
  result.successCount = ids.length;
  await tellBoards(deps, userId, [...ids, ...epicIds], input);
  return { ...result, epics: epics.map(({ issue }) => issue) };
}

/** createEpicFromIssue: a GitHub issue becomes an epic, holding the given issues. */
export async function createEpicFromIssue(
  deps: Deps,
  userId: string,
  input: { issueId: string; epicChildIds: string[] } & Origin,
) {
  const [epic] = await visibleIssues(deps.db, userId, [input.issueId], emptyResult());
  if (!epic) throw new GantryError("NOT_FOUND", "This issue does not exist.");
  if (epic.issue.ghId === null) check("Gantry issues cannot be GitHub epics; create a Gantry epic instead.", "issueId");
  if (!mayEditIn(epic)) throw new GantryError("FORBIDDEN", "You do not have permission to do this in this workspace.");
  const [holder] = await deps.db
    .select({ number: issues.number })
    .from(epicIssues)
    .innerJoin(issues, eq(issues.id, epicIssues.epicId))
    .where(eq(epicIssues.issueId, epic.issue.id));
  if (holder) check(`#${epic.issue.number} is in epic #${holder.number}; epics cannot hold other epics.`, "issueId");
  const { result, ids } = await epicChangePlan(deps, userId, [epic], input.epicChildIds);
  const updated = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(issues)
      .set({ isEpic: true, updatedAt: deps.now() })
      .where(eq(issues.id, epic.issue.id))
      .returning();
    if (ids.length) {
      const links = await tx
        .insert(epicIssues)
        .values(ids.map((issueId) => ({ epicId: epic.issue.id, issueId })))
        .onConflictDoNothing()
        .returning();
      await recordIssueEvents(tx, epicEvents("add", links, [epic], userId), deps.now());
    }
    return row;
  });
  if (!updated) throw new GantryError("NOT_FOUND", "This issue does not exist.");
  await tellBoards(deps, userId, [epic.issue.id, ...ids], input);
  return { ...result, epic: updated };
}
