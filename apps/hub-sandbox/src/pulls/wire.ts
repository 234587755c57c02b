import type { Site } from "../http/site.js";
import { nodeId } from "../http/site.js";
import { issueWire } from "../issues/wire.js";
import { repositoryApiUrl, repositoryWire } from "../repos/wire.js";
import type { Issue, PullRequestDetails, Repository } from "../store/records.js";
import type { HubStore } from "../store/store.js";
import { nullableSimpleUser, simpleUser } from "../users/wire.js";

export type PullRequest = Issue & { pullRequest: PullRequestDetails };

export function isPullRequest(issue: Issue): issue is PullRequest {
  return issue.pullRequest !== null;
}

/**
 * GitHub's `pull-request`, which carries every field of `pull-request-simple`, so the list
 * answers with it too. The sandbox has no git: branches are names and commits are made up.
 */
export function pullRequestWire(site: Site, store: HubStore, repository: Repository, pull: PullRequest) {
  const issue = issueWire(site, store, repository, pull);
  const api = repositoryApiUrl(site, store, repository);
  const url = `${api}/pulls/${pull.number}`;
  const owner = store.account(repository.ownerId);
  const details = pull.pullRequest;
  const branch = (ref: string, sha: string) => ({
    label: `${owner.login}:${ref}`,
    ref,
    sha,
    user: simpleUser(site, owner),
    repo: repositoryWire(site, store, repository, null),
  });
  const link = (href: string) => ({ href });
  return {
    url,
    id: details.id,
    node_id: nodeId("PullRequest", details.id),
    html_url: issue.html_url,
    diff_url: `${issue.html_url}.diff`,
    patch_url: `${issue.html_url}.patch`,
    issue_url: issue.url,
    commits_url: `${url}/commits`,
    review_comments_url: `${url}/comments`,
    review_comment_url: `${api}/pulls/comments{/number}`,
    comments_url: issue.comments_url,
    statuses_url: `${api}/statuses/${details.headSha}`,
    number: pull.number,
    state: pull.state,
    locked: pull.locked,
    title: pull.title,
    user: issue.user,
    body: pull.body,
    labels: issue.labels,
    milestone: issue.milestone,
    active_lock_reason: null,
    created_at: pull.createdAt,
    updated_at: pull.updatedAt,
    closed_at: pull.closedAt,
    merged_at: details.mergedAt,
    merge_commit_sha: details.mergedAt ? details.headSha : null,
    assignee: issue.assignee,
    assignees: issue.assignees,
    requested_reviewers: details.requestedReviewerIds.map((id) => simpleUser(site, store.account(id))),
    requested_teams: [],
    head: branch(details.headRef, details.headSha),
    base: branch(details.baseRef, "0".repeat(40)),
    _links: {
      self: link(url),
      html: link(issue.html_url),
      issue: link(issue.url),
      comments: link(issue.comments_url),
      review_comments: link(`${url}/comments`),
      review_comment: link(`${api}/pulls/comments{/number}`),
      commits: link(`${url}/commits`),
      statuses: link(`${api}/statuses/${details.headSha}`),
    },
    author_association: issue.author_association,
    auto_merge: null,
    draft: details.draft,
    merged: details.mergedAt !== null,
    mergeable: pull.state === "open" ? true : null,
    rebaseable: pull.state === "open" ? true : null,
    mergeable_state: pull.state === "open" ? "clean" : "unknown",
    merged_by: nullableSimpleUser(site, store, details.mergedById),
    comments: pull.commentCount,
    review_comments: 0,
    maintainer_can_modify: false,
    commits: 1,
    additions: 0,
    deletions: 0,
    changed_files: 0,
  };
}
