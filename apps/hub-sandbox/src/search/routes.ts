import type { FastifyInstance } from "fastify";
import type { SandboxContext } from "../context.js";
import { validationFailed } from "../http/errors.js";
import { queryParam } from "../http/input.js";
import { paginate } from "../http/pagination.js";
import { sortIssues } from "../issues/query.js";
import { issueWire } from "../issues/wire.js";
import { permissionOf } from "../repos/access.js";
import type { Issue, Repository } from "../store/records.js";
import type { HubStore } from "../store/store.js";
import { type IssueSearch, parseIssueSearch } from "./query.js";

function matches(store: HubStore, repository: Repository, issue: Issue, search: IssueSearch): boolean {
  if (search.type === "issue" && issue.pullRequest) return false;
  if (search.type === "pr" && !issue.pullRequest) return false;
  if (search.state && issue.state !== search.state) return false;
  if (search.author && store.account(issue.authorId).login.toLowerCase() !== search.author) return false;
  if (search.assignee && !issue.assigneeIds.some((id) => store.account(id).login.toLowerCase() === search.assignee)) {
    return false;
  }
  const labels = issue.labelIds.map((id) => repository.labels.get(id)?.name.toLowerCase());
  if (!search.labels.every((label) => labels.includes(label))) return false;
  const text = `${issue.title}\n${issue.body ?? ""}`.toLowerCase();
  return search.terms.every((term) => text.includes(term));
}

export function registerSearchRoutes(app: FastifyInstance, context: SandboxContext): void {
  const { store } = context;

  app.get("/search/issues", { config: { rateLimitResource: "search" } }, async (request, reply) => {
    const q = queryParam(request, "q");
    if (!q?.trim()) throw validationFailed([{ resource: "Search", field: "q", code: "missing" }]);
    const search = parseIssueSearch(q);
    const repositories = [...store.repositories.values()].filter(
      (repository) =>
        permissionOf(store, repository, request.viewer) !== null &&
        (search.repositories.length === 0 || search.repositories.includes(store.fullName(repository).toLowerCase())),
    );
    const found = repositories.flatMap((repository) =>
      [...repository.issues.values()]
        .filter((issue) => matches(store, repository, issue, search))
        .map((issue) => ({ repository, issue })),
    );
    // Without a `sort`, GitHub orders by relevance; the sandbox treats the most recently updated as most relevant.
    const order = sortIssues(
      found.map(({ issue }) => issue),
      queryParam(request, "sort") ?? "updated",
      queryParam(request, "order") ?? "desc",
    );
    const repositoryOf = new Map(found.map(({ repository, issue }) => [issue, repository]));
    const site = request.site;
    const items = paginate(request, reply, order).flatMap((issue) => {
      const repository = repositoryOf.get(issue);
      return repository ? [{ ...issueWire(site, store, repository, issue), score: 1 }] : [];
    });
    return { total_count: found.length, incomplete_results: false, items, search_type: "lexical" };
  });
}
