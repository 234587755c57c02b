/**
 * The few GraphQL mutations of GitHub's API for changes REST cannot make: pinning, transferring
 * and deleting issues. They matter because of what GitHub sends for them: `issues.pinned` and
 * `unpinned` without `labels` or `state`, `issues.transferred` to the old repository and
 * `issues.opened` with `changes.old_issue` to the new one, and `issues.deleted`. Names, inputs and
 * payloads are GitHub's (`pinIssue`, `unpinIssue`, `transferIssue`, `deleteIssue`).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { buildSchema, graphql } from "graphql";
import type { SandboxContext } from "../context.js";
import { nodeId } from "../http/site.js";
import { requireViewer } from "../http/viewer.js";
import { issueWire } from "../issues/wire.js";
import { hasAccess, permissionOf, type RepositoryAccess } from "../repos/access.js";
import { repositoryWire } from "../repos/wire.js";
import type { Account, Issue, Repository } from "../store/records.js";

const schema = buildSchema(`
  type Repository { id: ID! name: String! nameWithOwner: String! }
  type Issue { id: ID! number: Int! title: String! url: String! repository: Repository! }
  input PinIssueInput { issueId: ID! clientMutationId: String }
  input UnpinIssueInput { issueId: ID! clientMutationId: String }
  input TransferIssueInput { issueId: ID! repositoryId: ID! createLabelsIfMissing: Boolean clientMutationId: String }
  input DeleteIssueInput { issueId: ID! clientMutationId: String }
  type PinIssuePayload { issue: Issue clientMutationId: String }
  type UnpinIssuePayload { issue: Issue clientMutationId: String }
  type TransferIssuePayload { issue: Issue clientMutationId: String }
  type DeleteIssuePayload { repository: Repository clientMutationId: String }
  type Query { viewer: String }
  type Mutation {
    pinIssue(input: PinIssueInput!): PinIssuePayload
    unpinIssue(input: UnpinIssueInput!): UnpinIssuePayload
    transferIssue(input: TransferIssueInput!): TransferIssuePayload
    deleteIssue(input: DeleteIssueInput!): DeleteIssuePayload
  }
`);

/** A GitHub-style error for the `errors` list. */
class GitHubGraphQLError extends Error {}

/** The record a node id names (the sandbox's ids are `0:<Type><id>` in base64, see nodeId). */
function decodeNode(id: string): { type: string; id: number } | null {
  const match = /^0:([A-Za-z]+)(\d+)$/.exec(Buffer.from(id, "base64").toString("utf8"));
  return match?.[1] && match[2] ? { type: match[1], id: Number(match[2]) } : null;
}

export function registerGraphQLRoutes(app: FastifyInstance, context: SandboxContext): void {
  const { store, webhooks } = context;

  function issueNamed(id: string): { repository: Repository; issue: Issue } {
    const node = decodeNode(id);
    const found = node?.type === "Issue" ? store.issueById(node.id) : undefined;
    if (!found || found.issue.pullRequest) {
      throw new GitHubGraphQLError(`Could not resolve to an Issue with the global id of '${id}'.`);
    }
    return found;
  }

  function repositoryNamed(id: string): Repository {
    const node = decodeNode(id);
    const repository = node?.type === "Repository" ? store.repositories.get(node.id) : undefined;
    if (!repository) throw new GitHubGraphQLError(`Could not resolve to a Repository with the global id of '${id}'.`);
    return repository;
  }

  function require(viewer: Account, repository: Repository, wanted: RepositoryAccess) {
    if (!hasAccess(permissionOf(store, repository, viewer), wanted)) {
      throw new GitHubGraphQLError(`${viewer.login} does not have the correct permissions to execute this mutation`);
    }
  }

  const repositoryNode = (repository: Repository) => ({
    id: nodeId("Repository", repository.id),
    name: repository.name,
    nameWithOwner: store.fullName(repository),
  });
  const issueNode = (repository: Repository, issue: Issue, request: FastifyRequest) => ({
    id: nodeId("Issue", issue.id),
    number: issue.number,
    title: issue.title,
    url: issueWire(request.site, store, repository, issue).html_url,
    repository: repositoryNode(repository),
  });

  /** GitHub's pin payloads carry the issue without its labels or state. */
  function pinEvent(request: FastifyRequest, viewer: Account, issueId: string, action: "pinned" | "unpinned") {
    const { repository, issue } = issueNamed(issueId);
    require(viewer, repository, "push");
    const { labels: _labels, state: _state, ...wire } = issueWire(request.site, store, repository, issue);
    webhooks.emit(request.site, repository, viewer, "issues", { action, issue: wire });
    return { issue: issueNode(repository, issue, request) };
  }

  const root = (request: FastifyRequest, viewer: Account) => ({
    pinIssue: ({ input }: { input: { issueId: string; clientMutationId?: string } }) => ({
      ...pinEvent(request, viewer, input.issueId, "pinned"),
      clientMutationId: input.clientMutationId ?? null,
    }),
    unpinIssue: ({ input }: { input: { issueId: string; clientMutationId?: string } }) => ({
      ...pinEvent(request, viewer, input.issueId, "unpinned"),
      clientMutationId: input.clientMutationId ?? null,
    }),
    transferIssue: ({ input }: { input: { issueId: string; repositoryId: string; clientMutationId?: string } }) => {
      const { repository: from, issue } = issueNamed(input.issueId);
      const to = repositoryNamed(input.repositoryId);
      require(viewer, from, "push");
      require(viewer, to, "push");
      if (from.ownerId !== to.ownerId) {
        throw new GitHubGraphQLError("Issues can only be transferred between repositories of the same owner.");
      }
      const site = request.site;
      const oldWire = issueWire(site, store, from, issue);
      // Labels travel by name (created where missing, as createLabelsIfMissing asks); the milestone does not.
      const labelIds = issue.labelIds.flatMap((id) => {
        const label = from.labels.get(id);
        if (!label) return [];
        return [(store.labelByName(to, label.name) ?? store.createLabel(to, label)).id];
      });
      const moved = store.createIssue(to, {
        title: issue.title,
        body: issue.body,
        state: issue.state,
        authorId: issue.authorId,
        assigneeIds: issue.assigneeIds,
        labelIds,
      });
      from.issues.delete(issue.number);
      const newWire = issueWire(site, store, to, moved);
      webhooks.emit(site, from, viewer, "issues", {
        action: "transferred",
        issue: oldWire,
        changes: { new_issue: newWire, new_repository: repositoryWire(site, store, to, null) },
      });
      webhooks.emit(site, to, viewer, "issues", {
        action: "opened",
        issue: newWire,
        changes: { old_issue: oldWire, old_repository: repositoryWire(site, store, from, null) },
      });
      return { issue: issueNode(to, moved, request), clientMutationId: input.clientMutationId ?? null };
    },
    deleteIssue: ({ input }: { input: { issueId: string; clientMutationId?: string } }) => {
      const { repository, issue } = issueNamed(input.issueId);
      require(viewer, repository, "admin");
      const wire = issueWire(request.site, store, repository, issue);
      repository.issues.delete(issue.number);
      webhooks.emit(request.site, repository, viewer, "issues", { action: "deleted", issue: wire });
      return { repository: repositoryNode(repository), clientMutationId: input.clientMutationId ?? null };
    },
  });

  app.post("/graphql", async (request) => {
    const viewer = requireViewer(request);
    const body = (request.body ?? {}) as { query?: unknown; variables?: unknown };
    return graphql({
      schema,
      source: typeof body.query === "string" ? body.query : "",
      rootValue: root(request, viewer),
      variableValues: (body.variables ?? null) as Record<string, unknown> | null,
    });
  });
}
