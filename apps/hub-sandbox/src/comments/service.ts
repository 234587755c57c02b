import type { SandboxContext } from "../context.js";
import { notFound } from "../http/errors.js";
import type { Site } from "../http/site.js";
import { issueWire } from "../issues/wire.js";
import type { Account, Issue, IssueComment, Repository } from "../store/records.js";
import { commentWire } from "./wire.js";

function emitCommentEvent(
  context: SandboxContext,
  site: Site,
  repository: Repository,
  sender: Account,
  action: string,
  comment: IssueComment,
  extra: Record<string, unknown> = {},
) {
  const issue = repository.issues.get(comment.issueNumber);
  if (!issue) return;
  context.webhooks.emit(site, repository, sender, "issue_comment", {
    action,
    issue: issueWire(site, context.store, repository, issue),
    comment: commentWire(site, context.store, repository, comment),
    ...extra,
  });
}

export function findComment(repository: Repository, id: number): IssueComment {
  const comment = repository.comments.get(id);
  if (!comment) throw notFound();
  return comment;
}

/** A comment counts as activity on its issue, so the issue's `updated_at` moves too, as on GitHub. */
export function addComment(
  context: SandboxContext,
  site: Site,
  repository: Repository,
  issue: Issue,
  sender: Account,
  body: string,
): IssueComment {
  const comment = context.store.createComment(repository, issue, { authorId: sender.id, body });
  issue.updatedAt = comment.createdAt;
  emitCommentEvent(context, site, repository, sender, "created", comment);
  return comment;
}

export function editComment(
  context: SandboxContext,
  site: Site,
  repository: Repository,
  sender: Account,
  comment: IssueComment,
  body: string,
): void {
  if (body === comment.body) return;
  const from = comment.body;
  comment.body = body;
  comment.updatedAt = context.store.timestamp();
  emitCommentEvent(context, site, repository, sender, "edited", comment, { changes: { body: { from } } });
}

export function deleteComment(
  context: SandboxContext,
  site: Site,
  repository: Repository,
  sender: Account,
  comment: IssueComment,
): void {
  emitCommentEvent(context, site, repository, sender, "deleted", comment);
  repository.comments.delete(comment.id);
  const issue = repository.issues.get(comment.issueNumber);
  if (issue) issue.commentCount -= 1;
}
