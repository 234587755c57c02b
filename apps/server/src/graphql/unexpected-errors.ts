import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import { GraphQLError } from "graphql";
import { maskError, type Plugin, type YogaLogger } from "graphql-yoga";

/** Errors already logged with their request; Yoga logs each error it masks again, without one. */
const loggedWithRequest = new WeakSet<object>();

/** What a client may act on: a GantryError, or GraphQL's own syntax and validation errors (no original error). */
const unexpected = (error: GraphQLError) =>
  error.originalError !== undefined && !(error.originalError instanceof GraphQLError);

/**
 * Logs every unexpected error of an operation with its message, stack and the request's id (issue #28: a
 * crash logged `{"0":{}}`, nothing to find it by). It runs before Yoga masks the errors, which then reach
 * the client as "Unexpected error." and INTERNAL_SERVER_ERROR, with no SQL, parameters or ids.
 */
export function unexpectedErrorsPlugin(): Plugin<{ req: FastifyRequest }> {
  return {
    onExecute({ args }) {
      return {
        onExecuteDone({ result }) {
          if (!("errors" in result) || !result.errors) return;
          for (const error of result.errors) {
            if (!unexpected(error) || loggedWithRequest.has(error)) continue;
            loggedWithRequest.add(error);
            args.contextValue.req.log.error(
              { err: error.originalError, path: error.path?.join(".") },
              `GraphQL operation failed: ${error.message}`,
            );
          }
        },
      };
    },
  };
}

/**
 * Yoga's logger on Fastify's. Yoga passes an error as its only argument; pino writes that as `{"0":{}}`,
 * so errors go under `err` (message and stack). Errors the plugin above logged with their request are skipped.
 */
export function yogaLogger(log: FastifyBaseLogger): YogaLogger {
  const write =
    (level: "debug" | "info" | "warn" | "error") =>
    (message: unknown, ...rest: unknown[]) => {
      if (message instanceof Error) {
        if (loggedWithRequest.has(message)) return;
        const cause = message instanceof GraphQLError && message.originalError ? message.originalError : message;
        log[level]({ err: cause }, `GraphQL request failed: ${message.message}`);
      } else {
        log[level](rest.length ? { details: rest } : {}, String(message));
      }
    };
  return { debug: write("debug"), info: write("info"), warn: write("warn"), error: write("error") };
}

/** Yoga's masking, never in development mode: that mode would answer the original error, SQL included. */
export const maskedErrors = {
  maskError: (error: unknown, message: string) => maskError(error, message, false),
};
