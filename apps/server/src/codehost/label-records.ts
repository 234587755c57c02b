/**
 * A repository's GitHub labels as GitHub describes them, with GitHub's ids (decision 0086): read when the
 * repository is connected or reconciled, and kept current by `label` deliveries and by the labels issue payloads
 * carry. Issues keep their own copy of their labels' names and colours; this record is what the public API's
 * `Label.ghId`, `ghNodeId`, `createdAt` and `updatedAt` answer from.
 */
import { type Executor, schema } from "@gantry/db";
import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { GitHubClient } from "./github-client.js";

const { githubLabels } = schema;

/** GitHub's `label` (REST, webhook and inside issue payloads), the parts kept. */
export interface GitHubLabelWire {
  id?: number;
  node_id?: string;
  name?: string;
  color?: string | null;
  description?: string | null;
}

type RecordedLabel = GitHubLabelWire & { id: number; node_id: string; name: string };

const complete = (label: GitHubLabelWire | string): label is RecordedLabel =>
  typeof label === "object" && typeof label.id === "number" && typeof label.node_id === "string" && !!label.name;

/**
 * Records these labels of the repository as GitHub describes them now: new ones are first recorded, known ones
 * (by GitHub's id) take the new name, colour and description. A label shape without GitHub's ids (an issue
 * payload's bare name) says nothing here. `description` is only written when the shape carries it.
 */
export async function recordLabels(
  executor: Executor,
  repositoryId: string,
  labels: readonly (GitHubLabelWire | string)[],
): Promise<void> {
  const byId = new Map<number, RecordedLabel>();
  for (const label of labels) if (complete(label)) byId.set(label.id, label);
  if (byId.size === 0) return;
  // In GitHub-id order, so two transactions recording the same labels cannot deadlock.
  const rows = [...byId.values()]
    .sort((a, b) => a.id - b.id)
    .map((label) => ({
      repositoryId,
      ghId: label.id,
      ghNodeId: label.node_id,
      name: label.name,
      color: label.color ?? "",
      description: label.description ?? null,
    }));
  await executor
    .insert(githubLabels)
    .values(rows)
    .onConflictDoUpdate({
      target: [githubLabels.repositoryId, githubLabels.ghId],
      set: {
        ghNodeId: sql`excluded.gh_node_id`,
        name: sql`excluded.name`,
        color: sql`excluded.color`,
        // Issue payloads carry a label's description; when one does not, the recorded one stays.
        description: sql`coalesce(excluded.description, ${githubLabels.description})`,
        updatedAt: sql`case when (${githubLabels.name}, ${githubLabels.color}, ${githubLabels.ghNodeId},
          coalesce(${githubLabels.description}, '')) is distinct from (excluded.name, excluded.color,
          excluded.gh_node_id, coalesce(excluded.description, ${githubLabels.description}, ''))
          then now() else ${githubLabels.updatedAt} end`,
      },
    });
}

/** A label deleted on GitHub is no longer recorded. */
export async function forgetLabel(executor: Executor, repositoryId: string, ghId: number): Promise<void> {
  await executor
    .delete(githubLabels)
    .where(and(eq(githubLabels.repositoryId, repositoryId), eq(githubLabels.ghId, ghId)));
}

/**
 * Reads every label of the repository from GitHub and records them as GitHub lists them: labels GitHub no longer
 * has are forgotten. One transaction, so a failure leaves the previous record whole.
 */
export async function syncLabels(
  executor: Executor,
  client: GitHubClient,
  repositoryId: string,
  repository: { ownerLogin: string; name: string },
): Promise<void> {
  const labels = await client
    .paginate("GET /repos/{owner}/{repo}/labels", {
      owner: repository.ownerLogin,
      repo: repository.name,
      per_page: 100,
    })
    .then((answer) => answer as GitHubLabelWire[])
    // A repository GitHub no longer shows the caller: nothing is known, and the record stays as it was.
    .catch((error: { status?: number }) =>
      error.status === 404 || error.status === 403 ? null : Promise.reject(error),
    );
  if (!labels) return;
  await executor.transaction(async (tx) => {
    const kept = labels.flatMap((label) => (typeof label.id === "number" ? [label.id] : []));
    await tx
      .delete(githubLabels)
      .where(
        and(eq(githubLabels.repositoryId, repositoryId), kept.length ? notInArray(githubLabels.ghId, kept) : undefined),
      );
    await recordLabels(tx, repositoryId, labels);
  });
}

/** The recorded labels of these repositories, by repository and lower-case name. */
export async function recordedLabels(
  executor: Executor,
  repositoryIds: string[],
): Promise<Map<string, schema.GitHubLabelRow>> {
  const found = new Map<string, schema.GitHubLabelRow>();
  if (repositoryIds.length === 0) return found;
  const rows = await executor
    .select()
    .from(githubLabels)
    .where(inArray(githubLabels.repositoryId, repositoryIds))
    .orderBy(githubLabels.updatedAt);
  // GitHub names are unique per repository in any case; the latest recorded wins should an old one linger.
  for (const row of rows) found.set(labelKey(row.repositoryId, row.name), row);
  return found;
}

export const labelKey = (repositoryId: string, name: string): string => `${repositoryId}:${name.toLowerCase()}`;
