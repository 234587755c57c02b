import type { SandboxContext } from "../context.js";
import { GitHubApiError } from "../http/errors.js";
import type { Site } from "../http/site.js";
import { emitIssueEvent } from "../issues/events.js";
import type { Account, Repository } from "../store/records.js";
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
