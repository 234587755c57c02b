import { nodeId, type Site } from "../http/site.js";
import { labelWire } from "../labels/wire.js";
import { milestoneWire } from "../milestones/wire.js";
import { authorAssociation } from "../repos/access.js";
import { repositoryApiUrl, repositoryHtmlUrl } from "../repos/wire.js";
import type { Issue, Repository } from "../store/records.js";
import type { HubStore } from "../store/store.js";
import { nullableSimpleUser, simpleUser } from "../users/wire.js";
import { typeOfIssue } from "./issue-types.js";

function issueHtmlUrl(site: Site, store: HubStore, repository: Repository, issue: Issue): string {
  return `${repositoryHtmlUrl(site, store, repository)}/${issue.pullRequest ? "pull" : "issues"}/${issue.number}`;
}

/** GitHub's `reaction-rollup`: the sandbox has no reactions, so every count is zero. */
export function noReactions(url: string) {
  return {
    url: `${url}/reactions`,
    total_count: 0,
    "+1": 0,
    "-1": 0,
    laugh: 0,
    confused: 0,
    heart: 0,
    hooray: 0,
    eyes: 0,
    rocket: 0,
  };
}

/** GitHub's `sub_issues_summary` and `issue_dependencies_summary` (open blockers, and all of them). */
function relationSummaries(store: HubStore, issue: Issue) {
  const states = (ids: number[]) => ids.map((id) => store.issueById(id)?.issue.state);
  const children = states(issue.subIssueIds);
  const completed = children.filter((state) => state === "closed").length;
  return {
    sub_issues_summary: {
      total: children.length,
      completed,
      percent_completed: children.length ? Math.round((completed * 100) / children.length) : 0,
    },
    issue_dependencies_summary: {
      blocked_by: states(issue.blockedByIds).filter((state) => state === "open").length,
      blocking: states(issue.blockingIds).filter((state) => state === "open").length,
      total_blocked_by: issue.blockedByIds.length,
      total_blocking: issue.blockingIds.length,
    },
  };
}

/** GitHub's `issue`; a pull request shows here too, marked by its `pull_request` key. */
export function issueWire(site: Site, store: HubStore, repository: Repository, issue: Issue) {
  const api = repositoryApiUrl(site, store, repository);
  const url = `${api}/issues/${issue.number}`;
  const htmlUrl = issueHtmlUrl(site, store, repository, issue);
  const milestone = issue.milestoneNumber === null ? undefined : repository.milestones.get(issue.milestoneNumber);
  const assignees = issue.assigneeIds.map((id) => simpleUser(site, store.account(id)));
  return {
    id: issue.id,
    node_id: nodeId(issue.pullRequest ? "PullRequest" : "Issue", issue.id),
    url,
    repository_url: api,
    labels_url: `${url}/labels{/name}`,
    comments_url: `${url}/comments`,
    events_url: `${url}/events`,
    html_url: htmlUrl,
    timeline_url: `${url}/timeline`,
    number: issue.number,
    state: issue.state,
    state_reason: issue.stateReason,
    title: issue.title,
    body: issue.body,
    user: simpleUser(site, store.account(issue.authorId)),
    labels: issue.labelIds.flatMap((id) => {
      const label = repository.labels.get(id);
      return label ? [labelWire(site, store, repository, label)] : [];
    }),
    assignee: assignees[0] ?? null,
    assignees,
    milestone: milestone ? milestoneWire(site, store, repository, milestone) : null,
    locked: issue.locked,
    active_lock_reason: null,
    comments: issue.commentCount,
    ...(issue.pullRequest && {
      draft: issue.pullRequest.draft,
      pull_request: {
        url: `${api}/pulls/${issue.number}`,
        html_url: htmlUrl,
        diff_url: `${htmlUrl}.diff`,
        patch_url: `${htmlUrl}.patch`,
        merged_at: issue.pullRequest.mergedAt,
      },
    }),
    closed_at: issue.closedAt,
    closed_by: nullableSimpleUser(site, store, issue.closedById),
    created_at: issue.createdAt,
    updated_at: issue.updatedAt,
    author_association: authorAssociation(store, repository, issue.authorId),
    reactions: noReactions(url),
    type: typeOfIssue(store, repository, issue),
    ...(!issue.pullRequest && relationSummaries(store, issue)),
  };
}
