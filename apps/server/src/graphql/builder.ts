import SchemaBuilder from "@pothos/core";
import ErrorsPlugin from "@pothos/plugin-errors";
import RelayPlugin from "@pothos/plugin-relay";
import ScopeAuthPlugin from "@pothos/plugin-scope-auth";
import type { GraphQLContext } from "./context.js";
import { GantryError } from "./errors.js";

/**
 * The authorisation rules a field can name. Every root field names one (a test keeps
 * the list of who may call what), so a new field cannot slip in unguarded.
 */
export interface AuthScopes {
  public: boolean;
  signedIn: boolean;
}

export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  AuthScopes: AuthScopes;
  Scalars: { ISO8601DateTime: { Input: Date; Output: Date } };
  DefaultFieldNullability: false;
  DefaultInputFieldRequiredness: true;
}>({
  plugins: [ScopeAuthPlugin, ErrorsPlugin, RelayPlugin],
  defaultFieldNullability: false,
  defaultInputFieldRequiredness: true,
  scopeAuth: {
    authScopes: (context) => ({ public: true, signedIn: context.viewer !== null }),
    unauthorizedError: (_parent, context) =>
      context.viewer
        ? new GantryError("FORBIDDEN", "You do not have permission to do this.")
        : new GantryError("UNAUTHENTICATED", "You must be signed in to do this."),
  },
  errors: { defaultTypes: [] },
  relay: {
    clientMutationId: "omit",
    cursorType: "String",
    nodeQueryOptions: { authScopes: { public: true } },
    nodesQueryOptions: { authScopes: { public: true } },
  },
});

builder.queryType({});

/** Times as the reference schema writes them: ISO 8601 strings. */
builder.scalarType("ISO8601DateTime", {
  serialize: (value) => value.toISOString(),
  parseValue: (value) => {
    const date = typeof value === "string" ? new Date(value) : new Date(Number.NaN);
    if (Number.isNaN(date.getTime())) throw new GantryError("BAD_USER_INPUT", "Expected an ISO 8601 date and time.");
    return date;
  },
});
