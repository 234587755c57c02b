import "./epic-issues-schema.js";
import "./reference-fields.js";
import { GantryUser } from "../accounts/schema.js";
import { builder } from "../graphql/builder.js";
import { type GraphQLContext, signedInViewer } from "../graphql/context.js";
import { GantryError } from "../graphql/errors.js";
import { type ApiKey, apiKeysOf, createApiKey, revokeApiKey } from "./keys.js";

const ApiKeyRef = builder.node(builder.objectRef<ApiKey>("ApiKey"), {
  description: "A personal API key for POST /public/graphql. Its secret is shown once, when it is created.",
  id: { resolve: (key) => key.id },
  // Only the owner, from a session, finds a key by its id.
  loadOne: async (id, context) =>
    context.viewer && !context.apiKeyId
      ? ((await apiKeysOf(context.db, context.viewer.id)).find((key) => key.id === id) ?? null)
      : null,
  fields: (t) => ({
    name: t.exposeString("name"),
    hint: t.string({
      description: "The secret's last four characters, to tell keys apart.",
      resolve: (key) => key.hint,
    }),
    createdAt: t.field({ type: "ISO8601DateTime", resolve: (key) => key.createdAt }),
    lastUsedAt: t.field({
      type: "ISO8601DateTime",
      nullable: true,
      description: "When a request last used the key, to the minute; null when never.",
      resolve: (key) => key.lastUsedAt,
    }),
    lastUsedIpAddress: t.string({
      nullable: true,
      description:
        "The client address of the request recorded as the key's last use (TRUST_PROXY decides which address is the client's); null when never used.",
      resolve: (key) => key.lastUsedIpAddress,
    }),
  }),
});

/** Keys are managed from a signed-in session only: a leaked key must not be able to mint more keys. */
function sessionViewerId(context: GraphQLContext): string {
  if (context.apiKeyId) {
    throw new GantryError("FORBIDDEN", "API keys can only be managed from a signed-in session, not with an API key.");
  }
  return signedInViewer(context).id;
}

builder.objectField(GantryUser, "apiKeys", (t) =>
  t.field({
    type: [ApiKeyRef],
    description: "The viewer's working API keys, oldest first (empty for anyone else).",
    resolve: (user, _args, context) =>
      context.viewer?.id === user.id && !context.apiKeyId ? apiKeysOf(context.db, user.id) : [],
  }),
);

builder.relayMutationField(
  "createApiKey",
  { inputFields: (t) => ({ name: t.string({ required: true }) }) },
  {
    authScopes: { signedIn: true },
    resolve: (_root, { input }, context) =>
      createApiKey(context, sessionViewerId(context), input.name, context.origin ?? null),
  },
  {
    outputFields: (t) => ({
      apiKey: t.field({ type: ApiKeyRef, resolve: (payload) => payload.apiKey }),
      secret: t.string({
        description: "The key itself, to send as `Authorization: Bearer <secret>`. It is never shown again.",
        resolve: (payload) => payload.secret,
      }),
    }),
  },
);

builder.relayMutationField(
  "revokeApiKey",
  { inputFields: (t) => ({ apiKeyId: t.globalID({ required: true, for: ApiKeyRef }) }) },
  {
    authScopes: { signedIn: true },
    resolve: async (_root, { input }, context) => ({
      apiKey: await revokeApiKey(context, sessionViewerId(context), input.apiKeyId.id, context.origin ?? null),
    }),
  },
  { outputFields: (t) => ({ apiKey: t.field({ type: ApiKeyRef, resolve: (payload) => payload.apiKey }) }) },
);
