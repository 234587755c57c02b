import { type Executor, schema } from "@gantry/db";
import { and, eq, lte, sql } from "drizzle-orm";

/** The fields of a GitHub issue or pull request Gantry keeps (GitHub's REST and webhook shapes agree on them). */
export interface GitHubIssueWire {
  id: number;
  number: number;
  title: string;
  body?: string | null;
  state: string;
  html_url: string;
  user?: { login: string; avatar_url?: string | null } | null;
  labels?: (string | { name?: string; color?: string | null })[];
  assignees?: { login: string; avatar_url?: string | null }[] | null;
  milestone?: { number: number; title: string } | null;
  pull_request?: { merged_at?: string | null } | null;
  merged_at?: string | null;
  closed_at?: string | null;
  created_at: string;
  updated_at: string;
}

function issueValues(repositoryId: string, wire: GitHubIssueWire, isPullRequest: boolean) {
  const mergedAt = wire.merged_at ?? wire.pull_request?.merged_at ?? null;
  return {
    repositoryId,
    ghId: wire.id,
    number: wire.number,
    title: wire.title,
    body: wire.body ?? null,
    state: wire.state === "closed" ? ("closed" as const) : ("open" as const),
    isPullRequest,
    mergedAt: mergedAt ? new Date(mergedAt) : null,
    closedAt: wire.closed_at ? new Date(wire.closed_at) : null,
    htmlUrl: wire.html_url,
    author: wire.user ? { login: wire.user.login, avatarUrl: wire.user.avatar_url ?? null } : null,
    labels: (wire.labels ?? []).flatMap((label) =>
      typeof label === "string"
        ? [{ name: label, color: "" }]
        : label.name
          ? [{ name: label.name, color: label.color ?? "" }]
          : [],
    ),
    assignees: (wire.assignees ?? []).map((user) => ({ login: user.login, avatarUrl: user.avatar_url ?? null })),
    milestone: wire.milestone ? { number: wire.milestone.number, title: wire.milestone.title } : null,
    ghCreatedAt: new Date(wire.created_at),
    ghUpdatedAt: new Date(wire.updated_at),
    updatedAt: new Date(),
  };
}

/**
 * Writes GitHub's version of an issue unless a newer one is already stored: deliveries and
 * pages can arrive out of order, and `updated_at` decides which is current. Answers the ids of
 * the issues written (a stale version writes nothing), for announcing them to boards.
 */
export async function upsertIssues(
  executor: Executor,
  repositoryId: string,
  wires: GitHubIssueWire[],
  isPullRequest?: boolean,
): Promise<string[]> {
  const written: string[] = [];
  for (const wire of wires) {
    const values = issueValues(repositoryId, wire, isPullRequest ?? Boolean(wire.pull_request));
    const rows = await executor
      .insert(schema.issues)
      .values(values)
      .onConflictDoUpdate({
        target: [schema.issues.repositoryId, schema.issues.number],
        set: { ...values, createdAt: sql`${schema.issues.createdAt}` },
        setWhere: lte(schema.issues.ghUpdatedAt, values.ghUpdatedAt),
      })
      .returning({ id: schema.issues.id });
    written.push(...rows.map((row) => row.id));
  }
  return written;
}

/** Deletes the issue; answers its id, or none when it was not stored. */
export async function deleteIssue(executor: Executor, repositoryId: string, number: number): Promise<string[]> {
  const rows = await executor
    .delete(schema.issues)
    .where(and(eq(schema.issues.repositoryId, repositoryId), eq(schema.issues.number, number)))
    .returning({ id: schema.issues.id });
  return rows.map((row) => row.id);
}
