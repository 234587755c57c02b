/**
 * Organisations' issue types (`GET /orgs/{org}/issue-types`) and the `type` an issue carries: set
 * by name when an issue is opened or edited, announced as `issues.typed` / `issues.untyped`.
 */
import type { FastifyInstance } from "fastify";
import type { SandboxContext } from "../context.js";
import { notFound, validationFailed } from "../http/errors.js";
import { nodeId } from "../http/site.js";
import { requireViewer } from "../http/viewer.js";
import type { Account, Issue, IssueType, Repository } from "../store/records.js";
import type { HubStore } from "../store/store.js";

/** GitHub's `issue-type`. */
export function issueTypeWire(type: IssueType) {
  return {
    id: type.id,
    node_id: nodeId("IssueType", type.id),
    name: type.name,
    description: type.description,
    color: type.color,
    created_at: type.createdAt,
    updated_at: type.updatedAt,
    is_enabled: type.isEnabled,
  };
}

/** The issue's type as GitHub shows it on the issue; null when it has none. */
export function typeOfIssue(store: HubStore, repository: Repository, issue: Issue) {
  if (issue.typeId === null) return null;
  const type = store.issueTypesOf(store.account(repository.ownerId)).find((candidate) => candidate.id === issue.typeId);
  return type ? issueTypeWire(type) : null;
}

/** The type id a request names (null clears it); GitHub refuses a name the owner has no type for. */
export function typeIdNamed(store: HubStore, repository: Repository, name: string | null): number | null {
  if (name === null) return null;
  const type = store
    .issueTypesOf(store.account(repository.ownerId))
    .find((candidate) => candidate.isEnabled && candidate.name.toLowerCase() === name.toLowerCase());
  if (!type)
    throw validationFailed([
      { resource: "Issue", code: "invalid", field: "type", message: `${name} is not an issue type` },
    ]);
  return type.id;
}

export function registerIssueTypeRoutes(app: FastifyInstance, context: SandboxContext): void {
  const { store } = context;
  app.get<{ Params: { org: string } }>("/orgs/:org/issue-types", async (request) => {
    const viewer: Account = requireViewer(request);
    const org = store.accountByLogin(request.params.org);
    if (org?.type !== "Organization" || !store.isMember(org, viewer)) throw notFound();
    return store.issueTypesOf(org).map(issueTypeWire);
  });
}
