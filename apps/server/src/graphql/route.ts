import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createYoga, type YogaServerInstance } from "graphql-yoga";
import { originOf } from "../audit/record.js";
import { sharedBoardEventsPlugin } from "../events/shared-payloads.js";
import { nulCharactersPlugin } from "../security/nul-characters.js";
import { compiledQueriesPlugin } from "./compiled-queries.js";
import type { GraphQLContext } from "./context.js";
import { DEFAULT_OPERATION_LIMITS, type OperationLimits, operationLimitsPlugin } from "./limits.js";
import { schema } from "./schema.js";

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
  limits: OperationLimits = DEFAULT_OPERATION_LIMITS,
): GantryYoga {
  return createYoga<ServerContext, GraphQLContext>({
    schema,
    graphqlEndpoint,
    batching: false,
    plugins: [operationLimitsPlugin(limits), nulCharactersPlugin(), sharedBoardEventsPlugin(), compiledQueriesPlugin()],
    // The bundled GraphiQL loads from a CDN, which the Content-Security-Policy (rightly) refuses.
    graphiql: false,
    landingPage: false,
    logging: {
      debug: (...args) => app.log.debug(args),
      info: (...args) => app.log.info(args),
      warn: (...args) => app.log.warn(args),
      error: (...args) => app.log.error(args),
    },
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

/** Mounts GraphQL Yoga at /graphql inside Fastify, so it shares logging, headers and shutdown. */
export function registerGraphQL(
  app: FastifyInstance,
  baseContext: Omit<GraphQLContext, "viewer">,
  viewerFor: (req: FastifyRequest) => Promise<GraphQLContext["viewer"]>,
): void {
  const yoga = createGantryYoga(app, "/graphql", async (req) => ({
    ...baseContext,
    viewer: await viewerFor(req),
    origin: originOf(req),
  }));
  app.route({
    url: yoga.graphqlEndpoint,
    method: ["GET", "POST", "OPTIONS"],
    handler: (req, reply) => sendThroughYoga(yoga, req, reply),
  });
}
