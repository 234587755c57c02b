import { MapperKind, mapSchema } from "@graphql-tools/utils";
import { encodeGlobalID } from "@pothos/plugin-relay";
import {
  type GraphQLFieldConfig,
  type GraphQLFieldResolver,
  GraphQLNonNull,
  GraphQLObjectType,
  type GraphQLSchema,
} from "graphql";
import type { GraphQLContext } from "../graphql/context.js";
import { GantryError } from "../graphql/errors.js";
import type { IssueComment } from "../issues/comments.js";
import { gitHubOwner } from "./owners.js";
import { emptyValueResolver } from "./reference-surface.js";
import { gantryAccountOfLogin, visibleGantryAccount } from "./served-fields/people.js";

/** The type name inside a GitHub identity's id: `node(id:)` loads it (node-loaders.ts) and answers a GantryUser. */
export const GITHUB_IDENTITY_NODE = "GitHubIdentity";

const IDENTITY = Symbol("a GitHub identity answered as a GantryUser");

/**
 * A comment's author who is no Gantry user the viewer may see (a GitHub-only author, or a Gantry author no longer
 * in an organisation with the viewer), answered as the reference's `GantryUser` (decision 0099): a view of the
 * GitHub account, with a stable id `node(id:)` loads again.
 */
export interface GitHubIdentity {
  [IDENTITY]: true;
  login: string;
  name: string;
  avatarUrl: string | null;
  ghId: number | null;
  ghNodeId: string | null;
  /** GitHub's account dates when GitHub was asked; else read from GitHub, or `seenAt` when it cannot answer. */
  createdAt: Date | null;
  updatedAt: Date | null;
  seenAt: Date;
}

export const isGitHubIdentity = (value: unknown): value is GitHubIdentity =>
  typeof value === "object" && value !== null && IDENTITY in value;

export function gitHubIdentity(fields: Omit<GitHubIdentity, typeof IDENTITY>): GitHubIdentity {
  return { [IDENTITY]: true, ...fields };
}

/** The identity's id: GitHub's account id when known (stable across renames), else its login. */
const identityKey = (identity: GitHubIdentity) =>
  identity.ghId !== null ? `gh:${identity.ghId}` : `login:${identity.login}`;

/** `node(id:)` of an identity: the GitHub account as GitHub describes it now, read with the viewer's account. */
export async function loadGitHubIdentity(key: string, context: GraphQLContext): Promise<GitHubIdentity | null> {
  const [kind, value] = [key.slice(0, key.indexOf(":")), key.slice(key.indexOf(":") + 1)];
  const ghId = Number(value);
  if (kind === "gh" && !(Number.isSafeInteger(ghId) && ghId > 0)) return null;
  if (kind !== "gh" && kind !== "login") return null;
  let account: Awaited<ReturnType<typeof gitHubOwner>>;
  try {
    account = await gitHubOwner(context, kind === "gh" ? { ghId } : { login: value });
  } catch (error) {
    if (error instanceof GantryError) return null;
    throw error;
  }
  if (!account) return null;
  return gitHubIdentity({
    login: account.login,
    name: account.name ?? account.login,
    avatarUrl: account.avatarUrl,
    ghId: account.ghId,
    ghNodeId: account.ghNodeId,
    createdAt: account.createdAt,
    updatedAt: account.updatedAt,
    seenAt: account.createdAt,
  });
}

/** The author's Gantry account when the viewer may see it (as `node(id:)` of a GantryUser would). */
function visibleGantryAuthor(comment: IssueComment, context: GraphQLContext) {
  if (comment.authorId) return visibleGantryAccount(context).load(comment.authorId);
  // A GitHub comment: the Gantry user who connected that GitHub account.
  if (comment.htmlUrl === null || !comment.author.login) return null;
  return gantryAccountOfLogin(context).load(comment.author.login);
}

/** `Comment.author`: the Gantry user who wrote it when known, else a view of their GitHub account. */
export async function commentAuthor(comment: IssueComment, context: GraphQLContext): Promise<unknown> {
  const user = await visibleGantryAuthor(comment, context);
  if (user) return user;
  const { author } = comment;
  return gitHubIdentity({
    // A deleted Gantry author with no GitHub account is shown as GitHub shows a deleted account.
    login: author.login ?? "ghost",
    name: author.name,
    avatarUrl: author.avatarUrl,
    ghId: author.ghId,
    ghNodeId: author.ghNodeId,
    createdAt: null,
    updatedAt: null,
    seenAt: comment.createdAt,
  });
}

/** GitHub's account dates of the identity; when it was seen writing when GitHub cannot answer. */
async function identityDates(identity: GitHubIdentity, context: GraphQLContext) {
  if (identity.createdAt && identity.updatedAt) return { createdAt: identity.createdAt, updatedAt: identity.updatedAt };
  try {
    const account = await gitHubOwner(context, identity.ghId !== null ? { ghId: identity.ghId } : identity);
    if (account) return { createdAt: account.createdAt, updatedAt: account.updatedAt };
  } catch (error) {
    if (!(error instanceof GantryError)) throw error;
  }
  return { createdAt: identity.seenAt, updatedAt: identity.seenAt };
}

/** What a GitHub identity answers for GantryUser's fields; every other field answers its empty value. */
const IDENTITY_FIELDS: Record<string, (identity: GitHubIdentity, context: GraphQLContext) => unknown> = {
  id: (identity) => encodeGlobalID(GITHUB_IDENTITY_NODE, identityKey(identity)),
  name: (identity) => identity.name,
  imageUrl: (identity) => identity.avatarUrl,
  externalOnly: () => true,
  contactIdentity: () => ({ email: "", provider: "github" }),
  createdAt: async (identity, context) => (await identityDates(identity, context)).createdAt,
  updatedAt: async (identity, context) => (await identityDates(identity, context)).updatedAt,
  githubUser: (identity) => ({
    __typename: "User",
    login: identity.login,
    avatarUrl: identity.avatarUrl,
    ghId: identity.ghId,
    ghNodeId: identity.ghNodeId,
    name: identity.name === identity.login ? null : identity.name,
  }),
};

/**
 * The public `Comment.author` is the reference's `GantryUser!` (the web app keeps its own `CommentAuthor`), and
 * every `GantryUser` field answers a GitHub identity too: what it knows of the GitHub account, the reference's
 * empty value for what only a Gantry account has.
 */
export function withCommentAuthorsAsGantryUsers(schema: GraphQLSchema): GraphQLSchema {
  const gantryUser = schema.getType("GantryUser");
  if (!(gantryUser instanceof GraphQLObjectType)) throw new Error("The public schema has no GantryUser.");
  return mapSchema(schema, {
    [MapperKind.OBJECT_TYPE]: (type) => {
      // The web app's author type, which no public field answers any more.
      if (type.name === "CommentAuthor") return null;
      if (type.name !== "GantryUser") return type;
      const config = type.toConfig();
      const fields: Record<string, GraphQLFieldConfig<unknown, GraphQLContext>> = {};
      for (const [name, field] of Object.entries(config.fields)) {
        const resolve = (field.resolve ?? ((source: Record<string, unknown>) => source[name])) as GraphQLFieldResolver<
          unknown,
          GraphQLContext
        >;
        const empty = emptyValueResolver(type.getFields()[name] as never, "A GitHub identity has no Gantry account.");
        const forIdentity = IDENTITY_FIELDS[name];
        fields[name] = {
          ...field,
          resolve: (source, args, context, info) =>
            isGitHubIdentity(source)
              ? forIdentity
                ? forIdentity(source, context)
                : empty(source, args, context, info)
              : resolve(source, args, context, info),
        };
      }
      return new GraphQLObjectType({ ...config, fields });
    },
    [MapperKind.OBJECT_FIELD]: (field, fieldName, typeName) => {
      if (typeName !== "Comment" || fieldName !== "author") return field;
      return {
        ...field,
        type: new GraphQLNonNull(gantryUser),
        description:
          "Who wrote the comment: their Gantry account when it is in an organisation with you, else a view of their GitHub account (`githubUser`; decision 0099).",
        resolve: (comment: IssueComment, _args, context: GraphQLContext) => commentAuthor(comment, context),
      };
    },
  });
}
