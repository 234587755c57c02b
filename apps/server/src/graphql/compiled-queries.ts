import { useGraphQlJit } from "@envelop/graphql-jit";
import { type ExecutionArgs, getOperationAST, getVariableValues } from "graphql";
import type { Plugin } from "graphql-yoga";

/**
 * Queries run as JavaScript compiled once per document (graphql-jit) instead of walking the
 * document for every field of every card: a board page is ~50 cards of ~60 fields each, and the
 * generic executor's per-field bookkeeping was most of the server's CPU for it (decision 0049).
 *
 * Only queries, and only when their variables are valid: mutations and subscriptions keep the
 * reference executor (a subscription's events are shared between subscribers by
 * events/shared-payloads.ts, which executes with it), and a request whose variables don't
 * coerce is answered by the reference executor so its errors read exactly as they always have.
 */
export function compiledQueriesPlugin(): Plugin {
  // An envelop plugin typed for any context; Yoga runs envelop plugins as they are.
  return useGraphQlJit(
    {},
    {
      enableIf: (args) => isQueryWithValidVariables(args),
      // Documents failing to compile (none known) are executed as compiled errors; report, don't hide.
      onError: (result) => console.error("graphql-jit could not compile a query", result.errors),
    },
  ) as Plugin;
}

function isQueryWithValidVariables(args: ExecutionArgs): boolean {
  const operation = getOperationAST(args.document, args.operationName);
  if (operation?.operation !== "query") return false;
  const coerced = getVariableValues(args.schema, operation.variableDefinitions ?? [], args.variableValues ?? {});
  return coerced.errors === undefined;
}
