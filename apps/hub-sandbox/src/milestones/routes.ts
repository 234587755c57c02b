import type { FastifyInstance, FastifyRequest } from "fastify";
import type { SandboxContext } from "../context.js";
import { validationFailed } from "../http/errors.js";
import { queryParam, readBody } from "../http/input.js";
import { paginate } from "../http/pagination.js";
import { requireViewer } from "../http/viewer.js";
import { loadRepository, type RepositoryParams } from "../repos/access.js";
import type { IssueState, Milestone, Repository } from "../store/records.js";
import { createMilestone, deleteMilestone, findMilestone, type MilestoneChanges, updateMilestone } from "./service.js";
import { milestoneWire } from "./wire.js";

type MilestoneParams = RepositoryParams & { milestone_number: string };

function readMilestone(request: FastifyRequest): MilestoneChanges {
  const body = readBody(request, "Milestone");
  const state = body.string("state");
  if (state !== undefined && state !== "open" && state !== "closed") {
    throw validationFailed([{ resource: "Milestone", code: "invalid", field: "state" }]);
  }
  return {
    title: body.string("title"),
    description: body.nullableString("description"),
    dueOn: body.nullableString("due_on"),
    state: state as IssueState | undefined,
  };
}

/** Open milestones by due date by default, as GitHub lists them; `completeness` sorts by share of issues closed. */
function listMilestones(request: FastifyRequest, repository: Repository): Milestone[] {
  const state = queryParam(request, "state") ?? "open";
  const sort = queryParam(request, "sort") ?? "due_on";
  const sign = (queryParam(request, "direction") ?? "asc") === "asc" ? 1 : -1;
  const completeness = (milestone: Milestone) => {
    const issues = [...repository.issues.values()].filter((issue) => issue.milestoneNumber === milestone.number);
    return issues.length === 0 ? 0 : issues.filter((issue) => issue.state === "closed").length / issues.length;
  };
  const key = (milestone: Milestone) =>
    sort === "completeness" ? completeness(milestone) : (milestone.dueOn ?? "\uffff");
  return [...repository.milestones.values()]
    .filter((milestone) => state === "all" || milestone.state === state)
    .sort((a, b) => sign * (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.number - b.number));
}

export function registerMilestoneRoutes(app: FastifyInstance, context: SandboxContext): void {
  const answer = (request: FastifyRequest, repository: Repository, milestone: Milestone) =>
    milestoneWire(request.site, context.store, repository, milestone);

  app.get<{ Params: RepositoryParams }>("/repos/:owner/:repo/milestones", async (request, reply) => {
    const repository = loadRepository(context, request);
    return paginate(request, reply, listMilestones(request, repository)).map((milestone) =>
      answer(request, repository, milestone),
    );
  });

  app.post<{ Params: RepositoryParams }>("/repos/:owner/:repo/milestones", async (request, reply) => {
    const repository = loadRepository(context, request, "push");
    const input = readMilestone(request);
    const title = readBody(request, "Milestone").requiredString("title");
    const milestone = createMilestone(context, request.site, repository, requireViewer(request), { ...input, title });
    return reply.code(201).send(answer(request, repository, milestone));
  });

  app.get<{ Params: MilestoneParams }>("/repos/:owner/:repo/milestones/:milestone_number", async (request) => {
    const repository = loadRepository(context, request);
    return answer(request, repository, findMilestone(repository, Number(request.params.milestone_number)));
  });

  app.patch<{ Params: MilestoneParams }>("/repos/:owner/:repo/milestones/:milestone_number", async (request) => {
    const repository = loadRepository(context, request, "push");
    const milestone = findMilestone(repository, Number(request.params.milestone_number));
    updateMilestone(context, request.site, repository, requireViewer(request), milestone, readMilestone(request));
    return answer(request, repository, milestone);
  });

  app.delete<{ Params: MilestoneParams }>(
    "/repos/:owner/:repo/milestones/:milestone_number",
    async (request, reply) => {
      const repository = loadRepository(context, request, "push");
      const milestone = findMilestone(repository, Number(request.params.milestone_number));
      deleteMilestone(context, request.site, repository, requireViewer(request), milestone);
      return reply.code(204).send();
    },
  );
}
