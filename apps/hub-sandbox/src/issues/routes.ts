import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { SandboxContext } from "../context.js";
import { notFound, validationFailed } from "../http/errors.js";
import { readBody } from "../http/input.js";
import { paginate } from "../http/pagination.js";
import { requireViewer } from "../http/viewer.js";
import { labelWire } from "../labels/wire.js";
import {
  assignableUsers,
  checkMayEdit,
  hasAccess,
  loadRepository,
  permissionOf,
  type RepositoryParams,
} from "../repos/access.js";
import type { Issue, IssueState, Repository, StateReason } from "../store/records.js";
import { simpleUser } from "../users/wire.js";
import { queryIssues } from "./query.js";
import { findIssue, type IssueChanges, openIssue, updateIssue } from "./service.js";
import { issueWire } from "./wire.js";

type IssueParams = RepositoryParams & { issue_number: string };

const states: readonly IssueState[] = ["open", "closed"];
const stateReasons: readonly StateReason[] = ["completed", "not_planned", "reopened", "duplicate"];

/** The fields of an issue update body; labels, assignees and milestone only count for those who may push, as on GitHub. */
/** `type` is a name, or GitHub's newer `{ value }` form; null clears it. */
function issueTypeName(body: ReturnType<typeof readBody>): string | null | undefined {
  if (!body.has("type")) return undefined;
  const raw = body.raw("type");
  const value = raw !== null && typeof raw === "object" ? (raw as { value?: unknown }).value : raw;
  if (value === null || typeof value === "string") return value;
  throw validationFailed([{ resource: "Issue", code: "invalid", field: "type" }]);
}

export function readIssueChanges(request: FastifyRequest, mayTriage: boolean): IssueChanges {
  const body = readBody(request, "Issue");
  const state = body.string("state");
  if (state !== undefined && !states.includes(state as IssueState)) {
    throw validationFailed([{ resource: "Issue", code: "invalid", field: "state" }]);
  }
  const stateReason = body.nullableString("state_reason");
  if (typeof stateReason === "string" && !stateReasons.includes(stateReason as StateReason)) {
    throw validationFailed([{ resource: "Issue", code: "invalid", field: "state_reason" }]);
  }
  const title = body.string("title");
  if (title !== undefined && title.trim() === "")
    throw validationFailed([{ resource: "Issue", code: "missing_field", field: "title" }]);
  const assignee = body.nullableString("assignee");
  const assignees =
    body.stringArray("assignees") ?? (assignee === undefined ? undefined : assignee === null ? [] : [assignee]);
  return {
    title,
    body: body.nullableString("body"),
    state: state as IssueState | undefined,
    stateReason: stateReason as StateReason | null | undefined,
    ...(mayTriage && {
      assignees,
      labels: body.stringArray("labels"),
      milestone: body.nullableInteger("milestone"),
      type: issueTypeName(body),
    }),
  };
}

export function registerIssueRoutes(app: FastifyInstance, context: SandboxContext): void {
  const { store } = context;
  const answer = (request: FastifyRequest, repository: Repository, issue: Issue) =>
    issueWire(request.site, store, repository, issue);
  const mayTriage = (request: FastifyRequest, repository: Repository) =>
    hasAccess(permissionOf(store, repository, request.viewer), "push");
  const loadEditable = (request: FastifyRequest<{ Params: IssueParams }>) => {
    const repository = loadRepository(context, request);
    const viewer = requireViewer(request);
    const issue = findIssue(repository, Number(request.params.issue_number));
    checkMayEdit(store, repository, viewer, issue.authorId);
    return { repository, issue, viewer };
  };

  app.get<{ Params: RepositoryParams }>("/repos/:owner/:repo/issues", async (request, reply) => {
    const repository = loadRepository(context, request);
    const page = paginate(request, reply, queryIssues(store, repository, request));
    return page.map((issue) => answer(request, repository, issue));
  });

  app.post<{ Params: RepositoryParams }>("/repos/:owner/:repo/issues", async (request, reply) => {
    const repository = loadRepository(context, request);
    const author = requireViewer(request);
    const changes = readIssueChanges(request, mayTriage(request, repository));
    const title = readBody(request, "Issue").requiredString("title");
    const issue = openIssue(context, request.site, repository, author, { ...changes, title });
    return reply
      .code(201)
      .header("location", `${request.site.apiUrl}/repos/${store.fullName(repository)}/issues/${issue.number}`)
      .send(answer(request, repository, issue));
  });

  app.get<{ Params: IssueParams }>("/repos/:owner/:repo/issues/:issue_number", async (request) => {
    const repository = loadRepository(context, request);
    return answer(request, repository, findIssue(repository, Number(request.params.issue_number)));
  });

  app.patch<{ Params: IssueParams }>("/repos/:owner/:repo/issues/:issue_number", async (request) => {
    const { repository, issue, viewer } = loadEditable(request);
    updateIssue(
      context,
      request.site,
      repository,
      issue,
      viewer,
      readIssueChanges(request, mayTriage(request, repository)),
    );
    return answer(request, repository, issue);
  });

  app.get<{ Params: IssueParams }>("/repos/:owner/:repo/issues/:issue_number/labels", async (request, reply) => {
    const repository = loadRepository(context, request);
    const issue = findIssue(repository, Number(request.params.issue_number));
    const labels = issue.labelIds.flatMap((id) => repository.labels.get(id) ?? []);
    return paginate(request, reply, labels).map((label) => labelWire(request.site, store, repository, label));
  });

  const setLabels = (replace: boolean) => async (request: FastifyRequest<{ Params: IssueParams }>) => {
    const repository = loadRepository(context, request, "push");
    const issue = findIssue(repository, Number(request.params.issue_number));
    const body = readBody(request, "Label");
    const names = body.stringArray("labels") ?? [];
    const current = issue.labelIds.flatMap((id) => repository.labels.get(id)?.name ?? []);
    updateIssue(context, request.site, repository, issue, requireViewer(request), {
      labels: replace ? names : [...current, ...names],
    });
    return answer(request, repository, issue).labels;
  };
  app.post<{ Params: IssueParams }>("/repos/:owner/:repo/issues/:issue_number/labels", setLabels(false));
  app.put<{ Params: IssueParams }>("/repos/:owner/:repo/issues/:issue_number/labels", setLabels(true));

  app.delete<{ Params: IssueParams & { name: string } }>(
    "/repos/:owner/:repo/issues/:issue_number/labels/:name",
    async (request) => {
      const repository = loadRepository(context, request, "push");
      const issue = findIssue(repository, Number(request.params.issue_number));
      const label = store.labelByName(repository, request.params.name);
      if (!label || !issue.labelIds.includes(label.id)) throw notFound();
      const remaining = issue.labelIds.flatMap((id) =>
        id === label.id ? [] : (repository.labels.get(id)?.name ?? []),
      );
      updateIssue(context, request.site, repository, issue, requireViewer(request), { labels: remaining });
      return answer(request, repository, issue).labels;
    },
  );

  const changeAssignees =
    (adding: boolean) => async (request: FastifyRequest<{ Params: IssueParams }>, reply: FastifyReply) => {
      const repository = loadRepository(context, request, "push");
      const issue = findIssue(repository, Number(request.params.issue_number));
      const logins = readBody(request, "Issue").stringArray("assignees") ?? [];
      const current = issue.assigneeIds.map((id) => store.account(id).login);
      const lowered = logins.map((login) => login.toLowerCase());
      const next = adding ? [...current, ...logins] : current.filter((login) => !lowered.includes(login.toLowerCase()));
      updateIssue(context, request.site, repository, issue, requireViewer(request), { assignees: next });
      return reply.code(adding ? 201 : 200).send(answer(request, repository, issue));
    };
  app.post<{ Params: IssueParams }>("/repos/:owner/:repo/issues/:issue_number/assignees", changeAssignees(true));
  app.delete<{ Params: IssueParams }>("/repos/:owner/:repo/issues/:issue_number/assignees", changeAssignees(false));

  app.get<{ Params: RepositoryParams }>("/repos/:owner/:repo/assignees", async (request, reply) => {
    const repository = loadRepository(context, request);
    return paginate(request, reply, assignableUsers(store, repository)).map((account) =>
      simpleUser(request.site, account),
    );
  });

  app.get<{ Params: RepositoryParams & { assignee: string } }>(
    "/repos/:owner/:repo/assignees/:assignee",
    async (request, reply) => {
      const repository = loadRepository(context, request);
      const wanted = request.params.assignee.toLowerCase();
      if (!assignableUsers(store, repository).some((account) => account.login.toLowerCase() === wanted))
        throw notFound();
      return reply.code(204).send();
    },
  );
}
