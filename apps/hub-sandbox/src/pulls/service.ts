import type { SandboxContext } from "../context.js";
import { GitHubApiError, validationFailed } from "../http/errors.js";
import type { Site } from "../http/site.js";
import { emitIssueEvent } from "../issues/events.js";
import { assignableUsers } from "../repos/access.js";
import type { Account, Repository } from "../store/records.js";
import { simpleUser } from "../users/wire.js";
import type { PullRequest } from "./wire.js";

/** Merging closes the pull request and marks it merged; GitHub sends it as `closed` with `merged: true`. */
export function mergePullRequest(
  context: SandboxContext,
  site: Site,
  repository: Repository,
  pull: PullRequest,
  sender: Account,
): void {
  if (pull.state !== "open") {
    throw new GitHubApiError(405, {
      message: "Pull Request is not mergeable",
      documentation_url: "https://docs.github.com/rest/pulls/pulls#merge-a-pull-request",
    });
  }
  const now = context.store.timestamp();
  pull.state = "closed";
  pull.stateReason = "completed";
  pull.closedAt = now;
  pull.closedById = sender.id;
  pull.updatedAt = now;
  pull.pullRequest.mergedAt = now;
  pull.pullRequest.mergedById = sender.id;
  emitIssueEvent(context, site, repository, pull, sender, "closed");
}

/**
 * Asks `logins` for a review, as GitHub does: each must be able to push (an organisation member
 * or collaborator) and none may be the author; one `review_requested` event per account newly
 * asked. Everything is checked before anything changes.
 */
export function requestReviewers(
  context: SandboxContext,
  site: Site,
  repository: Repository,
  pull: PullRequest,
  sender: Account,
  logins: readonly string[],
): void {
  const candidates = assignableUsers(context.store, repository);
  const accounts = logins.map((login) =>
    candidates.find((candidate) => candidate.login.toLowerCase() === login.toLowerCase()),
  );
  if (accounts.some((account) => account === undefined)) {
    throw validationFailed(
      [],
      `Reviews may only be requested from collaborators. One or more of the users or teams you specified is not a collaborator of the ${context.store.fullName(repository)} repository.`,
    );
  }
  const asked = accounts.filter((account): account is Account => account !== undefined);
  if (asked.some((account) => account.id === pull.authorId)) {
    throw validationFailed([], "Review cannot be requested from pull request author.");
  }
  const current = pull.pullRequest.requestedReviewerIds;
  const added = [...new Set(asked.map((account) => account.id))].filter((id) => !current.includes(id));
  changeReviewers(context, site, repository, pull, sender, [...current, ...added], added, "review_requested");
}

/** Withdraws review requests; logins that were not asked are ignored, as on GitHub. */
export function removeRequestedReviewers(
  context: SandboxContext,
  site: Site,
  repository: Repository,
  pull: PullRequest,
  sender: Account,
  logins: readonly string[],
): void {
  const lowered = new Set(logins.map((login) => login.toLowerCase()));
  const removed = pull.pullRequest.requestedReviewerIds.filter((id) =>
    lowered.has(context.store.account(id).login.toLowerCase()),
  );
  const kept = pull.pullRequest.requestedReviewerIds.filter((id) => !removed.includes(id));
  changeReviewers(context, site, repository, pull, sender, kept, removed, "review_request_removed");
}

/** Stores the pull request's new reviewers and sends one `action` event per account asked or no longer asked. */
function changeReviewers(
  context: SandboxContext,
  site: Site,
  repository: Repository,
  pull: PullRequest,
  sender: Account,
  reviewerIds: number[],
  changedIds: number[],
  action: "review_requested" | "review_request_removed",
): void {
  if (changedIds.length === 0) return;
  pull.pullRequest.requestedReviewerIds = reviewerIds;
  pull.updatedAt = context.store.timestamp();
  for (const id of changedIds)
    emitIssueEvent(context, site, repository, pull, sender, action, {
      requested_reviewer: simpleUser(site, context.store.account(id)),
    });
}
