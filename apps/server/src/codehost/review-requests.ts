import { type Executor, schema } from "@gantry/db";
import { and, eq, lte, sql } from "drizzle-orm";
import type { GitHubClient } from "./github-client.js";

/** A GitHub user as an issue keeps it. */
export const issueUser = (user: { login: string; avatar_url?: string | null }) => ({
  login: user.login,
  avatarUrl: user.avatar_url ?? null,
});

/**
 * Reads who is asked to review each pull request (GitHub's issue lists leave reviewers out) and
 * stores it where it changed, unless a newer version of the pull request is already stored.
 * With `since`, only pull requests updated since then are read: the list is newest first and
 * stops at the first older page. Answers the ids of the issues changed.
 */
export async function syncRequestedReviewers(
  executor: Executor,
  client: GitHubClient,
  repository: { id: string; ownerLogin: string; name: string },
  since: Date | null,
): Promise<string[]> {
  const pulls = await client.paginate(
    client.rest.pulls.list,
    {
      owner: repository.ownerLogin,
      repo: repository.name,
      state: "all",
      sort: "updated",
      direction: "desc",
      per_page: 100,
    },
    (response, done) => {
      const recent = response.data.filter((pull) => since === null || new Date(pull.updated_at) >= since);
      if (recent.length < response.data.length) done();
      return recent;
    },
  );
  const changed: string[] = [];
  for (const pull of pulls) {
    const reviewers = JSON.stringify((pull.requested_reviewers ?? []).map(issueUser));
    const rows = await executor
      .update(schema.issues)
      .set({ requestedReviewers: sql`${reviewers}::jsonb` })
      .where(
        and(
          eq(schema.issues.repositoryId, repository.id),
          eq(schema.issues.number, pull.number),
          eq(schema.issues.isPullRequest, true),
          lte(schema.issues.ghUpdatedAt, new Date(pull.updated_at)),
          sql`${schema.issues.requestedReviewers} <> ${reviewers}::jsonb`,
        ),
      )
      .returning({ id: schema.issues.id });
    changed.push(...rows.map((row) => row.id));
  }
  return changed;
}
