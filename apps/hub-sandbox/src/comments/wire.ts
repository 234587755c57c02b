import { nodeId, type Site } from "../http/site.js";
import { noReactions } from "../issues/wire.js";
import { authorAssociation } from "../repos/access.js";
import { repositoryApiUrl, repositoryHtmlUrl } from "../repos/wire.js";
import type { IssueComment, Repository } from "../store/records.js";
import type { HubStore } from "../store/store.js";
import { simpleUser } from "../users/wire.js";

/** GitHub's `issue-comment`. */
export function commentWire(site: Site, store: HubStore, repository: Repository, comment: IssueComment) {
  const api = repositoryApiUrl(site, store, repository);
  const url = `${api}/issues/comments/${comment.id}`;
  const isPull = repository.issues.get(comment.issueNumber)?.pullRequest != null;
  return {
    id: comment.id,
    node_id: nodeId("IssueComment", comment.id),
    url,
    html_url: `${repositoryHtmlUrl(site, store, repository)}/${isPull ? "pull" : "issues"}/${comment.issueNumber}#issuecomment-${comment.id}`,
    body: comment.body,
    user: simpleUser(site, store.account(comment.authorId)),
    created_at: comment.createdAt,
    updated_at: comment.updatedAt,
    issue_url: `${api}/issues/${comment.issueNumber}`,
    author_association: authorAssociation(store, repository, comment.authorId),
    performed_via_github_app: null,
    reactions: noReactions(url),
  };
}
