import { nodeId, type Site } from "../http/site.js";
import { repositoryApiUrl } from "../repos/wire.js";
import type { Label, Repository } from "../store/records.js";
import type { HubStore } from "../store/store.js";

/** GitHub's `label`. */
export function labelWire(site: Site, store: HubStore, repository: Repository, label: Label) {
  return {
    id: label.id,
    node_id: nodeId("Label", label.id),
    url: `${repositoryApiUrl(site, store, repository)}/labels/${encodeURIComponent(label.name)}`,
    name: label.name,
    color: label.color,
    default: label.isDefault,
    description: label.description,
  };
}
