import { type Database, schema } from "@gantry/db";
import { and, eq, inArray, sql } from "drizzle-orm";
import { GantryError } from "../graphql/errors.js";
import { requireWorkspace, workspaceAccess } from "../organizations/access.js";
import { issueOnBoardOf } from "./on-board.js";

const { gantryEpicAssignees, gantryEpicLabels, gantryEpics, gantryLabels, issueGantryLabels, issues } = schema;
const { workspaceRepositories } = schema;

/** One request's epics, issues, people and labels; more is a script that should send several. */
export const MAX_TARGETS = 100;
export const MAX_LABELS = 50;
const NAME_MAX = 50;

export type Change = "add" | "remove";
export type GantryLabelRow = typeof gantryLabels.$inferSelect;
type Deps = { db: Database };

function count(ids: string[], max: number, field: string, what: string): string[] {
  const unique = [...new Set(ids)];
  if (unique.length > max) {
    throw new GantryError("BAD_USER_INPUT", `Give at most ${max} ${what} at once.`, { field });
  }
  return unique;
}

/** The epics, each workspace's editor permission checked (the reference's epics are edited by their editors). */
async function editableEpics(deps: Deps, userId: string, ids: string[], field: string) {
  const epicIds = count(ids, MAX_TARGETS, field, "Gantry epics");
  if (epicIds.length === 0) throw new GantryError("BAD_USER_INPUT", "Give at least one Gantry epic.", { field });
  const epics = await deps.db.select().from(gantryEpics).where(inArray(gantryEpics.id, epicIds));
  if (epics.length < epicIds.length) throw new GantryError("NOT_FOUND", "One of these Gantry epics does not exist.");
  for (const workspaceId of new Set(epics.map((epic) => epic.workspaceId))) {
    await requireWorkspace(deps.db, workspaceId, userId, "editor");
  }
  return epics;
}

/** Adds or removes people as assignees of epics; each must be able to open every epic's workspace. */
export async function changeEpicAssignees(
  deps: Deps,
  userId: string,
  change: Change,
  input: { gantryEpicIds: string[]; assigneeIds: string[] },
) {
  const epics = await editableEpics(deps, userId, input.gantryEpicIds, "gantryEpicIds");
  const people = count(input.assigneeIds, MAX_LABELS, "assigneeIds", "assignees");
  if (people.length === 0)
    throw new GantryError("BAD_USER_INPUT", "Give at least one assignee.", { field: "assigneeIds" });
  if (change === "add") {
    for (const workspaceId of new Set(epics.map((epic) => epic.workspaceId))) {
      for (const person of people) {
        const access = await workspaceAccess(deps.db, workspaceId, person);
        if (!access?.permission) {
          throw new GantryError("BAD_USER_INPUT", "An assignee must be someone who can open the epic's workspace.", {
            field: "assigneeIds",
          });
        }
      }
    }
    await deps.db
      .insert(gantryEpicAssignees)
      .values(epics.flatMap((epic) => people.map((person) => ({ gantryEpicId: epic.id, userId: person }))))
      .onConflictDoNothing();
  } else {
    await deps.db.delete(gantryEpicAssignees).where(
      and(
        inArray(
          gantryEpicAssignees.gantryEpicId,
          epics.map((epic) => epic.id),
        ),
        inArray(gantryEpicAssignees.userId, people),
      ),
    );
  }
  return { gantryEpics: epics };
}

/** Labels by id: each must exist; `workspaceIds`, when given, are where they may be used. */
async function labelsById(deps: Deps, ids: string[]) {
  const labelIds = count(ids, MAX_LABELS, "gantryLabelIds", "labels");
  if (labelIds.length === 0) return [];
  const rows = await deps.db.select().from(gantryLabels).where(inArray(gantryLabels.id, labelIds));
  if (rows.length < labelIds.length) throw new GantryError("NOT_FOUND", "One of these Gantry labels does not exist.");
  return rows;
}

export interface LabelInfo {
  name?: string | null;
  color?: string | null;
}

/** The workspace's labels of these names, made when missing (the reference's `labelInfos`). */
async function labelsByName(deps: Deps, workspaceId: string, infos: LabelInfo[]): Promise<GantryLabelRow[]> {
  const named = infos.map((info) => ({ name: (info.name ?? "").trim(), color: info.color?.trim() || null }));
  for (const info of named) {
    if (info.name === "" || info.name.length > NAME_MAX) {
      throw new GantryError("BAD_USER_INPUT", `A label's name must be 1 to ${NAME_MAX} characters.`, {
        field: "labelInfos",
      });
    }
    if (info.color !== null && !/^#?[0-9a-f]{6}$/i.test(info.color)) {
      throw new GantryError("BAD_USER_INPUT", "A label's colour must be six hex digits, like #1f75cb.", {
        field: "labelInfos",
      });
    }
  }
  if (named.length === 0) return [];
  await deps.db
    .insert(gantryLabels)
    .values(
      named.map((info) => ({
        workspaceId,
        name: info.name,
        color: info.color && !info.color.startsWith("#") ? `#${info.color}` : info.color,
      })),
    )
    .onConflictDoNothing();
  return deps.db
    .select()
    .from(gantryLabels)
    .where(
      and(
        eq(gantryLabels.workspaceId, workspaceId),
        inArray(
          sql`lower(${gantryLabels.name})`,
          named.map((info) => info.name.toLowerCase()),
        ),
      ),
    );
}

function requireSomeLabels(ids: string[] | null | undefined, infos: LabelInfo[] | null | undefined) {
  if ((ids ?? []).length === 0 && (infos ?? []).length === 0) {
    throw new GantryError("BAD_USER_INPUT", "Give gantryLabelIds or labelInfos.", { field: "gantryLabelIds" });
  }
  count([...(ids ?? []), ...(infos ?? []).map((info) => `name:${info.name}`)], MAX_LABELS, "labelInfos", "labels");
}

/** Adds or removes Gantry labels on epics; a label must be the epic's workspace's. */
export async function changeEpicLabels(
  deps: Deps,
  userId: string,
  change: Change,
  input: { gantryEpicIds: string[]; gantryLabelIds?: string[] | null; labelInfos?: LabelInfo[] | null },
) {
  requireSomeLabels(input.gantryLabelIds, input.labelInfos);
  const epics = await editableEpics(deps, userId, input.gantryEpicIds, "gantryEpicIds");
  const byId = await labelsById(deps, input.gantryLabelIds ?? []);
  const pairs: { gantryEpicId: string; gantryLabelId: string }[] = [];
  for (const workspaceId of new Set(epics.map((epic) => epic.workspaceId))) {
    if (byId.some((label) => label.workspaceId !== workspaceId)) {
      throw new GantryError("BAD_USER_INPUT", "A label can only go on epics of its own workspace.", {
        field: "gantryLabelIds",
      });
    }
    const named =
      change === "add"
        ? await labelsByName(deps, workspaceId, input.labelInfos ?? [])
        : await existingByName(deps, workspaceId, input.labelInfos ?? []);
    for (const epic of epics.filter((candidate) => candidate.workspaceId === workspaceId)) {
      for (const label of [...byId, ...named]) pairs.push({ gantryEpicId: epic.id, gantryLabelId: label.id });
    }
  }
  if (pairs.length > 0 && change === "add") await deps.db.insert(gantryEpicLabels).values(pairs).onConflictDoNothing();
  for (const pair of change === "remove" ? pairs : []) {
    await deps.db
      .delete(gantryEpicLabels)
      .where(
        and(
          eq(gantryEpicLabels.gantryEpicId, pair.gantryEpicId),
          eq(gantryEpicLabels.gantryLabelId, pair.gantryLabelId),
        ),
      );
  }
  return { gantryEpics: epics };
}

async function existingByName(deps: Deps, workspaceId: string, infos: LabelInfo[]) {
  const names = infos.map((info) => (info.name ?? "").trim().toLowerCase()).filter((name) => name !== "");
  if (names.length === 0) return [];
  return deps.db
    .select()
    .from(gantryLabels)
    .where(and(eq(gantryLabels.workspaceId, workspaceId), inArray(sql`lower(${gantryLabels.name})`, names)));
}

/**
 * Adds or removes Gantry labels on issues. A label is its workspace's, so the issues must be on that workspace's
 * board and the viewer an editor there. `labelInfos` (ZenHub's labels are per organisation, Gantry's per
 * workspace) names the label of that name in each workspace whose board shows the issue and the viewer edits,
 * made there when adding; an issue on no such board is refused, so nothing is half-applied.
 */
export async function changeIssueLabels(
  deps: Deps,
  userId: string,
  change: Change,
  input: { issueIds: string[]; gantryLabelIds?: string[] | null; labelInfos?: LabelInfo[] | null },
) {
  const issueIds = count(input.issueIds, MAX_TARGETS, "issueIds", "issues");
  if (issueIds.length === 0) throw new GantryError("BAD_USER_INPUT", "Give at least one issue.", { field: "issueIds" });
  requireSomeLabels(input.gantryLabelIds, input.labelInfos);
  const labels = await labelsById(deps, input.gantryLabelIds ?? []);
  const pairs: { issueId: string; gantryLabelId: string }[] = [];
  for (const workspaceId of new Set(labels.map((label) => label.workspaceId))) {
    await requireWorkspace(deps.db, workspaceId, userId, "editor");
    const onBoard = await issuesOnBoard(deps, workspaceId, issueIds);
    if (onBoard.length < issueIds.length) {
      throw new GantryError("BAD_USER_INPUT", "A label can only go on issues of its workspace's board.", {
        field: "issueIds",
      });
    }
  }
  for (const label of labels) for (const issueId of issueIds) pairs.push({ issueId, gantryLabelId: label.id });
  if ((input.labelInfos ?? []).length > 0)
    pairs.push(...(await pairsByName(deps, userId, change, issueIds, input.labelInfos ?? [])));
  if (change === "add") {
    if (pairs.length > 0) await deps.db.insert(issueGantryLabels).values(pairs).onConflictDoNothing();
  } else {
    for (const pair of pairs) {
      await deps.db
        .delete(issueGantryLabels)
        .where(
          and(eq(issueGantryLabels.issueId, pair.issueId), eq(issueGantryLabels.gantryLabelId, pair.gantryLabelId)),
        );
    }
  }
  return { issues: await deps.db.select().from(issues).where(inArray(issues.id, issueIds)) };
}

async function issuesOnBoard(deps: Deps, workspaceId: string, issueIds: string[]): Promise<string[]> {
  const rows = await deps.db
    .select({ id: issues.id })
    .from(issues)
    .innerJoin(workspaceRepositories, issueOnBoardOf(workspaceId))
    .where(inArray(issues.id, issueIds));
  return rows.map((row) => row.id);
}

/** The issue–label pairs `labelInfos` names: per workspace showing the issues that the viewer edits. */
async function pairsByName(deps: Deps, userId: string, change: Change, issueIds: string[], infos: LabelInfo[]) {
  const boards = await deps.db
    .select({ issueId: issues.id, workspaceId: workspaceRepositories.workspaceId })
    .from(issues)
    .innerJoin(workspaceRepositories, eq(workspaceRepositories.repositoryId, issues.repositoryId))
    .where(inArray(issues.id, issueIds));
  const editable = new Set<string>();
  for (const workspaceId of new Set(boards.map((board) => board.workspaceId))) {
    try {
      await requireWorkspace(deps.db, workspaceId, userId, "editor");
      editable.add(workspaceId);
    } catch (error) {
      if (!(error instanceof GantryError)) throw error;
    }
  }
  for (const issueId of issueIds) {
    if (!boards.some((board) => board.issueId === issueId && editable.has(board.workspaceId))) {
      throw new GantryError("FORBIDDEN", "You need editor access to a workspace showing each of these issues.", {
        field: "issueIds",
      });
    }
  }
  const pairs: { issueId: string; gantryLabelId: string }[] = [];
  for (const workspaceId of editable) {
    const named =
      change === "add" ? await labelsByName(deps, workspaceId, infos) : await existingByName(deps, workspaceId, infos);
    const here = boards.filter((board) => board.workspaceId === workspaceId).map((board) => board.issueId);
    for (const label of named) for (const issueId of here) pairs.push({ issueId, gantryLabelId: label.id });
  }
  return pairs;
}
