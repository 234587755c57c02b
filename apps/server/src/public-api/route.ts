import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type GraphQLSchema, Kind, parse } from "graphql";
import { bearerToken } from "../accounts/sessions.js";
import { originOf } from "../audit/record.js";
import type { GraphQLContext } from "../graphql/context.js";
import { createGantryYoga, sendThroughYoga } from "../graphql/route.js";
import { operationComplexity } from "./complexity.js";
import type { PublicApiLimits } from "./config.js";
import { registerApiDocs } from "./docs/route.js";
import { ownerOfApiKey } from "./keys.js";
import { PUBLIC_GRAPHQL_PATH, ZENHUB_GRAPHQL_PATH } from "./paths.js";
import { servedPublicSchemas } from "./public-schema.js";
import { type BudgetState, KeyBudgets } from "./rate-limit.js";

export { PUBLIC_GRAPHQL_PATH, ZENHUB_GRAPHQL_PATH } from "./paths.js";

type Owner = NonNullable<Awaited<ReturnType<typeof ownerOfApiKey>>>;

function sendError(reply: FastifyReply, status: number, code: string, message: string, details = {}) {
  return reply.status(status).send({ errors: [{ message, extensions: { code, ...details } }] });
}

function rateLimitHeaders(reply: FastifyReply, state: BudgetState): void {
  reply.header("x-ratelimit-limit", state.limit);
  reply.header("x-ratelimit-used", state.used);
  reply.header("x-ratelimit-remaining", state.remaining);
}

/** The operation a body names, if it parses; a body that does not is left to Yoga to answer. */
function requestedOperation(body: unknown) {
  const { query, operationName, variables } = (body ?? {}) as Record<string, unknown>;
  if (typeof query !== "string") return null;
  try {
    const document = parse(query);
    const name = typeof operationName === "string" ? operationName : undefined;
    const vars = variables && typeof variables === "object" ? (variables as Record<string, unknown>) : {};
    const operations = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
    const operation = operations.length === 1 ? operations[0] : operations.find((op) => op.name?.value === name);
    return { document, name, vars, type: operation?.operation };
  } catch {
    return null;
  }
}

/**
 * POST /public/graphql: the web app's schema in the reference's shapes (public-schema.ts), for scripts holding
 * a personal API key, with the key owner's permissions; POST /public/zenhub/graphql: the same under ZenHub's names.
 * Each key has one processing-time budget and concurrency cap across both (rate-limit.ts), and each operation a
 * complexity cap; every answer to a known key says what is left of its budget. The documentation is at /docs/api.
 */
export function registerPublicGraphQL(
  app: FastifyInstance,
  baseContext: Omit<GraphQLContext, "viewer">,
  limits: PublicApiLimits,
): void {
  registerApiDocs(app, {
    productName: baseContext.config.productName,
    publicUrl: baseContext.config.publicUrl,
    limits,
  });
  const owners = new WeakMap<FastifyRequest, Owner>();
  const budgets = new KeyBudgets(limits);
  const schemas = servedPublicSchemas();
  servePublicSchema(PUBLIC_GRAPHQL_PATH, schemas.gantry);
  servePublicSchema(ZENHUB_GRAPHQL_PATH, schemas.zenhub);

  function servePublicSchema(path: string, servedSchema: GraphQLSchema): void {
    const yoga = createGantryYoga(
      app,
      path,
      async (req) => {
        const owner = owners.get(req);
        return {
          ...baseContext,
          viewer: owner?.user ?? null,
          origin: originOf(req),
          ...(owner ? { apiKeyId: owner.key.id } : {}),
        };
      },
      { servedSchema },
    );

    app.route({
      url: path,
      method: ["GET", "PUT", "PATCH", "DELETE"],
      handler: (_req, reply) =>
        sendError(reply.header("allow", "POST"), 405, "METHOD_NOT_ALLOWED", "Send GraphQL requests with POST."),
    });

    app.post(path, async (req, reply) => {
      const secret = bearerToken(req.headers.authorization);
      const owner = secret ? await ownerOfApiKey(baseContext, secret, req.ip || null) : null;
      if (!owner) {
        reply.header("www-authenticate", 'Bearer realm="Gantry API"');
        const message = secret
          ? "This API key is not valid: it may have been revoked. Create a new one in your account settings."
          : "Send a personal API key as Authorization: Bearer <key>.";
        return sendError(reply, 401, "UNAUTHENTICATED", message);
      }
      const admission = budgets.admit(owner.key.id);
      if (!admission.admitted) {
        rateLimitHeaders(reply, admission.state);
        reply.header("retry-after", admission.retryAfterSeconds);
        const message =
          admission.reason === "budget"
            ? `This API key has spent its processing time for now. Retry in ${admission.retryAfterSeconds} s.`
            : `This API key already has ${limits.maxConcurrent} requests in flight. Retry when one has finished.`;
        return sendError(reply, 429, "RATE_LIMITED", message, { retryAfter: admission.retryAfterSeconds });
      }
      const started = performance.now();
      const finish = () => rateLimitHeaders(reply, admission.finish(performance.now() - started));
      try {
        const operation = requestedOperation(req.body);
        if (operation?.type === "subscription") {
          finish();
          return sendError(reply, 400, "BAD_USER_INPUT", "Subscriptions are not available on the public API.");
        }
        const complexity = operation
          ? operationComplexity(servedSchema, operation.document, operation.name, operation.vars)
          : 0;
        if (complexity > limits.maxComplexity) {
          finish();
          return sendError(
            reply,
            400,
            "BAD_USER_INPUT",
            `This operation's complexity is ${complexity}, above the limit of ${limits.maxComplexity}. Ask for smaller pages (first/last) or fewer nested lists.`,
            { complexity, maxComplexity: limits.maxComplexity },
          );
        }
        owners.set(req, owner);
        return await sendThroughYoga(yoga, req, reply, finish);
      } catch (error) {
        finish();
        throw error;
      }
    });
  }
}
