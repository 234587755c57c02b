import { type Database, schema } from "@gantry/db";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { GantryError } from "../graphql/errors.js";
import { requireOrganizationRole } from "../organizations/access.js";
import { type GantryLabelRow, MAX_LABELS } from "./gantry-labels.js";

const { gantryLabels, workspaces } = schema;

/** As the labels made by name (`labelInfos`) allow. */
const NAME_MAX = 50;
const DESCRIPTION_MAX = 1000;

type Deps = { db: Database };

/**
 * ZenHub keeps its labels per organisation, Gantry per workspace (decision 0071): an organisation's label is the
 * label of that name in each of its workspaces. Only the organisation's owners and admins, who are admins of every
 * workspace in it, change them all at once (decision 0075).
 */
async function organizationWorkspaces(deps: Deps, organizationId: string, userId: string) {
  await requireOrganizationRole(deps.db, organizationId, userId, "admin");
  return deps.db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(eq(workspaces.organizationId, organizationId))
    .orderBy(asc(sql`lower(${workspaces.name})`), asc(workspaces.id));
}

function validLabel(input: { name: string; color: string; description?: string | null }) {
  const name = input.name.trim();
  if (name === "" || name.length > NAME_MAX) {
    throw new GantryError("BAD_USER_INPUT", `A label's name must be 1 to ${NAME_MAX} characters.`, { field: "name" });
  }
  const color = input.color.trim();
  if (!/^#?[0-9a-f]{6}$/i.test(color)) {
    throw new GantryError("BAD_USER_INPUT", "A label's colour must be six hex digits, like #1f75cb.", {
      field: "color",
    });
  }
  const description = input.description?.trim() || null;
  if (description && description.length > DESCRIPTION_MAX) {
    throw new GantryError("BAD_USER_INPUT", `A label's description is at most ${DESCRIPTION_MAX} characters.`, {
      field: "description",
    });
  }
  return { name, color: color.startsWith("#") ? color.toLowerCase() : `#${color.toLowerCase()}`, description };
}

/**
 * The reference's `createZenhubLabel`: the label in every workspace of the organisation that has none of that name
 * (ignoring case); those that have one keep theirs. Answers the label made in the first workspace by name.
 */
export async function createOrganizationLabel(
  deps: Deps,
  userId: string,
  input: { organizationId: string; name: string; color: string; description?: string | null },
): Promise<GantryLabelRow> {
  const workspaceRows = await organizationWorkspaces(deps, input.organizationId, userId);
  const label = validLabel(input);
  if (workspaceRows.length === 0) {
    throw new GantryError("BAD_USER_INPUT", "This organization has no workspace to keep the label in yet.", {
      field: "gantryOrganizationId",
    });
  }
  const made = await deps.db
    .insert(gantryLabels)
    .values(workspaceRows.map((workspace) => ({ workspaceId: workspace.id, ...label })))
    .onConflictDoNothing()
    .returning();
  const first = workspaceRows.map((workspace) => made.find((row) => row.workspaceId === workspace.id)).find(Boolean);
  if (!first) {
    throw new GantryError(
      "BAD_USER_INPUT",
      `Every workspace of this organization already has a label named "${label.name}".`,
      {
        field: "name",
      },
    );
  }
  return first;
}

/** The reference's `deleteZenhubLabels`: the labels of these names (ignoring case) in every workspace of the organisation. */
export async function deleteOrganizationLabels(
  deps: Deps,
  userId: string,
  input: { organizationId: string; names: string[] },
): Promise<GantryLabelRow[]> {
  const workspaceRows = await organizationWorkspaces(deps, input.organizationId, userId);
  const names = [...new Set(input.names.map((name) => name.trim().toLowerCase()).filter((name) => name !== ""))];
  if (names.length === 0) throw new GantryError("BAD_USER_INPUT", "Give at least one label name.", { field: "names" });
  if (names.length > MAX_LABELS) {
    throw new GantryError("BAD_USER_INPUT", `Give at most ${MAX_LABELS} labels at once.`, { field: "names" });
  }
  if (workspaceRows.length === 0) return [];
  const deleted = await deps.db
    .delete(gantryLabels)
    .where(
      and(
        inArray(
          gantryLabels.workspaceId,
          workspaceRows.map((workspace) => workspace.id),
        ),
        inArray(sql`lower(${gantryLabels.name})`, names),
      ),
    )
    .returning();
  return deleted.sort((a, b) => a.name.localeCompare(b.name) || a.workspaceId.localeCompare(b.workspaceId));
}
