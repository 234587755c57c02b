/**
 * GitHub's sub-issues and issue dependencies: the REST endpoints (`/sub_issues`, `/sub_issue`,
 * `/dependencies/blocked_by`, `/dependencies/blocking`) and the deliveries they cause. Each link is
 * announced to both issues' repositories, as GitHub does: `sub_issues.sub_issue_added` to the
 * parent's and `parent_issue_added` to the child's; `issue_dependencies.blocked_by_added` to the
 * blocked issue's and `blocking_added` to the blocking one's. GitHub's limits hold: 100 sub-issues,
 * 8 levels, the same owner, no cycles.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { SandboxContext } from "../context.js";
import { notFound, validationFailed } from "../http/errors.js";
import { readBody } from "../http/input.js";
import { paginate } from "../http/pagination.js";
import type { Site } from "../http/site.js";
import { requireViewer } from "../http/viewer.js";
import { loadRepository, type RepositoryParams } from "../repos/access.js";
import { repositoryWire } from "../repos/wire.js";
import type { Account, Issue, Repository } from "../store/records.js";
import { findIssue } from "./service.js";
import { issueWire } from "./wire.js";

type IssueParams = RepositoryParams & { issue_number: string };

export const MAX_SUB_ISSUES = 100;
export const MAX_SUB_ISSUE_DEPTH = 8;

type Located = { repository: Repository; issue: Issue };
/**
 * A kind of link between two issues as its webhook tells it: the event, each end's name in the
 * payload, and the action each end's repository hears (before `added` or `removed`).
 */
type LinkKind = { event: string; roles: [string, string]; actions: [string, string] };
const SUB_ISSUE: LinkKind = { event: "sub_issues", roles: ["parent", "sub"], actions: ["sub_issue_", "parent_issue_"] };
const DEPENDENCY: LinkKind = {
  event: "issue_dependencies",
  roles: ["blocked", "blocking"],
  actions: ["blocked_by_", "blocking_"],
};

function refuse(message: string): never {
  throw validationFailed([{ resource: "Issue", code: "invalid", field: "sub_issue_id", message }], message);
}

export function registerIssueRelationRoutes(app: FastifyInstance, context: SandboxContext): void {
  const { store, webhooks } = context;
  const wire = (site: Site, { repository, issue }: Located) => issueWire(site, store, repository, issue);
  const other = (id: number): Located => {
    const found = store.issueById(id);
    if (!found) throw notFound();
    return found;
  };
  const depthAbove = (issue: Issue) => {
    let depth = 0;
    for (let at = issue.parentId; at !== null; at = store.issueById(at)?.issue.parentId ?? null) depth++;
    return depth;
  };
  const depthBelow = (issue: Issue): number =>
    Math.max(0, ...issue.subIssueIds.map((id) => 1 + depthBelow(other(id).issue)));
  const isAncestor = (candidate: Issue, of: Issue) => {
    for (let at = of.parentId; at !== null; at = store.issueById(at)?.issue.parentId ?? null) {
      if (at === candidate.id) return true;
    }
    return false;
  };

  /** A link changes both issues, as their `updated_at` shows (what a reconciliation reads by). */
  const touch = (...located: Located[]) => {
    const now = store.timestamp();
    for (const { issue } of located) issue.updatedAt = now;
  };

  /**
   * Tells both issues' repositories of a link between them, as GitHub does: each side's event names
   * both issues (`<role>_issue_id`, `<role>_issue`) and the other side's repository.
   */
  function announceLink(site: Site, sender: Account, link: LinkKind, ends: [Located, Located], added: boolean) {
    const verb = added ? "added" : "removed";
    const [first, second] = ends;
    const [firstRole, secondRole] = link.roles;
    touch(first, second);
    const common = {
      [`${firstRole}_issue_id`]: first.issue.id,
      [`${firstRole}_issue`]: wire(site, first),
      [`${secondRole}_issue_id`]: second.issue.id,
      [`${secondRole}_issue`]: wire(site, second),
    };
    webhooks.emit(site, first.repository, sender, link.event, {
      action: `${link.actions[0]}${verb}`,
      ...common,
      [`${secondRole}_issue_repo`]: repositoryWire(site, store, second.repository, null),
    });
    webhooks.emit(site, second.repository, sender, link.event, {
      action: `${link.actions[1]}${verb}`,
      ...common,
      [`${firstRole}_issue_repo`]: repositoryWire(site, store, first.repository, null),
    });
  }

  const located = (request: FastifyRequest<{ Params: IssueParams }>, wanted: "read" | "push" = "read"): Located => {
    const repository = loadRepository(context, request, wanted);
    return { repository, issue: findIssue(repository, Number(request.params.issue_number)) };
  };
  const listed = (request: FastifyRequest, reply: FastifyReply, ids: number[]) =>
    paginate(request, reply, ids.map(other)).map((entry) => wire(request.site, entry));

  app.get<{ Params: IssueParams }>("/repos/:owner/:repo/issues/:issue_number/sub_issues", async (request, reply) =>
    listed(request, reply, located(request).issue.subIssueIds),
  );

  app.post<{ Params: IssueParams }>("/repos/:owner/:repo/issues/:issue_number/sub_issues", async (request, reply) => {
    const parent = located(request, "push");
    const body = readBody(request, "Issue");
    const child = other(body.requiredInteger("sub_issue_id"));
    const replace = body.boolean("replace_parent") ?? false;
    if (child.repository.ownerId !== parent.repository.ownerId)
      refuse("Sub-issues must belong to a repository of the same owner.");
    if (child.issue.id === parent.issue.id || isAncestor(child.issue, parent.issue))
      refuse("An issue cannot be its own sub-issue or ancestor.");
    if (child.issue.parentId !== null && !replace)
      refuse("Issue may not contain duplicate sub-issues or has a parent.");
    if (parent.issue.subIssueIds.length >= MAX_SUB_ISSUES)
      refuse(`An issue can have at most ${MAX_SUB_ISSUES} sub-issues.`);
    if (depthAbove(parent.issue) + 1 + depthBelow(child.issue) >= MAX_SUB_ISSUE_DEPTH)
      refuse(`Sub-issues may be nested at most ${MAX_SUB_ISSUE_DEPTH} levels deep.`);
    const sender = requireViewer(request);
    if (child.issue.parentId !== null) {
      const former = other(child.issue.parentId);
      former.issue.subIssueIds = former.issue.subIssueIds.filter((id) => id !== child.issue.id);
      announceLink(request.site, sender, SUB_ISSUE, [former, child], false);
    }
    child.issue.parentId = parent.issue.id;
    parent.issue.subIssueIds.push(child.issue.id);
    announceLink(request.site, sender, SUB_ISSUE, [parent, child], true);
    return reply.code(201).send(wire(request.site, parent));
  });

  app.delete<{ Params: IssueParams }>("/repos/:owner/:repo/issues/:issue_number/sub_issue", async (request) => {
    const parent = located(request, "push");
    const child = other(readBody(request, "Issue").requiredInteger("sub_issue_id"));
    if (child.issue.parentId !== parent.issue.id) throw notFound();
    child.issue.parentId = null;
    parent.issue.subIssueIds = parent.issue.subIssueIds.filter((id) => id !== child.issue.id);
    announceLink(request.site, requireViewer(request), SUB_ISSUE, [parent, child], false);
    return wire(request.site, parent);
  });

  app.patch<{ Params: IssueParams }>(
    "/repos/:owner/:repo/issues/:issue_number/sub_issues/priority",
    async (request) => {
      const parent = located(request, "push");
      const body = readBody(request, "Issue");
      const moving = body.requiredInteger("sub_issue_id");
      const after = body.integer("after_id");
      const before = body.integer("before_id");
      const rest = parent.issue.subIssueIds.filter((id) => id !== moving);
      if (rest.length === parent.issue.subIssueIds.length) throw notFound();
      const anchor = after ?? before;
      const at = anchor === undefined ? -1 : rest.indexOf(anchor);
      if (at < 0) refuse("after_id or before_id must name another sub-issue of this issue.");
      rest.splice(after !== undefined ? at + 1 : at, 0, moving);
      parent.issue.subIssueIds = rest;
      // GitHub sends no delivery for a new order; the parent's updated_at lets a reconciliation see it.
      touch(parent);
      return wire(request.site, parent);
    },
  );

  app.get<{ Params: IssueParams }>(
    "/repos/:owner/:repo/issues/:issue_number/dependencies/blocked_by",
    async (request, reply) => listed(request, reply, located(request).issue.blockedByIds),
  );

  app.get<{ Params: IssueParams }>(
    "/repos/:owner/:repo/issues/:issue_number/dependencies/blocking",
    async (request, reply) => {
      return listed(request, reply, located(request).issue.blockingIds);
    },
  );

  app.post<{ Params: IssueParams }>(
    "/repos/:owner/:repo/issues/:issue_number/dependencies/blocked_by",
    async (request, reply) => {
      const blocked = located(request, "push");
      const blocking = other(readBody(request, "Issue").requiredInteger("issue_id"));
      if (blocking.issue.id === blocked.issue.id) refuse("An issue cannot block itself.");
      if (!blocked.issue.blockedByIds.includes(blocking.issue.id)) {
        blocked.issue.blockedByIds.push(blocking.issue.id);
        blocking.issue.blockingIds.push(blocked.issue.id);
        announceLink(request.site, requireViewer(request), DEPENDENCY, [blocked, blocking], true);
      }
      return reply.code(201).send(wire(request.site, blocking));
    },
  );

  app.delete<{ Params: IssueParams & { issue_id: string } }>(
    "/repos/:owner/:repo/issues/:issue_number/dependencies/blocked_by/:issue_id",
    async (request) => {
      const blocked = located(request, "push");
      const blocking = other(Number(request.params.issue_id));
      if (!blocked.issue.blockedByIds.includes(blocking.issue.id)) throw notFound();
      blocked.issue.blockedByIds = blocked.issue.blockedByIds.filter((id) => id !== blocking.issue.id);
      blocking.issue.blockingIds = blocking.issue.blockingIds.filter((id) => id !== blocked.issue.id);
      announceLink(request.site, requireViewer(request), DEPENDENCY, [blocked, blocking], false);
      return wire(request.site, blocking);
    },
  );
}
