import { type Database, schema } from "@gantry/db";
import { and, eq, inArray, sql } from "drizzle-orm";
import { workspaceIssues } from "../issues/on-board.js";
import { containing, type LabelOption, labelsOn } from "./filter-options.js";
import { idsOf } from "./search-input.js";

const { gantryLabels, githubLabels, issues, workspaceRepositories } = schema;

/** The reference's narrowing of `Workspace.issueLabelOptions`. */
export interface LabelOptionsNarrowing {
  query?: string | null;
  /** Label names to keep (`in`) and leave out (`nin`), in any case; every label has a name, so `notInAny` keeps none. */
  name?: { notInAny?: boolean | null; in?: readonly string[] | null; nin?: readonly string[] | null } | null;
  /** Only labels of these of the workspace's repositories (Repository ids). */
  repositoryIds?: readonly (string | number)[] | null;
  /** false: GitHub's labels of the repositories that no issue carries too; left out or true: only labels in use. */
  inUse?: boolean | null;
  /** The workspace's Gantry labels too. */
  includeWorkspaceLabels?: boolean | null;
}

/**
 * Labels for the workspace's label menus, one per name (any case), by name: those on its issues, GitHub's labels
 * of its repositories when `inUse` is false, its Gantry labels with `includeWorkspaceLabels`. Where a name is
 * both, the issue's copy (its colour) is the one listed.
 */
export async function issueLabelOptions(
  db: Database,
  workspaceId: string,
  narrowing: LabelOptionsNarrowing,
): Promise<LabelOption[]> {
  const repositoryIds = narrowing.repositoryIds ? idsOf("repositoryIds", "Repository", narrowing.repositoryIds) : null;
  const inRepositories = repositoryIds ? inArray(issues.repositoryId, repositoryIds) : undefined;
  const found = await labelsOn(db, and(workspaceIssues(db, workspaceId), inRepositories) ?? sql`true`, narrowing.query);
  if (narrowing.inUse === false) {
    const recorded = await db
      .select({ name: githubLabels.name, color: githubLabels.color })
      .from(githubLabels)
      .innerJoin(workspaceRepositories, eq(workspaceRepositories.repositoryId, githubLabels.repositoryId))
      .where(
        and(
          eq(workspaceRepositories.workspaceId, workspaceId),
          repositoryIds ? inArray(githubLabels.repositoryId, repositoryIds) : undefined,
          containing(githubLabels.name, narrowing.query),
        ),
      );
    found.push(...recorded);
  }
  if (narrowing.includeWorkspaceLabels) {
    const own = await db
      .select({ name: gantryLabels.name, color: gantryLabels.color })
      .from(gantryLabels)
      .where(and(eq(gantryLabels.workspaceId, workspaceId), containing(gantryLabels.name, narrowing.query)));
    found.push(...own.map((label) => ({ name: label.name, color: label.color ?? "" })));
  }
  const byName = new Map<string, LabelOption>();
  for (const label of found) if (!byName.has(label.name.toLowerCase())) byName.set(label.name.toLowerCase(), label);
  const kept = narrowing.name?.in ? new Set(narrowing.name.in.map((name) => name.toLowerCase())) : null;
  const dropped = new Set((narrowing.name?.nin ?? []).map((name) => name.toLowerCase()));
  if (narrowing.name?.notInAny && !kept) return [];
  return [...byName.entries()]
    .filter(([name]) => (!kept || kept.has(name)) && !dropped.has(name))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, label]) => label);
}
