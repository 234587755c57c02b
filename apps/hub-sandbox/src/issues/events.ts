import type { SandboxContext } from "../context.js";
import type { Site } from "../http/site.js";
import { isPullRequest, pullRequestWire } from "../pulls/wire.js";
import type { Account, Issue, Repository } from "../store/records.js";
import { issueWire } from "./wire.js";

/** Announces a change to an issue as an `issues` event, or to a pull request as a `pull_request` event. */
export function emitIssueEvent(
  context: SandboxContext,
  site: Site,
  repository: Repository,
  issue: Issue,
  sender: Account,
  action: string,
  extra: Record<string, unknown> = {},
): void {
  const { store, webhooks } = context;
  if (isPullRequest(issue)) {
    webhooks.emit(site, repository, sender, "pull_request", {
      action,
      number: issue.number,
      pull_request: pullRequestWire(site, store, repository, issue),
      ...extra,
    });
  } else {
    webhooks.emit(site, repository, sender, "issues", {
      action,
      issue: issueWire(site, store, repository, issue),
      ...extra,
    });
  }
}
