/**
 * The reference's label ids in the bulk label mutations (decision 0086): a `Label` id (a GitHub label, as
 * `Label.id` answers it: its repository and name) or a `GantryLabel` id. GitHub labels are matched by name on
 * each issue's repository, as Gantry's label writes always were, so an id names a label and the label of that
 * name is added or removed wherever the issues are.
 */
import { type Executor, schema } from "@gantry/db";
import { decodeGlobalID } from "@pothos/plugin-relay";
import { inArray } from "drizzle-orm";
import { labelKey, recordedLabels } from "../codehost/label-records.js";
import { GantryError } from "../graphql/errors.js";
import { requireWorkspace } from "../organizations/access.js";

const { gantryLabels, issues } = schema;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** GitHub's limit on a label's name. */
const NAME_MAX = 50;
/** Labels one call may name, as the epic label mutations allow. */
const MAX_LABELS = 100;

export interface LabelChoice {
  labelIds?: readonly (string | number)[] | null;
  labelInfos?: readonly { name?: string | null }[] | null;
}

/** A label as the mutations answer it: the reference's `Label` on an issue's repository. */
export interface TouchedLabel {
  name: string;
  color: string;
  repositoryId: string;
}

function badId(value: string): never {
  throw new GantryError("BAD_USER_INPUT", `"${value.slice(0, 80)}" is not a label id (Label.id or a GantryLabel id).`, {
    field: "labelIds",
  });
}

/**
 * The names the labelIds and labelInfos give, at least one; any id that is not a label's, a Gantry label the
 * viewer cannot see, or a labelInfo without a name is refused before anything is written.
 */
export async function labelNamesOf(db: Executor, viewerId: string, choice: LabelChoice): Promise<string[]> {
  if ((choice.labelIds?.length ?? 0) + (choice.labelInfos?.length ?? 0) > MAX_LABELS) {
    throw new GantryError("BAD_USER_INPUT", `At most ${MAX_LABELS} labels at once.`, { field: "labelIds" });
  }
  const names: string[] = [];
  const gantryIds: string[] = [];
  for (const value of choice.labelIds ?? []) {
    const text = String(value);
    let decoded: { typename: string; id: string };
    try {
      decoded = decodeGlobalID(text);
    } catch {
      badId(text);
    }
    if (decoded.typename === "GantryLabel" && UUID.test(decoded.id)) gantryIds.push(decoded.id);
    else if (decoded.typename === "Label" && UUID.test(decoded.id.slice(0, 36)) && decoded.id[36] === ":") {
      const name = decoded.id.slice(37);
      if (name.length === 0 || name.length > NAME_MAX) badId(text);
      names.push(name);
    } else badId(text);
  }
  if (gantryIds.length) {
    const rows = await db.select().from(gantryLabels).where(inArray(gantryLabels.id, gantryIds));
    for (const id of gantryIds) {
      const row = rows.find((candidate) => candidate.id === id);
      if (!row) throw new GantryError("BAD_USER_INPUT", "No such Gantry label.", { field: "labelIds" });
      await requireWorkspace(db, row.workspaceId, viewerId, "viewer");
      names.push(row.name);
    }
  }
  for (const info of choice.labelInfos ?? []) {
    const name = info.name?.trim();
    if (!name)
      throw new GantryError("BAD_USER_INPUT", "Each labelInfo needs the label's name.", { field: "labelInfos" });
    names.push(name);
  }
  if (names.length === 0) {
    throw new GantryError("BAD_USER_INPUT", "Give the labels by labelIds or labelInfos.", { field: "labelIds" });
  }
  return [...new Set(names)];
}

/**
 * The labels of these names on the changed issues' repositories, once per repository and name (any case): with
 * the colour an issue carries it in, else as Gantry recorded it from GitHub.
 */
export async function touchedLabels(db: Executor, issueIds: string[], names: string[]): Promise<TouchedLabel[]> {
  if (issueIds.length === 0) return [];
  const rows = await db
    .select({ repositoryId: issues.repositoryId, labels: issues.labels })
    .from(issues)
    .where(inArray(issues.id, issueIds));
  const repositoryIds = [...new Set(rows.map((row) => row.repositoryId))];
  const recorded = await recordedLabels(db, repositoryIds);
  const wanted = new Set(names.map((name) => name.toLowerCase()));
  const found = new Map<string, TouchedLabel>();
  for (const row of rows) {
    for (const label of row.labels) {
      const key = labelKey(row.repositoryId, label.name);
      if (wanted.has(label.name.toLowerCase()) && !found.has(key))
        found.set(key, { name: label.name, color: label.color, repositoryId: row.repositoryId });
    }
  }
  for (const repositoryId of repositoryIds) {
    for (const name of names) {
      const key = labelKey(repositoryId, name);
      if (found.has(key)) continue;
      const record = recorded.get(key);
      found.set(key, { name: record?.name ?? name, color: record?.color ?? "", repositoryId });
    }
  }
  return [...found.values()];
}

/** The issues a bulk write changed: those asked for that are not answered with an error. */
export function changedIssues(issueIds: string[], githubErrors: Record<string, string>): string[] {
  return issueIds.filter((id) => !(id in githubErrors));
}
