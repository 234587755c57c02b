import { type Executor, schema } from "@gantry/db";
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import type { GitHubClient } from "./github-client.js";

/** GitHub's `simple-user` as its issue, pull request and webhook payloads carry it (the fields Gantry reads). */
export interface GitHubUserWire {
  login: string;
  avatar_url?: string | null;
  id?: number;
  node_id?: string;
  type?: string;
}

/** A GitHub user as an issue keeps it (an assignee: login and avatar). */
export const issueUser = (user: GitHubUserWire): schema.IssueUser => ({
  login: user.login,
  avatarUrl: user.avatar_url ?? null,
});

/** An issue's author or a requested reviewer: also GitHub's ids and account type, when the payload has them. */
export const gitHubIssueUser = (user: GitHubUserWire): schema.GitHubIssueUser => ({
  ...issueUser(user),
  ...(user.id !== undefined ? { ghId: user.id } : {}),
  ...(user.node_id !== undefined ? { ghNodeId: user.node_id } : {}),
  ...(user.type !== undefined ? { type: user.type } : {}),
});

/**
 * The pull request's requested reviewers, dated when Gantry first saw each asked: a new one takes the pull
 * request's `updated_at` (GitHub updates it when a review is requested; its list does not say when each request
 * was made, decision 0099), one already stored keeps its date (keptRequestDates).
 */
export const requestedReviewers = (wires: GitHubUserWire[], pullUpdatedAt: string): schema.RequestedReviewer[] =>
  wires.map((wire) => ({ ...gitHubIssueUser(wire), requestedAt: new Date(pullUpdatedAt).toISOString() }));

/** The reviewers, those already asked in `stored` keeping when Gantry first saw them asked. */
export function keptRequestDates(
  reviewers: schema.RequestedReviewer[],
  stored: schema.RequestedReviewer[],
): schema.RequestedReviewer[] {
  const since = new Map(stored.map((reviewer) => [reviewer.login.toLowerCase(), reviewer.requestedAt]));
  return reviewers.map((reviewer) => ({
    ...reviewer,
    requestedAt: since.get(reviewer.login.toLowerCase()) ?? reviewer.requestedAt,
  }));
}

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
  // What is stored, read once, so a reviewer still asked keeps when Gantry first saw the request.
  const stored = new Map(
    pulls.length === 0
      ? []
      : (
          await executor
            .select({ number: schema.issues.number, requestedReviewers: schema.issues.requestedReviewers })
            .from(schema.issues)
            .where(
              and(
                eq(schema.issues.repositoryId, repository.id),
                inArray(
                  schema.issues.number,
                  pulls.map((pull) => pull.number),
                ),
              ),
            )
        ).map((row) => [row.number, row.requestedReviewers]),
  );
  for (const pull of pulls) {
    const reviewers = JSON.stringify(
      keptRequestDates(
        requestedReviewers(pull.requested_reviewers ?? [], pull.updated_at),
        stored.get(pull.number) ?? [],
      ),
    );
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
