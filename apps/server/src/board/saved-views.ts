import { type Database, schema } from "@gantry/db";
import { type Checked, checkSavedViewFilters, checkSavedViewName, type SavedViewFilters } from "@gantry/domain";
import { and, asc, eq, or, sql } from "drizzle-orm";
import { GantryError } from "../graphql/errors.js";
import { requireWorkspace } from "../organizations/access.js";

const { savedViews } = schema;

type SavedViewRow = typeof savedViews.$inferSelect;

/** A saved view as one person sees it. */
export interface SavedView extends Omit<SavedViewRow, "filters"> {
  filters: SavedViewFilters;
  /** The creator, or a workspace admin for a shared view: who may rename, change, share or delete it. */
  viewerCanEdit: boolean;
}

interface Deps {
  db: Database;
  now: () => Date;
}

function valid<T>(checked: Checked<T>, field: string): T {
  if (!checked.ok) throw new GantryError("BAD_USER_INPUT", checked.message, { field });
  return checked.value;
}

/** What was stored passed the same check on the way in; a row that no longer does is a bug, not input. */
function storedFilters(row: SavedViewRow): SavedViewFilters {
  const checked = checkSavedViewFilters(row.filters);
  if (!checked.ok) throw new Error(`saved view ${row.id} holds filters that no longer check: ${checked.message}`);
  return checked.value;
}

function asSeenBy(row: SavedViewRow, userId: string, isAdmin: boolean): SavedView {
  return { ...row, filters: storedFilters(row), viewerCanEdit: row.createdBy === userId || (row.shared && isAdmin) };
}

const visibleTo = (userId: string) => or(eq(savedViews.createdBy, userId), eq(savedViews.shared, true));

/** The person's own views and the workspace's shared ones, by name. */
export async function listSavedViews(
  db: Database,
  userId: string,
  workspaceId: string,
  query?: string | null,
): Promise<SavedView[]> {
  const { permission } = await requireWorkspace(db, workspaceId, userId, "viewer");
  const text = (query ?? "").trim().toLowerCase();
  const rows = await db
    .select()
    .from(savedViews)
    .where(
      and(
        eq(savedViews.workspaceId, workspaceId),
        visibleTo(userId),
        text ? sql`strpos(lower(${savedViews.name}), ${text}) > 0` : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${savedViews.name}) collate "C"`), asc(savedViews.createdAt), asc(savedViews.id));
  return rows.map((row) => asSeenBy(row, userId, permission === "admin"));
}

export interface NewSavedView {
  workspaceId: string;
  name: string;
  filters: unknown;
  shared: boolean;
}

/** Anyone who can read the board can save its filters; sharing shows the view to the whole workspace. */
export async function createSavedView(deps: Deps, userId: string, input: NewSavedView): Promise<SavedView> {
  const name = valid(checkSavedViewName(input.name), "name");
  const filters = valid(checkSavedViewFilters(input.filters), "filters");
  const { permission } = await requireWorkspace(deps.db, input.workspaceId, userId, "viewer");
  const now = deps.now();
  const [row] = await deps.db
    .insert(savedViews)
    .values({
      workspaceId: input.workspaceId,
      name,
      filters,
      shared: input.shared,
      createdBy: userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error("insert returned no saved view");
  return asSeenBy(row, userId, permission === "admin");
}

/**
 * A view the person may change. One they cannot see (someone else's private view, or another
 * workspace's) does not exist for them; a shared view they did not save needs workspace admin.
 */
async function editableView(db: Database, userId: string, savedViewId: string) {
  const [row] = await db.select().from(savedViews).where(eq(savedViews.id, savedViewId));
  const notFound = new GantryError("NOT_FOUND", "This saved view does not exist.");
  if (!row || !(row.createdBy === userId || row.shared)) throw notFound;
  const access = await requireWorkspace(db, row.workspaceId, userId, "viewer");
  const isAdmin = access.permission === "admin";
  if (!asSeenBy(row, userId, isAdmin).viewerCanEdit)
    throw new GantryError("FORBIDDEN", "Only the person who saved this view or a workspace admin can change it.");
  return { row, isAdmin };
}

export interface SavedViewChanges {
  savedViewId: string;
  name?: string | null;
  filters?: unknown;
  shared?: boolean | null;
}

export async function updateSavedView(deps: Deps, userId: string, changes: SavedViewChanges): Promise<SavedView> {
  const name = changes.name == null ? undefined : valid(checkSavedViewName(changes.name), "name");
  const filters = changes.filters == null ? undefined : valid(checkSavedViewFilters(changes.filters), "filters");
  const { isAdmin } = await editableView(deps.db, userId, changes.savedViewId);
  const [row] = await deps.db
    .update(savedViews)
    .set({ name, filters, shared: changes.shared ?? undefined, updatedAt: deps.now() })
    .where(eq(savedViews.id, changes.savedViewId))
    .returning();
  if (!row) throw new GantryError("NOT_FOUND", "This saved view does not exist.");
  return asSeenBy(row, userId, isAdmin);
}

export async function deleteSavedView(deps: Deps, userId: string, savedViewId: string): Promise<SavedView> {
  const { row, isAdmin } = await editableView(deps.db, userId, savedViewId);
  await deps.db.delete(savedViews).where(eq(savedViews.id, savedViewId));
  return asSeenBy(row, userId, isAdmin);
}
