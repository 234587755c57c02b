import type { FastifyInstance, FastifyRequest } from "fastify";
import type { SandboxContext } from "../context.js";
import { forbidden, notFound } from "../http/errors.js";
import { queryParam, readBody } from "../http/input.js";
import { paginate } from "../http/pagination.js";
import { requireViewer } from "../http/viewer.js";
import type { Account, Repository } from "../store/records.js";
import type { HubStore } from "../store/store.js";
import { hasAccess, loadRepository, permissionOf, type RepositoryParams } from "./access.js";
import { createRepository, deleteRepository, setCollaborator, updateRepository } from "./service.js";
import { repositoryWire } from "./wire.js";

type RepositorySort = "created" | "updated" | "pushed" | "full_name";

/** GitHub's `sort`/`direction` for repository lists: ascending by name, newest first otherwise. */
function sortRepositories(
  store: HubStore,
  request: FastifyRequest,
  repositories: Repository[],
  defaultSort: RepositorySort,
): Repository[] {
  const sort = (queryParam(request, "sort") ?? defaultSort) as RepositorySort;
  const direction = queryParam(request, "direction") ?? (sort === "full_name" ? "asc" : "desc");
  const key = (repository: Repository) =>
    sort === "full_name"
      ? store.fullName(repository).toLowerCase()
      : sort === "updated"
        ? repository.updatedAt
        : sort === "pushed"
          ? repository.pushedAt
          : repository.createdAt;
  const sign = direction === "asc" ? 1 : -1;
  return [...repositories].sort((a, b) => sign * (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id - b.id));
}

function byVisibility(request: FastifyRequest, repositories: Repository[]): Repository[] {
  const visibility = queryParam(request, "visibility") ?? queryParam(request, "type") ?? "all";
  if (visibility === "public") return repositories.filter((repository) => !repository.private);
  if (visibility === "private") return repositories.filter((repository) => repository.private);
  return repositories;
}

function readNewRepository(request: FastifyRequest) {
  const body = readBody(request, "Repository");
  return {
    name: body.requiredString("name"),
    description: body.nullableString("description"),
    private: body.boolean("private"),
  };
}

export function registerRepositoryRoutes(app: FastifyInstance, context: SandboxContext): void {
  const { store } = context;
  const answer = (request: FastifyRequest, repositories: Repository[]) =>
    repositories.map((repository) => repositoryWire(request.site, store, repository, request.viewer));
  const visibleTo = (viewer: Account | null, repositories: Repository[]) =>
    repositories.filter((repository) => permissionOf(store, repository, viewer) !== null);

  app.get("/user/repos", async (request, reply) => {
    const viewer = requireViewer(request);
    const mine = [...store.repositories.values()].filter((repository) =>
      hasAccess(permissionOf(store, repository, viewer), "push"),
    );
    return answer(
      request,
      paginate(request, reply, sortRepositories(store, request, byVisibility(request, mine), "full_name")),
    );
  });

  app.get<{ Params: { org: string } }>("/orgs/:org/repos", async (request, reply) => {
    const organization = store.accountByLogin(request.params.org);
    if (organization?.type !== "Organization") throw notFound();
    const repositories = visibleTo(request.viewer, store.repositoriesOwnedBy(organization));
    return answer(
      request,
      paginate(request, reply, sortRepositories(store, request, byVisibility(request, repositories), "created")),
    );
  });

  app.get<{ Params: { username: string } }>("/users/:username/repos", async (request, reply) => {
    const owner = store.accountByLogin(request.params.username);
    if (!owner) throw notFound();
    const repositories = store.repositoriesOwnedBy(owner).filter((repository) => !repository.private);
    return answer(request, paginate(request, reply, sortRepositories(store, request, repositories, "full_name")));
  });

  app.post("/user/repos", async (request, reply) => {
    const owner = requireViewer(request);
    const repository = createRepository(context, { owner, ...readNewRepository(request) });
    return reply.code(201).send(answer(request, [repository])[0]);
  });

  app.post<{ Params: { org: string } }>("/orgs/:org/repos", async (request, reply) => {
    const viewer = requireViewer(request);
    const owner = store.accountByLogin(request.params.org);
    if (owner?.type !== "Organization") throw notFound();
    if (!store.isMember(owner, viewer))
      throw forbidden("You need admin access to the organization before adding a repository to it.");
    const repository = createRepository(context, { owner, ...readNewRepository(request) });
    return reply.code(201).send(answer(request, [repository])[0]);
  });

  app.get<{ Params: RepositoryParams }>("/repos/:owner/:repo", async (request) => {
    return answer(request, [loadRepository(context, request)])[0];
  });

  app.patch<{ Params: RepositoryParams }>("/repos/:owner/:repo", async (request) => {
    const repository = loadRepository(context, request, "admin");
    const body = readBody(request, "Repository");
    updateRepository(context, request.site, repository, requireViewer(request), {
      name: body.string("name"),
      description: body.nullableString("description"),
      private: body.boolean("private"),
      archived: body.boolean("archived"),
    });
    return answer(request, [repository])[0];
  });

  app.delete<{ Params: RepositoryParams }>("/repos/:owner/:repo", async (request, reply) => {
    const repository = loadRepository(context, request, "admin");
    deleteRepository(context, request.site, repository, requireViewer(request));
    return reply.code(204).send();
  });

  app.put<{ Params: RepositoryParams & { username: string } }>(
    "/repos/:owner/:repo/collaborators/:username",
    async (request, reply) => {
      const repository = loadRepository(context, request, "admin");
      const site = request.site;
      setCollaborator(context, site, repository, requireViewer(request), request.params.username, true);
      return reply.code(204).send();
    },
  );

  app.delete<{ Params: RepositoryParams & { username: string } }>(
    "/repos/:owner/:repo/collaborators/:username",
    async (request, reply) => {
      const repository = loadRepository(context, request, "admin");
      const site = request.site;
      setCollaborator(context, site, repository, requireViewer(request), request.params.username, false);
      return reply.code(204).send();
    },
  );
}
