import type { InputFieldMap, InterfaceParam } from "@pothos/core";
import type {
  InputShapeWithClientMutationId,
  RelayMutationInputOptions,
  RelayMutationPayloadOptions,
} from "@pothos/plugin-relay";
import type { SessionUser } from "../accounts/sessions.js";
import { builder } from "./builder.js";
import { type GraphQLContext, signedInViewer } from "./context.js";
import type { SchemaTypes } from "./record-mutations.js";

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
  mutation: {
    description?: string;
    run: (
      input: InputShapeWithClientMutationId<SchemaTypes, Fields>,
      context: GraphQLContext,
      viewer: SessionUser,
    ) => Payload | Promise<Payload>;
  },
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
