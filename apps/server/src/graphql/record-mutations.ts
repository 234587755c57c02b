import type { FieldRef, ObjectRef } from "@pothos/core";
import { builder, decodeGantryId, idOfType } from "./builder.js";
import { type GraphQLContext, signedInViewer } from "./context.js";

export type SchemaTypes = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer Types> ? Types : never;

/** What the services of a workspace's own records (priorities, releases) take from a request. */
export const recordDeps = (context: GraphQLContext) => ({ db: context.db, events: context.events, now: context.now });

/**
 * The payload of a mutation that answers with the one record it changed, under the record's
 * name: `{ priority }`, `{ release }` (the reference's shape for its field records).
 */
export function recordOutput<Key extends string, Value>(
  key: Key,
  type: ObjectRef<SchemaTypes, Value>,
): {
  outputFields: (
    t: PothosSchemaTypes.ObjectFieldBuilder<SchemaTypes, Record<Key, Value>>,
  ) => Record<string, FieldRef<SchemaTypes, Value, "Object">>;
} {
  return {
    outputFields: (t: PothosSchemaTypes.ObjectFieldBuilder<SchemaTypes, Record<Key, Value>>) => ({
      // Pothos types a resolver's result with a conditional type it cannot decide for a generic Value.
      [key]: t.field({ type, resolve: (payload) => payload[key] as never }),
    }),
  };
}

/** Decodes a record's global id, refusing one of another type (`Expected the id of a Release.`). */
export const recordIdOf = (typename: string) => (raw: string | number) =>
  idOfType(decodeGantryId(String(raw)), typename);

/**
 * `delete<Type>(input: { <key>Id })`: signed in (the service checks the workspace role), answers
 * the deleted record under its name.
 */
export function deleteRecordMutation<Key extends string, Value>(options: {
  record: { key: Key; type: ObjectRef<SchemaTypes, Value> };
  typename: string;
  remove: (deps: ReturnType<typeof recordDeps>, viewerId: string, id: string) => Promise<Value>;
}) {
  const { key, type } = options.record;
  const idField = `${key}Id`;
  const idOf = recordIdOf(options.typename);
  builder.relayMutationField(
    `delete${options.typename}`,
    { inputFields: (t) => ({ [idField]: t.id({ required: true }) }) },
    {
      authScopes: { signedIn: true },
      // As in recordOutput: the payload is Record<Key, Value>, too generic for Pothos's result type.
      resolve: (_root, { input }, context) =>
        options
          .remove(recordDeps(context), signedInViewer(context).id, idOf(input[idField] as string | number))
          .then((record) => ({ [key]: record })) as never,
    },
    recordOutput(key, type),
  );
}
