import type { FastifyInstance, FastifyRequest } from "fastify";
import type { SandboxContext } from "../context.js";
import { readBody } from "../http/input.js";
import { paginate } from "../http/pagination.js";
import { requireViewer } from "../http/viewer.js";
import { loadRepository, type RepositoryParams } from "../repos/access.js";
import type { Label, Repository } from "../store/records.js";
import { createLabel, deleteLabel, findLabel, updateLabel } from "./service.js";
import { labelWire } from "./wire.js";

type LabelParams = RepositoryParams & { name: string };

export function registerLabelRoutes(app: FastifyInstance, context: SandboxContext): void {
  const answer = (request: FastifyRequest, repository: Repository, label: Label) =>
    labelWire(request.site, context.store, repository, label);

  app.get<{ Params: RepositoryParams }>("/repos/:owner/:repo/labels", async (request, reply) => {
    const repository = loadRepository(context, request);
    return paginate(request, reply, [...repository.labels.values()]).map((label) => answer(request, repository, label));
  });

  app.post<{ Params: RepositoryParams }>("/repos/:owner/:repo/labels", async (request, reply) => {
    const repository = loadRepository(context, request, "push");
    const body = readBody(request, "Label");
    const label = createLabel(context, request.site, repository, requireViewer(request), {
      name: body.requiredString("name"),
      color: body.string("color"),
      description: body.nullableString("description"),
    });
    return reply.code(201).send(answer(request, repository, label));
  });

  app.get<{ Params: LabelParams }>("/repos/:owner/:repo/labels/:name", async (request) => {
    const repository = loadRepository(context, request);
    return answer(request, repository, findLabel(context, repository, request.params.name));
  });

  app.patch<{ Params: LabelParams }>("/repos/:owner/:repo/labels/:name", async (request) => {
    const repository = loadRepository(context, request, "push");
    const label = findLabel(context, repository, request.params.name);
    const body = readBody(request, "Label");
    updateLabel(context, request.site, repository, requireViewer(request), label, {
      name: body.string("new_name"),
      color: body.string("color"),
      description: body.nullableString("description"),
    });
    return answer(request, repository, label);
  });

  app.delete<{ Params: LabelParams }>("/repos/:owner/:repo/labels/:name", async (request, reply) => {
    const repository = loadRepository(context, request, "push");
    const label = findLabel(context, repository, request.params.name);
    deleteLabel(context, request.site, repository, requireViewer(request), label);
    return reply.code(204).send();
  });
}
