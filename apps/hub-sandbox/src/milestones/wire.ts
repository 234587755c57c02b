import { nodeId, type Site } from "../http/site.js";
import { repositoryApiUrl, repositoryHtmlUrl } from "../repos/wire.js";
import type { Milestone, Repository } from "../store/records.js";
import type { HubStore } from "../store/store.js";
import { simpleUser } from "../users/wire.js";

/** GitHub's `milestone`, with its open and closed issue counts. */
export function milestoneWire(site: Site, store: HubStore, repository: Repository, milestone: Milestone) {
  const url = `${repositoryApiUrl(site, store, repository)}/milestones/${milestone.number}`;
  let open = 0;
  let closed = 0;
  for (const issue of repository.issues.values()) {
    if (issue.milestoneNumber !== milestone.number) continue;
    if (issue.state === "open") open += 1;
    else closed += 1;
  }
  return {
    url,
    html_url: `${repositoryHtmlUrl(site, store, repository)}/milestone/${milestone.number}`,
    labels_url: `${url}/labels`,
    id: milestone.id,
    node_id: nodeId("Milestone", milestone.id),
    number: milestone.number,
    state: milestone.state,
    title: milestone.title,
    description: milestone.description,
    creator: simpleUser(site, store.account(milestone.creatorId)),
    open_issues: open,
    closed_issues: closed,
    created_at: milestone.createdAt,
    updated_at: milestone.updatedAt,
    closed_at: milestone.closedAt,
    due_on: milestone.dueOn,
  };
}
