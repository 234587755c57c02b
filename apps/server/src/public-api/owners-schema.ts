import { MapperKind, mapSchema } from "@graphql-tools/utils";
import {
  GraphQLBoolean,
  type GraphQLFieldConfig,
  type GraphQLFieldConfigMap,
  GraphQLInt,
  type GraphQLInterfaceType,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  isInterfaceType,
  isObjectType,
  isScalarType,
} from "graphql";
import type { GraphQLContext } from "../graphql/context.js";
import { GantryError } from "../graphql/errors.js";
import { type GitHubOwner, gitHubOwner, ownerByGhId, ownerByLogin, ownerHasWorkspace, ownerId } from "./owners.js";
import { emptyValueResolver, NOT_OFFERED_PREFIX } from "./reference-surface.js";
import { zenhubOnlyConcept } from "./zenhub-only-concepts.js";

/** GitHub's name for the account of a deleted author: what `NoOwner` answers. */
export const NO_OWNER_LOGIN = "ghost";

/** An issue's assignee (a login and an avatar) or an owner GitHub was asked about. */
type UserSource = { login: string; avatarUrl?: string | null } & Partial<GitHubOwner>;

/**
 * The reference's `ownerByLogin` / `ownerByGhId`, answering its `Owner` interface: GitHub's `User` (the type an
 * issue's assignees already are) and `Organization`, as GitHub describes the account now (decision 0076).
 * Added once the reference surface has brought in `Owner`, `Organization` and `Timestamps`.
 */
export function withOwnerLookups(schema: GraphQLSchema): GraphQLSchema {
  const owner = schema.getType("Owner");
  const timestamps = schema.getType("Timestamps");
  const dateTime = schema.getType("ISO8601DateTime");
  if (!isInterfaceType(owner) || !isInterfaceType(timestamps) || !isScalarType(dateTime)) {
    throw new Error("The public schema has no Owner, Timestamps or ISO8601DateTime to serve owners with.");
  }
  const ownerFields = (): GraphQLFieldConfigMap<UserSource, GraphQLContext> => ({
    createdAt: {
      type: new GraphQLNonNull(dateTime),
      resolve: async (user, _args, context) => (await known(user, context)).createdAt,
    },
    updatedAt: {
      type: new GraphQLNonNull(dateTime),
      resolve: async (user, _args, context) => (await known(user, context)).updatedAt,
    },
    type: {
      type: new GraphQLNonNull(GraphQLString),
      description: "GitHub's account type: `User`, `Organization`, `Bot` or `Mannequin`.",
      resolve: async (user, _args, context) => user.type ?? (await known(user, context)).type,
    },
    hasWorkspace: {
      type: new GraphQLNonNull(GraphQLBoolean),
      description: "Whether a workspace the viewer can open shows a GitHub repository this account owns.",
      resolve: (user, _args, context) => ownerHasWorkspace(context, user.login),
    },
  });
  const lookups: GraphQLFieldConfigMap<unknown, GraphQLContext> = {
    ownerByGhId: {
      type: owner,
      description:
        "Lookup an Owner by GitHub ID. Read from GitHub with the viewer's GitHub account; null when GitHub has none.",
      args: { ghId: { type: new GraphQLNonNull(GraphQLInt) } },
      resolve: (_root, args: { ghId: number }, context) => ownerByGhId(context, args.ghId),
    },
    ownerByLogin: {
      type: owner,
      description:
        "Lookup an Owner by GitHub login. Read from GitHub with the viewer's GitHub account; null when GitHub has none.",
      args: { login: { type: new GraphQLNonNull(GraphQLString) } },
      resolve: (_root, args: { login: string }, context) => ownerByLogin(context, args.login),
    },
  };
  const served = mapSchema(schema, {
    [MapperKind.QUERY]: (type) => {
      const config = type.toConfig();
      return new GraphQLObjectType({ ...config, fields: { ...config.fields, ...lookups } as typeof config.fields });
    },
    [MapperKind.OBJECT_TYPE]: (type) => {
      if (type.name === "User") {
        const config = type.toConfig();
        return new GraphQLObjectType({
          ...config,
          interfaces: [owner, timestamps],
          fields: {
            ...config.fields,
            ...(ownerFields() as typeof config.fields),
            ghId: {
              ...config.fields.ghId,
              description:
                "GitHub's id of an owner or an issue's author; null for an assignee, and an author stored before Gantry kept it.",
              resolve: (user: UserSource) => user.ghId ?? null,
            } as GraphQLFieldConfig<unknown, unknown>,
            ghNodeId: {
              ...config.fields.ghNodeId,
              description:
                "GitHub's node id of an owner or an issue's author; null for an assignee, and an author stored before Gantry kept it.",
              resolve: (user: UserSource) => user.ghNodeId ?? null,
            } as GraphQLFieldConfig<unknown, unknown>,
            name: {
              ...config.fields.name,
              description: "Null for an issue's assignee (not kept); GitHub's profile name for an owner.",
              resolve: (user: UserSource) => user.name ?? null,
            } as GraphQLFieldConfig<unknown, unknown>,
          },
        });
      }
      if (type.name === "Organization") return organizationServed(type, ownerFields());
      return type;
    },
  });
  return withAccountKinds(served);
}

/**
 * The reference's other `Owner` types: GitHub's `Bot` and `Mannequin` accounts (GitHub's `type` says which), read
 * as GitHub users are, and `NoOwner` where GitHub names no account (a deleted one, which GitHub shows as `ghost`).
 */
function withAccountKinds(schema: GraphQLSchema): GraphQLSchema {
  const user = schema.getType("User");
  const owner = schema.getType("Owner");
  const timestamps = schema.getType("Timestamps");
  if (!isObjectType(user) || !isInterfaceType(owner) || !isInterfaceType(timestamps)) {
    throw new Error("The public schema has no User, Owner or Timestamps to serve other owners with.");
  }
  const userFields = user.toConfig().fields;
  const accountType = (
    name: string,
    description: string,
    interfaces: GraphQLInterfaceType[],
    overrides: GraphQLFieldConfigMap<UserSource, GraphQLContext> = {},
  ) =>
    new GraphQLObjectType<UserSource, GraphQLContext>({
      name,
      description,
      interfaces,
      fields: () =>
        ({
          // Read as a GitHub user is; described as the reference describes an Owner's field, unless not offered.
          ...Object.fromEntries(
            Object.values(owner.getFields()).map((field) => {
              const served = userFields[field.name];
              const notOffered = served?.description?.startsWith(NOT_OFFERED_PREFIX);
              return [field.name, { ...served, description: notOffered ? served?.description : field.description }];
            }),
          ),
          id: {
            ...userFields.id,
            resolve: (account: UserSource) => ownerId({ __typename: name, login: account.login }),
          },
          ...overrides,
        }) as GraphQLFieldConfigMap<UserSource, GraphQLContext>,
    });
  const bot = accountType("Bot", "A GitHub App's bot account (GitHub's type `Bot`).", [owner, timestamps]);
  const mannequin = accountType(
    "Mannequin",
    "A placeholder GitHub made for an imported author who has no account (GitHub's type `Mannequin`).",
    [owner, timestamps],
  );
  const none = (value: unknown) => ({ resolve: () => value });
  const noOwner = accountType(
    "NoOwner",
    "Where GitHub names no account: its author was deleted (GitHub shows `ghost`). Its dates are those of GitHub's `ghost` account.",
    [owner],
    {
      login: { ...userFields.login, ...none(NO_OWNER_LOGIN) },
      avatarUrl: { ...userFields.avatarUrl, ...none("") },
      ghId: { ...userFields.ghId, ...none(null) },
      ghNodeId: { ...userFields.ghNodeId, ...none(null) },
      hasWorkspace: { ...userFields.hasWorkspace, ...none(false) },
      type: { ...userFields.type, ...none("NoOwner") },
    } as GraphQLFieldConfigMap<UserSource, GraphQLContext>,
  );
  const config = schema.toConfig();
  return new GraphQLSchema({ ...config, types: [...config.types, bot, mannequin, noOwner] });
}

/** The organisation as GitHub describes it, with the reference's ZenHub-only fields answering their empty value. */
function organizationServed(
  type: GraphQLObjectType,
  ownerFields: GraphQLFieldConfigMap<UserSource, GraphQLContext>,
): GraphQLObjectType {
  const config = type.toConfig();
  const fields = { ...config.fields };
  for (const [name, field] of Object.entries(type.getFields())) {
    const reason = zenhubOnlyConcept(type.name, name);
    if (!reason || !fields[name]) continue;
    fields[name] = {
      ...fields[name],
      description: `${NOT_OFFERED_PREFIX} ${reason}`,
      resolve: emptyValueResolver(field, reason),
    };
  }
  return new GraphQLObjectType({
    ...config,
    fields: {
      ...fields,
      ...(ownerFields as typeof fields),
      id: { ...fields.id, resolve: (organization: GitHubOwner) => ownerId(organization) } as (typeof fields)["id"],
    },
  });
}

/** The owner's dates and type, asking GitHub when the source is an assignee (only a login is kept). */
async function known(user: UserSource, context: GraphQLContext): Promise<GitHubOwner> {
  if (user.createdAt && user.updatedAt && user.type) return user as GitHubOwner;
  const found = await gitHubOwner(context, { login: user.login });
  if (!found) throw new GantryError("NOT_FOUND", `GitHub has no account named ${user.login}.`);
  return found;
}
