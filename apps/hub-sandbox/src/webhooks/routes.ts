import type { FastifyInstance, FastifyRequest } from "fastify";
import type { SandboxContext } from "../context.js";
import { notFound, validationFailed } from "../http/errors.js";
import { readBody } from "../http/input.js";
import { paginate } from "../http/pagination.js";
import { requireViewer } from "../http/viewer.js";
import { loadRepository, type RepositoryParams } from "../repos/access.js";
import type { Hook, HookConfig, Repository } from "../store/records.js";
import { isLoopbackUrl } from "./loopback.js";
import { deliveryItemWire, deliveryWire, hookWire } from "./wire.js";

type HookParams = RepositoryParams & { hook_id: string };
type DeliveryParams = HookParams & { delivery_id: string };

function findHook(repository: Repository, id: string): Hook {
  const hook = repository.hooks.get(Number(id));
  if (!hook) throw notFound();
  return hook;
}

/** Reads `config`, keeping what is not given from `current`; only loopback URLs are accepted. */
function readConfig(request: FastifyRequest, current?: HookConfig): HookConfig | undefined {
  const config = (request.body as { config?: unknown } | undefined)?.config;
  if (config === undefined) return current;
  if (typeof config !== "object" || config === null)
    throw validationFailed([{ resource: "Hook", code: "invalid", field: "config" }]);
  const fields = config as Record<string, unknown>;
  const url = typeof fields.url === "string" ? fields.url : current?.url;
  if (!url)
    throw validationFailed([
      { resource: "Hook", code: "custom", field: "config", message: "Config must contain url for webhook hook" },
    ]);
  if (!isLoopbackUrl(url)) {
    throw validationFailed([
      {
        resource: "Hook",
        code: "custom",
        field: "config",
        message: "The hub sandbox delivers only to loopback URLs (localhost, 127.0.0.1, [::1])",
      },
    ]);
  }
  const secret = typeof fields.secret === "string" && fields.secret !== "" ? fields.secret : (current?.secret ?? null);
  return {
    url,
    contentType:
      fields.content_type === "form"
        ? "form"
        : fields.content_type === "json"
          ? "json"
          : (current?.contentType ?? "form"),
    secret,
    insecureSsl: fields.insecure_ssl === "1" || fields.insecure_ssl === 1 ? "1" : (current?.insecureSsl ?? "0"),
  };
}

export function registerHookRoutes(app: FastifyInstance, context: SandboxContext): void {
  const { store, webhooks } = context;
  const answer = (request: FastifyRequest, repository: Repository, hook: Hook) =>
    hookWire(request.site, store, repository, hook);

  app.get<{ Params: RepositoryParams }>("/repos/:owner/:repo/hooks", async (request, reply) => {
    const repository = loadRepository(context, request, "admin");
    return paginate(request, reply, [...repository.hooks.values()]).map((hook) => answer(request, repository, hook));
  });

  app.post<{ Params: RepositoryParams }>("/repos/:owner/:repo/hooks", async (request, reply) => {
    const repository = loadRepository(context, request, "admin");
    const body = readBody(request, "Hook");
    const config = readConfig(request);
    if (!config) throw validationFailed([{ resource: "Hook", code: "missing_field", field: "config" }]);
    const hook = store.createHook(repository, {
      config,
      events: body.stringArray("events") ?? ["push"],
      active: body.boolean("active") ?? true,
    });
    webhooks.ping(request.site, repository, hook, requireViewer(request));
    return reply
      .code(201)
      .header("location", answer(request, repository, hook).url)
      .send(answer(request, repository, hook));
  });

  app.get<{ Params: HookParams }>("/repos/:owner/:repo/hooks/:hook_id", async (request) => {
    const repository = loadRepository(context, request, "admin");
    return answer(request, repository, findHook(repository, request.params.hook_id));
  });

  app.patch<{ Params: HookParams }>("/repos/:owner/:repo/hooks/:hook_id", async (request) => {
    const repository = loadRepository(context, request, "admin");
    const hook = findHook(repository, request.params.hook_id);
    const body = readBody(request, "Hook");
    const config = readConfig(request, hook.config) ?? hook.config;
    const removed = body.stringArray("remove_events") ?? [];
    const events = [
      ...new Set([...(body.stringArray("events") ?? hook.events), ...(body.stringArray("add_events") ?? [])]),
    ];
    hook.config = config;
    hook.events = events.filter((event) => !removed.includes(event));
    hook.active = body.boolean("active") ?? hook.active;
    hook.updatedAt = store.timestamp();
    return answer(request, repository, hook);
  });

  app.delete<{ Params: HookParams }>("/repos/:owner/:repo/hooks/:hook_id", async (request, reply) => {
    const repository = loadRepository(context, request, "admin");
    repository.hooks.delete(findHook(repository, request.params.hook_id).id);
    return reply.code(204).send();
  });

  app.post<{ Params: HookParams }>("/repos/:owner/:repo/hooks/:hook_id/pings", async (request, reply) => {
    const repository = loadRepository(context, request, "admin");
    webhooks.ping(request.site, repository, findHook(repository, request.params.hook_id), requireViewer(request));
    return reply.code(204).send();
  });

  app.get<{ Params: HookParams }>("/repos/:owner/:repo/hooks/:hook_id/deliveries", async (request, reply) => {
    const repository = loadRepository(context, request, "admin");
    const hook = findHook(repository, request.params.hook_id);
    return paginate(request, reply, hook.deliveries).map(deliveryItemWire);
  });

  const findDelivery = (request: FastifyRequest<{ Params: DeliveryParams }>) => {
    const repository = loadRepository(context, request, "admin");
    const hook = findHook(repository, request.params.hook_id);
    const delivery = hook.deliveries.find((candidate) => candidate.id === Number(request.params.delivery_id));
    if (!delivery) throw notFound();
    return { repository, hook, delivery };
  };

  app.get<{ Params: DeliveryParams }>("/repos/:owner/:repo/hooks/:hook_id/deliveries/:delivery_id", async (request) => {
    const { repository, delivery } = findDelivery(request);
    return deliveryWire(request.site, store, repository, delivery);
  });

  app.post<{ Params: DeliveryParams }>(
    "/repos/:owner/:repo/hooks/:hook_id/deliveries/:delivery_id/attempts",
    async (request, reply) => {
      const { hook, delivery } = findDelivery(request);
      void webhooks.redeliver(hook, delivery);
      return reply.code(202).send({});
    },
  );
}
