import { MapperKind, mapSchema } from "@graphql-tools/utils";
import {
  GraphQLBoolean,
  type GraphQLFieldConfig,
  type GraphQLFieldConfigMap,
  GraphQLInt,
  GraphQLNonNull,
  GraphQLObjectType,
  type GraphQLSchema,
  GraphQLString,
  isInterfaceType,
  isScalarType,
} from "graphql";
import type { GraphQLContext } from "../graphql/context.js";
import { GantryError } from "../graphql/errors.js";
import { type GitHubOwner, gitHubOwner, ownerByGhId, ownerByLogin, ownerHasWorkspace, ownerId } from "./owners.js";
import { emptyValueResolver, NOT_OFFERED_PREFIX } from "./reference-surface.js";
import { zenhubOnlyConcept } from "./zenhub-only-concepts.js";

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
      description: "GitHub's account type: `User`, `Organization` or `Bot`.",
      resolve: async (user, _args, context) => (await known(user, context)).type,
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
  return mapSchema(schema, {
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
              description: "Null for an issue's assignee (not kept); GitHub's id for an owner.",
              resolve: (user: UserSource) => user.ghId ?? null,
            } as GraphQLFieldConfig<unknown, unknown>,
            ghNodeId: {
              ...config.fields.ghNodeId,
              description: "Null for an issue's assignee (not kept); GitHub's node id for an owner.",
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
