import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createYoga } from "graphql-yoga";
import type { GraphQLContext } from "./context.js";
import { schema } from "./schema.js";

interface ServerContext {
  req: FastifyRequest;
  reply: FastifyReply;
}

/** Mounts GraphQL Yoga at /graphql inside Fastify, so it shares logging, headers and shutdown. */
export function registerGraphQL(
  app: FastifyInstance,
  baseContext: Omit<GraphQLContext, "viewer">,
  viewerFor: (req: FastifyRequest) => Promise<GraphQLContext["viewer"]>,
): void {
  const yoga = createYoga<ServerContext, GraphQLContext>({
    schema,
    graphqlEndpoint: "/graphql",
    // The bundled GraphiQL loads from a CDN, which the Content-Security-Policy (rightly) refuses.
    graphiql: false,
    landingPage: false,
    logging: {
      debug: (...args) => app.log.debug(args),
      info: (...args) => app.log.info(args),
      warn: (...args) => app.log.warn(args),
      error: (...args) => app.log.error(args),
    },
    context: async ({ req }) => ({ ...baseContext, viewer: await viewerFor(req) }),
  });

  app.route({
    url: yoga.graphqlEndpoint,
    method: ["GET", "POST", "OPTIONS"],
    handler: async (req, reply) => {
      const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply });
      for (const [key, value] of response.headers) reply.header(key, value);
      reply.status(response.status);
      reply.send(response.body);
      return reply;
    },
  });
}
