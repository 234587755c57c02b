import type { DefaultConnectionArguments } from "@pothos/plugin-relay";
import type { GraphQLFieldResolver } from "graphql";
import { arrayConnection } from "../../graphql/connections.js";
import type { GraphQLContext } from "../../graphql/context.js";

/**
 * A reference field Gantry answers with the reference's own types (brought in from the reference schema, so the
 * web app's schema does not carry them) and a Gantry resolver. Keyed `Type.field` in Gantry's names.
 */
export interface ServedField {
  // Each resolver knows its own source and arguments; the registry only carries them to the schema.
  // biome-ignore lint/suspicious/noExplicitAny: sources and arguments differ per field
  resolve: GraphQLFieldResolver<any, GraphQLContext, any>;
  /** Replaces the reference's description, to say what Gantry answers. */
  description?: string;
}

/**
 * A reference connection (`edges`, `nodes`, `pageInfo`, `totalCount`) over a list in memory: the reference's
 * connection types read `nodes` as a property, where Gantry's own connections derive it.
 */
export function referenceConnection<T>(
  args: DefaultConnectionArguments,
  items: T[],
): ReturnType<typeof arrayConnection<T>> & { nodes: T[] } {
  const connection = arrayConnection(args, items);
  return { ...connection, nodes: connection.edges.flatMap((edge) => (edge ? [edge.node] : [])) };
}

/** What a field of something Gantry does not keep answers: the reference's empty connection. */
export const emptyConnection: ServedField["resolve"] = (_source, args: DefaultConnectionArguments) =>
  referenceConnection(args, []);
