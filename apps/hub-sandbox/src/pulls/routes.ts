import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { SandboxContext } from "../context.js";
import { notFound, validationFailed } from "../http/errors.js";
import { queryParam, readBody } from "../http/input.js";
import { paginate } from "../http/pagination.js";
import { requireViewer } from "../http/viewer.js";
import { sortIssues } from "../issues/query.js";
import { readIssueChanges } from "../issues/routes.js";
import { findIssue, openIssue, updateIssue } from "../issues/service.js";
import { checkMayEdit, hasAccess, loadRepository, permissionOf, type RepositoryParams } from "../repos/access.js";
import type { Repository } from "../store/records.js";
import { simpleUser } from "../users/wire.js";
import { mergePullRequest, removeRequestedReviewers, requestReviewers } from "./service.js";
import { isPullRequest, type PullRequest, pullRequestWire } from "./wire.js";

type PullParams = RepositoryParams & { pull_number: string };

function findPull(repository: Repository, number: string): PullRequest {
  const issue = findIssue(repository, Number(number));
  if (!isPullRequest(issue)) throw notFound();
  return issue;
}

/** `head` may be given as `owner:branch`; the sandbox has one owner per repository, so only the branch matters. */
function branchOf(head: string): string {
  return head.includes(":") ? head.slice(head.indexOf(":") + 1) : head;
}

export function registerPullRequestRoutes(app: FastifyInstance, context: SandboxContext): void {
  const { store } = context;
  const answer = (request: FastifyRequest, repository: Repository, pull: PullRequest) =>
    pullRequestWire(request.site, store, repository, pull);

  app.get<{ Params: RepositoryParams }>("/repos/:owner/:repo/pulls", async (request, reply) => {
    const repository = loadRepository(context, request);
    const state = queryParam(request, "state") ?? "open";
    const head = queryParam(request, "head");
    const base = queryParam(request, "base");
    const pulls = [...repository.issues.values()].filter(isPullRequest).filter((pull) => {
      if (state !== "all" && pull.state !== state) return false;
      if (head !== undefined && pull.pullRequest.headRef !== branchOf(head)) return false;
      return base === undefined || pull.pullRequest.baseRef === base;
    });
    const sort = queryParam(request, "sort") ?? "created";
    const direction = queryParam(request, "direction") ?? (sort === "long-running" ? "asc" : "desc");
    const sorted = sortIssues(pulls, sort, direction).filter(isPullRequest);
    return paginate(request, reply, sorted).map((pull) => answer(request, repository, pull));
  });

  app.post<{ Params: RepositoryParams }>("/repos/:owner/:repo/pulls", async (request, reply) => {
    const repository = loadRepository(context, request, "push");
    const body = readBody(request, "PullRequest");
    const title = body.requiredString("title");
    const headRef = branchOf(body.requiredString("head"));
    const baseRef = body.requiredString("base");
    if (headRef === baseRef) {
      throw validationFailed([
        { resource: "PullRequest", code: "custom", message: `No commits between ${baseRef} and ${headRef}` },
      ]);
    }
    const pull = openIssue(context, request.site, repository, requireViewer(request), {
      title,
      body: body.nullableString("body"),
      pullRequest: { headRef, baseRef, draft: body.boolean("draft") ?? false },
    });
    if (!isPullRequest(pull)) throw new Error("a pull request was opened without its details");
    return reply.code(201).send(answer(request, repository, pull));
  });

  app.get<{ Params: PullParams }>("/repos/:owner/:repo/pulls/:pull_number", async (request) => {
    const repository = loadRepository(context, request);
    return answer(request, repository, findPull(repository, request.params.pull_number));
  });

  app.patch<{ Params: PullParams }>("/repos/:owner/:repo/pulls/:pull_number", async (request) => {
    const repository = loadRepository(context, request);
    const viewer = requireViewer(request);
    const pull = findPull(repository, request.params.pull_number);
    checkMayEdit(store, repository, viewer, pull.authorId);
    const base = readBody(request, "PullRequest").string("base");
    if (base !== undefined) pull.pullRequest.baseRef = base;
    updateIssue(
      context,
      request.site,
      repository,
      pull,
      viewer,
      readIssueChanges(request, hasAccess(permissionOf(store, repository, viewer), "push")),
    );
    return answer(request, repository, pull);
  });

  app.put<{ Params: PullParams }>("/repos/:owner/:repo/pulls/:pull_number/merge", async (request) => {
    const repository = loadRepository(context, request, "push");
    const viewer = requireViewer(request);
    const pull = findPull(repository, request.params.pull_number);
    mergePullRequest(context, request.site, repository, pull, viewer);
    return { sha: pull.pullRequest.headSha, merged: true, message: "Pull Request successfully merged" };
  });

  app.get<{ Params: PullParams }>("/repos/:owner/:repo/pulls/:pull_number/requested_reviewers", async (request) => {
    const repository = loadRepository(context, request);
    const pull = findPull(repository, request.params.pull_number);
    return {
      users: pull.pullRequest.requestedReviewerIds.map((id) => simpleUser(request.site, store.account(id))),
      teams: [],
    };
  });

  const changeReviewers =
    (adding: boolean) => async (request: FastifyRequest<{ Params: PullParams }>, reply: FastifyReply) => {
      const repository = loadRepository(context, request, "push");
      const pull = findPull(repository, request.params.pull_number);
      const logins = readBody(request, "PullRequest").stringArray("reviewers") ?? [];
      const change = adding ? requestReviewers : removeRequestedReviewers;
      change(context, request.site, repository, pull, requireViewer(request), logins);
      return reply.code(adding ? 201 : 200).send(answer(request, repository, pull));
    };
  app.post<{ Params: PullParams }>("/repos/:owner/:repo/pulls/:pull_number/requested_reviewers", changeReviewers(true));
  app.delete<{ Params: PullParams }>(
    "/repos/:owner/:repo/pulls/:pull_number/requested_reviewers",
    changeReviewers(false),
  );
}
