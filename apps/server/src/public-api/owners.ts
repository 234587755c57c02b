import { schema } from "@gantry/db";
import { encodeGlobalID } from "@pothos/plugin-relay";
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { requireGitHub } from "../board/issue-writes.js";
import { gitHubError } from "../codehost/errors.js";
import { clientForUser } from "../codehost/repositories.js";
import type { GraphQLContext } from "../graphql/context.js";
import { GantryError } from "../graphql/errors.js";
import { visibleWorkspacesOf } from "../issues/visible-workspaces.js";

const { repositories, workspaceRepositories } = schema;

/** The reference's `Owner` types GitHub's account types are answered as (GitHub's `type` names them). */
export type OwnerTypename = "User" | "Organization" | "Bot" | "Mannequin";

/** GitHub's account type answered as the reference's Owner type; any other (or none) is a `User`. */
export const ownerTypename = (type: string | null | undefined): OwnerTypename =>
  type === "Organization" || type === "Bot" || type === "Mannequin" ? type : "User";

/** The reference's `Owner` (a GitHub `User`, `Organization`, `Bot` or `Mannequin`) as GitHub describes the account now. */
export interface GitHubOwner {
  __typename: OwnerTypename;
  login: string;
  ghId: number;
  ghNodeId: string;
  avatarUrl: string;
  name: string | null;
  /** GitHub's own account type: `User`, `Organization` or `Bot`. */
  type: string;
  createdAt: Date;
  updatedAt: Date;
}

export type OwnerKey = { login: string } | { ghId: number };

interface GitHubAccountWire {
  login: string;
  id: number;
  node_id: string;
  avatar_url: string;
  name?: string | null;
  type: string;
  created_at: string;
  updated_at: string;
}

/** Per request: one GitHub read per owner however many fields or assignees ask for it. */
const lookups = new WeakMap<GraphQLContext, Map<string, Promise<GitHubOwner | null>>>();

/**
 * The GitHub account of that login or id, read with the viewer's own GitHub account (so GitHub decides what they
 * may see; answers are ETag-cached). Null when GitHub has no such account; an error when the viewer has no GitHub
 * account connected or the install has no GitHub.
 */
export function gitHubOwner(context: GraphQLContext, key: OwnerKey): Promise<GitHubOwner | null> {
  const viewer = context.viewer;
  if (!viewer) throw new GantryError("UNAUTHENTICATED", "Sign in first.");
  const cacheKey = "login" in key ? `login:${key.login.toLowerCase()}` : `id:${key.ghId}`;
  const cache = lookups.get(context) ?? new Map<string, Promise<GitHubOwner | null>>();
  lookups.set(context, cache);
  let found = cache.get(cacheKey);
  if (!found) {
    found = readOwner(context, viewer.id, key);
    cache.set(cacheKey, found);
  }
  return found;
}

async function readOwner(context: GraphQLContext, userId: string, key: OwnerKey): Promise<GitHubOwner | null> {
  const { client } = await clientForUser(
    requireGitHub({ ...context, codeHost: context.codeHost?.deps ?? null }),
    userId,
  );
  let account: GitHubAccountWire;
  try {
    const response =
      "login" in key
        ? await client.rest.users.getByUsername({ username: key.login })
        : await client.rest.users.getById({ account_id: key.ghId });
    account = response.data as GitHubAccountWire;
  } catch (error) {
    if ((error as { status?: number }).status === 404) return null;
    throw gitHubError(error);
  }
  return {
    __typename: ownerTypename(account.type),
    login: account.login,
    ghId: account.id,
    ghNodeId: account.node_id,
    avatarUrl: account.avatar_url,
    name: account.name ?? null,
    type: account.type,
    createdAt: new Date(account.created_at),
    updatedAt: new Date(account.updated_at),
  };
}

/** A GitHub login is 1–39 characters; anything longer cannot be one, so it is not sent to GitHub. */
export function ownerByLogin(context: GraphQLContext, login: string): Promise<GitHubOwner | null> {
  const trimmed = login.trim();
  if (trimmed.length === 0 || trimmed.length > 39 || trimmed.includes("/")) return Promise.resolve(null);
  return gitHubOwner(context, { login: trimmed });
}

export function ownerByGhId(context: GraphQLContext, ghId: number): Promise<GitHubOwner | null> {
  if (!Number.isSafeInteger(ghId) || ghId < 1) return Promise.resolve(null);
  return gitHubOwner(context, { ghId });
}

/** The owner's global id: a GitHub user's is the one an issue's assignee already has, stable per login. */
export const ownerId = (owner: { __typename: string; login: string }): string =>
  encodeGlobalID(owner.__typename, owner.login);

/**
 * `hasWorkspace`: a workspace the viewer can open shows a GitHub repository this account owns. Only the viewer's
 * workspaces are looked at, so the answer tells nothing about other organisations.
 */
export async function ownerHasWorkspace(context: GraphQLContext, login: string): Promise<boolean> {
  const viewer = context.viewer;
  if (!viewer) return false;
  const visible = [...((await visibleWorkspacesOf(context.db, [viewer.id])).get(viewer.id) ?? [])];
  if (visible.length === 0) return false;
  const [row] = await context.db
    .select({ repositoryId: repositories.id })
    .from(repositories)
    .innerJoin(workspaceRepositories, eq(workspaceRepositories.repositoryId, repositories.id))
    .where(
      and(
        isNotNull(repositories.ghId),
        sql`lower(${repositories.ownerLogin}) = ${login.toLowerCase()}`,
        inArray(workspaceRepositories.workspaceId, visible),
      ),
    )
    .limit(1);
  return row !== undefined;
}
