/**
 * GitHub deliveries about a repository rather than one issue: the repository itself (renamed,
 * transferred, made private, archived, deleted), its labels and its milestones. Cards carry copies
 * of labels and milestones, so a rename or a deletion on GitHub is written into every issue of the
 * repository that carries them; GitHub sends no per-issue delivery for that.
 */
import { type Executor, schema } from "@gantry/db";
import { and, eq, sql } from "drizzle-orm";
import { type GitHubMilestoneWire, keepGitHubMilestone } from "../milestones/milestone-records.js";
import { forgetLabel, type GitHubLabelWire, recordLabels } from "./label-records.js";
import { gitHubDetails, type RepositoryDetailsWire } from "./repository-details.js";

const { githubMilestones, issues, repositories } = schema;

/** The parts of `repository`, `label`, `milestone` and `changes` these deliveries are read for. */
export interface RepositoryEventPayload {
  action?: string;
  repository?: {
    id?: number;
    name?: string;
    html_url?: string;
    private?: boolean;
    archived?: boolean;
    owner?: { login?: string } | null;
  } & RepositoryDetailsWire;
  label?: GitHubLabelWire;
  milestone?: Partial<GitHubMilestoneWire>;
  changes?: { name?: { from?: string }; title?: { from?: string } };
}

/** What a repository delivery says when its repository is gone from GitHub. */
export const REPOSITORY_DELETED_ON_GITHUB =
  "The repository was deleted on GitHub. Its issues stay in Gantry until it is removed from the workspace.";

/** Rows changed by a statement, as ids. */
const returningIds = { id: issues.id };

/** GitHub's addresses of issues and pull requests start with their repository's; a rename or transfer moves them. */
async function moveIssueAddresses(tx: Executor, repositoryId: string, from: string, to: string) {
  if (from === to) return [];
  const rows = await tx
    .update(issues)
    .set({ htmlUrl: sql`${to} || substr(${issues.htmlUrl}, ${from.length + 1})` })
    .where(and(eq(issues.repositoryId, repositoryId), sql`starts_with(${issues.htmlUrl}, ${`${from}/`})`))
    .returning(returningIds);
  return rows.map((row) => row.id);
}

/** `repository`: its name, owner, address, visibility and archived state as GitHub now has them. */
export async function applyRepositoryEvent(tx: Executor, repositoryId: string, payload: RepositoryEventPayload) {
  const wire = payload.repository;
  if (payload.action === "deleted") {
    // The hook went with the repository: nothing more will arrive, and reconciling would fail.
    await tx
      .update(repositories)
      .set({ hookId: null, lastSyncError: REPOSITORY_DELETED_ON_GITHUB, lastSyncErrorAt: new Date() })
      .where(eq(repositories.id, repositoryId));
    return [];
  }
  const [stored] = await tx
    .select({ htmlUrl: repositories.htmlUrl })
    .from(repositories)
    .where(eq(repositories.id, repositoryId));
  if (!stored || !wire) return [];
  await tx
    .update(repositories)
    .set({
      ...(wire.name && { name: wire.name }),
      ...(wire.owner?.login && { ownerLogin: wire.owner.login }),
      ...(wire.html_url && { htmlUrl: wire.html_url }),
      ...(typeof wire.private === "boolean" && { isPrivate: wire.private }),
      ...(typeof wire.archived === "boolean" && { isArchived: wire.archived }),
      ...gitHubDetails(wire),
      updatedAt: new Date(),
    })
    .where(eq(repositories.id, repositoryId));
  return wire.html_url ? moveIssueAddresses(tx, repositoryId, stored.htmlUrl, wire.html_url) : [];
}

/** `label`: an edited label is renamed or recoloured on every card carrying it, a deleted one taken off. */
export async function applyLabelEvent(tx: Executor, repositoryId: string, payload: RepositoryEventPayload) {
  const label = payload.label;
  if (!label?.name) return [];
  if (payload.action === "deleted" && typeof label.id === "number") await forgetLabel(tx, repositoryId, label.id);
  else await recordLabels(tx, repositoryId, [label]);
  const was = payload.changes?.name?.from ?? label.name;
  const carrying = and(
    eq(issues.repositoryId, repositoryId),
    sql`${issues.labels} @> ${JSON.stringify([{ name: was }])}::jsonb`,
  );
  if (payload.action === "deleted") {
    const rows = await tx
      .update(issues)
      .set({
        labels: sql`(select coalesce(jsonb_agg(e.l order by e.i), '[]'::jsonb)
          from jsonb_array_elements(${issues.labels}) with ordinality as e(l, i) where e.l->>'name' <> ${was})`,
      })
      .where(carrying)
      .returning(returningIds);
    return rows.map((row) => row.id);
  }
  if (payload.action !== "edited") return [];
  const now = JSON.stringify({ name: label.name, color: label.color ?? "" });
  const rows = await tx
    .update(issues)
    .set({
      labels: sql`(select jsonb_agg(case when e.l->>'name' = ${was} then ${now}::jsonb else e.l end order by e.i)
        from jsonb_array_elements(${issues.labels}) with ordinality as e(l, i))`,
    })
    .where(carrying)
    .returning(returningIds);
  return rows.map((row) => row.id);
}

/**
 * `milestone`: cards show the milestone's title, so an edit renames it there and a deletion removes it; Gantry's
 * copy of the milestone (decision 0085) takes GitHub's word, or goes with it.
 */
export async function applyMilestoneEvent(tx: Executor, repositoryId: string, payload: RepositoryEventPayload) {
  const milestone = payload.milestone;
  if (typeof milestone?.number !== "number") return [];
  const carrying = and(
    eq(issues.repositoryId, repositoryId),
    sql`(${issues.milestone}->>'number')::int = ${milestone.number}`,
  );
  if (payload.action === "deleted") {
    await tx
      .delete(githubMilestones)
      .where(and(eq(githubMilestones.repositoryId, repositoryId), eq(githubMilestones.number, milestone.number)));
    const rows = await tx.update(issues).set({ milestone: null }).where(carrying).returning(returningIds);
    return rows.map((row) => row.id);
  }
  if (!milestone.title) return [];
  await keepGitHubMilestone(tx, repositoryId, { ...milestone, number: milestone.number, title: milestone.title });
  const rows = await tx
    .update(issues)
    .set({ milestone: { number: milestone.number, title: milestone.title } })
    .where(and(carrying, sql`${issues.milestone}->>'title' is distinct from ${milestone.title}`))
    .returning(returningIds);
  return rows.map((row) => row.id);
}
