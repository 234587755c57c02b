import type { FastifyInstance, FastifyRequest } from "fastify";
import type { SandboxContext } from "../context.js";
import { queryParam, readBody } from "../http/input.js";
import { paginate } from "../http/pagination.js";
import { requireViewer } from "../http/viewer.js";
import { timestampParam } from "../issues/query.js";
import { findIssue } from "../issues/service.js";
import { checkMayEdit, loadRepository, type RepositoryParams } from "../repos/access.js";
import type { IssueComment, Repository } from "../store/records.js";
import { addComment, deleteComment, editComment, findComment } from "./service.js";
import { commentWire } from "./wire.js";

type CommentParams = RepositoryParams & { comment_id: string };

/** Comments updated at or after `since`, oldest first unless `sort`/`direction` say otherwise. */
function listComments(request: FastifyRequest, comments: IssueComment[]): IssueComment[] {
  const since = timestampParam(request, "since", "IssueComment");
  const key = queryParam(request, "sort") === "updated" ? "updatedAt" : "createdAt";
  const sign = (queryParam(request, "direction") ?? "asc") === "asc" ? 1 : -1;
  return comments
    .filter((comment) => since === undefined || Date.parse(comment.updatedAt) >= since)
    .sort((a, b) => sign * (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : a.id - b.id));
}

export function registerCommentRoutes(app: FastifyInstance, context: SandboxContext): void {
  const answer = (request: FastifyRequest, repository: Repository, comment: IssueComment) =>
    commentWire(request.site, context.store, repository, comment);
  const loadEditable = (request: FastifyRequest<{ Params: CommentParams }>) => {
    const repository = loadRepository(context, request);
    const viewer = requireViewer(request);
    const comment = findComment(repository, Number(request.params.comment_id));
    checkMayEdit(context.store, repository, viewer, comment.authorId);
    return { repository, comment, viewer };
  };

  app.get<{ Params: RepositoryParams & { issue_number: string } }>(
    "/repos/:owner/:repo/issues/:issue_number/comments",
    async (request, reply) => {
      const repository = loadRepository(context, request);
      const issue = findIssue(repository, Number(request.params.issue_number));
      const comments = [...repository.comments.values()].filter((comment) => comment.issueNumber === issue.number);
      return paginate(request, reply, listComments(request, comments)).map((comment) =>
        answer(request, repository, comment),
      );
    },
  );

  app.post<{ Params: RepositoryParams & { issue_number: string } }>(
    "/repos/:owner/:repo/issues/:issue_number/comments",
    async (request, reply) => {
      const repository = loadRepository(context, request);
      const issue = findIssue(repository, Number(request.params.issue_number));
      const body = readBody(request, "IssueComment").requiredString("body");
      const comment = addComment(context, request.site, repository, issue, requireViewer(request), body);
      return reply.code(201).send(answer(request, repository, comment));
    },
  );

  app.get<{ Params: RepositoryParams }>("/repos/:owner/:repo/issues/comments", async (request, reply) => {
    const repository = loadRepository(context, request);
    const comments = listComments(request, [...repository.comments.values()]);
    return paginate(request, reply, comments).map((comment) => answer(request, repository, comment));
  });

  app.get<{ Params: CommentParams }>("/repos/:owner/:repo/issues/comments/:comment_id", async (request) => {
    const repository = loadRepository(context, request);
    return answer(request, repository, findComment(repository, Number(request.params.comment_id)));
  });

  app.patch<{ Params: CommentParams }>("/repos/:owner/:repo/issues/comments/:comment_id", async (request) => {
    const { repository, comment, viewer } = loadEditable(request);
    const body = readBody(request, "IssueComment").requiredString("body");
    editComment(context, request.site, repository, viewer, comment, body);
    return answer(request, repository, comment);
  });

  app.delete<{ Params: CommentParams }>("/repos/:owner/:repo/issues/comments/:comment_id", async (request, reply) => {
    const { repository, comment, viewer } = loadEditable(request);
    deleteComment(context, request.site, repository, viewer, comment);
    return reply.code(204).send();
  });
}
