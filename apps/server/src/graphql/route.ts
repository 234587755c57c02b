import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { GraphQLSchema } from "graphql";
import { createYoga, type YogaServerInstance, type YogaServerOptions } from "graphql-yoga";
import { originOf } from "../audit/record.js";
import { sharedBoardEventsPlugin } from "../events/shared-payloads.js";
import { inputValuesPlugin } from "../security/input-values.js";
import { aggregateErrorsPlugin } from "./aggregate-errors.js";
import { compiledQueriesPlugin } from "./compiled-queries.js";
import type { GraphQLContext } from "./context.js";
import { DEFAULT_OPERATION_LIMITS, type OperationLimits, operationLimitsPlugin } from "./limits.js";
import { schema } from "./schema.js";
import { operationTextLimitsPlugin } from "./text-limits.js";
import { maskedErrors, unexpectedErrorsPlugin, yogaLogger } from "./unexpected-errors.js";

export interface ServerContext {
  req: FastifyRequest;
  reply: FastifyReply;
}

export type GantryYoga = YogaServerInstance<ServerContext, GraphQLContext>;

/**
 * A Yoga server on the one schema, logging through Fastify; the web app's and the public endpoint share it.
 * Operations above the depth, alias, page-size and complexity limits are refused before they run;
 * batched requests (a JSON array of operations) stay off, Yoga's default, so each request is one operation.
 */
export function createGantryYoga(
  app: FastifyInstance,
  graphqlEndpoint: string,
  context: (req: FastifyRequest) => Promise<GraphQLContext>,
  {
    limits = DEFAULT_OPERATION_LIMITS,
    // API keys travel in a header, never a cookie: a page of any site may call with one, no credentials.
    cors = { credentials: false },
    servedSchema = schema,
  }: {
    limits?: OperationLimits;
    cors?: YogaServerOptions<ServerContext, GraphQLContext>["cors"];
    /** The public endpoints serve views of the one schema (public-api/public-schema.ts). */
    servedSchema?: GraphQLSchema;
  } = {},
): GantryYoga {
  return createYoga<ServerContext, GraphQLContext>({
    schema: servedSchema,
    graphqlEndpoint,
    batching: false,
    cors,
    plugins: [
      operationTextLimitsPlugin(),
      inputValuesPlugin(),
      operationLimitsPlugin(limits),
      aggregateErrorsPlugin(),
      unexpectedErrorsPlugin(),
      sharedBoardEventsPlugin(),
      compiledQueriesPlugin(),
    ],
    // The bundled GraphiQL loads from a CDN, which the Content-Security-Policy (rightly) refuses.
    graphiql: false,
    landingPage: false,
    logging: yogaLogger(app.log),
    maskedErrors,
    context: ({ req }) => context(req),
  });
}

/** A single JSON result (not a subscription's event stream or an incremental multipart answer). */
const singleResult = (contentType: string | null) =>
  contentType?.startsWith("application/json") || contentType?.startsWith("application/graphql-response+json");

/**
 * Runs one request through Yoga and hands its answer to Fastify; `beforeSend` may add headers of its own.
 * A single result goes as the string Yoga made: piped, it cost each request a stream and its
 * listeners (B2, issue #14). Streams (subscriptions over SSE) stay streams.
 */
export async function sendThroughYoga(
  yoga: GantryYoga,
  req: FastifyRequest,
  reply: FastifyReply,
  beforeSend?: () => void,
) {
  const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply });
  beforeSend?.();
  for (const [key, value] of response.headers) reply.header(key, value);
  reply.status(response.status);
  reply.send(singleResult(response.headers.get("content-type")) ? await response.text() : response.body);
  return reply;
}

/**
 * Whether a page of `origin` may call /graphql: the server's own pages, at whichever address they were opened
 * (localhost or 127.0.0.1, or the public URL behind a proxy), and the origins GRAPHQL_CORS_ORIGINS lists.
 */
export function graphqlOriginAllowed(origin: string, host: string | undefined, allowed: ReadonlySet<string>): boolean {
  if (allowed.has(origin)) return true;
  return URL.canParse(origin) && new URL(origin).host === host;
}

/** POST bodies /graphql reads: JSON only, which a page of another site cannot send without a preflight. */
const JSON_BODY = /^application\/json\s*(;|$)/i;

/** Mounts GraphQL Yoga at /graphql inside Fastify, so it shares logging, headers and shutdown. */
export function registerGraphQL(
  app: FastifyInstance,
  baseContext: Omit<GraphQLContext, "viewer">,
  viewerFor: (req: FastifyRequest) => Promise<GraphQLContext["viewer"]>,
): void {
  const { config } = baseContext;
  const allowed = new Set([new URL(config.publicUrl).origin, ...config.graphqlCorsOrigins]);
  const yoga = createGantryYoga(
    app,
    "/graphql",
    async (req) => ({ ...baseContext, viewer: await viewerFor(req), origin: originOf(req) }),
    {
      // Never every origin: a page of another site gets no CORS headers, so its browser neither sends a
      // JSON request (the preflight fails) nor lets it read an answer (issue #28).
      cors: (request) => {
        const origin = request.headers.get("origin");
        return origin && graphqlOriginAllowed(origin, request.headers.get("host") ?? undefined, allowed)
          ? { origin: [origin], credentials: true }
          : false;
      },
    },
  );
  app.route({
    url: yoga.graphqlEndpoint,
    method: ["GET", "POST", "OPTIONS"],
    // A form or text/plain post needs no preflight, so another site's page could send one: refused before reading.
    onRequest: async (req, reply) => {
      if (req.method !== "POST" || JSON_BODY.test(req.headers["content-type"] ?? "")) return;
      await reply.code(415).send({
        errors: [
          {
            message: "Send GraphQL requests with Content-Type: application/json.",
            extensions: { code: "UNSUPPORTED_MEDIA_TYPE" },
          },
        ],
      });
    },
    handler: (req, reply) => sendThroughYoga(yoga, req, reply),
  });
}
