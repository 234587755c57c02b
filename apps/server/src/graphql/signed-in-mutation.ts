import type { InputFieldMap, InterfaceParam, ObjectRef } from "@pothos/core";
import type {
  InputShapeWithClientMutationId,
  RelayMutationInputOptions,
  RelayMutationPayloadOptions,
} from "@pothos/plugin-relay";
import type { SessionUser } from "../accounts/sessions.js";
import { builder } from "./builder.js";
import { type GraphQLContext, signedInViewer } from "./context.js";
import { recordOutput, type SchemaTypes } from "./record-mutations.js";

/** What a signed-in mutation does with the input, the request and the signed-in viewer. */
type SignedInRun<Fields extends InputFieldMap, Result> = {
  description?: string;
  run: (
    input: InputShapeWithClientMutationId<SchemaTypes, Fields>,
    context: GraphQLContext,
    viewer: SessionUser,
  ) => Result;
};

/**
 * A relay mutation anyone signed in may call: the `signedIn` rule (the permissions snapshot
 * names it), and `run` gets the input, the request and the signed-in viewer. Whether the
 * viewer may change the workspace or organisation is checked by the service `run` calls,
 * which knows the role it needs.
 */
export function signedInMutation<
  Fields extends InputFieldMap,
  Payload,
  const Interfaces extends InterfaceParam<SchemaTypes>[] = [],
>(
  name: string,
  input: RelayMutationInputOptions<SchemaTypes, Fields, "input">,
  mutation: SignedInRun<Fields, Payload | Promise<Payload>>,
  payload: RelayMutationPayloadOptions<SchemaTypes, Payload, Interfaces>,
) {
  return builder.relayMutationField(
    name,
    input,
    {
      ...(mutation.description === undefined ? {} : { description: mutation.description }),
      authScopes: { signedIn: true },
      // Pothos types a resolver's args and result with conditional types it cannot decide for generic Fields and Payload.
      resolve: (_root, args, context) =>
        mutation.run(
          (args as unknown as { input: InputShapeWithClientMutationId<SchemaTypes, Fields> }).input,
          context,
          signedInViewer(context),
        ) as never,
    },
    payload,
  );
}

/**
 * A signed-in mutation that answers with the one record it changed, under the record's name
 * (`{ priority }`, `{ comment }`, as recordOutput): `run` returns the record.
 */
export function recordMutation<Fields extends InputFieldMap, Key extends string, Value>(
  name: string,
  record: { key: Key; type: ObjectRef<SchemaTypes, Value> },
  input: RelayMutationInputOptions<SchemaTypes, Fields, "input">,
  mutation: SignedInRun<Fields, Promise<Value>>,
) {
  return signedInMutation(
    name,
    input,
    {
      ...mutation,
      // A computed key widens to Record<string, Value>; recordOutput reads it back under Key.
      run: async (fields, context, viewer) =>
        ({ [record.key]: await mutation.run(fields, context, viewer) }) as Record<Key, Value>,
    },
    recordOutput(record.key, record.type),
  );
}
