import { GraphQLError } from "graphql";
import type { Plugin } from "graphql-yoga";

/** Whether `inner` is at or under `outer`'s path. */
const under = (inner: GraphQLError, outer: GraphQLError): boolean =>
  inner.path !== undefined &&
  outer.path !== undefined &&
  inner.path.length >= outer.path.length &&
  outer.path.every((segment, index) => inner.path?.[index] === segment);

/**
 * The errors a field error stands for, each where it happened: the ZenHub view (zenhub-view.ts) answers through
 * @graphql-tools/delegate, whose resolver answers a field that came back null with its error (or, for several,
 * an AggregateError of them) already carrying its own path; the executor then locates it at the field, one
 * message with the path shortened to that field. Null when the error is no such one.
 */
function errorsWithin(error: GraphQLError): GraphQLError[] | null {
  const original = error.originalError;
  const inner = original instanceof AggregateError ? original.errors : [original];
  if (!inner.every((e): e is GraphQLError => e instanceof GraphQLError && under(e, error))) return null;
  const located = inner as GraphQLError[];
  if (located.length === 0 || (located.length === 1 && located[0]?.path?.length === error.path?.length)) return null;
  // Their locations are in the document sent to the wrapped schema, not the client's: the field's are kept.
  return located.map(
    (e) =>
      new GraphQLError(e.message, {
        nodes: error.nodes,
        source: error.source,
        positions: error.positions,
        path: e.path,
        originalError: e.originalError,
        extensions: e.extensions,
      }),
  );
}

/** Answers each error a delegated field's error stands for on its own path, as the Gantry endpoint does. */
export function aggregateErrorsPlugin(): Plugin {
  return {
    onExecute() {
      return {
        onExecuteDone({ result, setResult }) {
          if (!("errors" in result) || !result.errors?.some((error) => errorsWithin(error))) return;
          setResult({ ...result, errors: result.errors.flatMap((error) => errorsWithin(error) ?? [error]) });
        },
      };
    },
  };
}
