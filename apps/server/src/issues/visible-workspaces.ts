import { type Executor, preparedStatement, schema } from "@gantry/db";
import { createContextCache } from "@pothos/core";
import { and, eq, inArray, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { GraphQLContext } from "../graphql/context.js";
import type { MaybePromise } from "../graphql/maybe-promise.js";
import { effectivePermission } from "../organizations/access.js";

const { organizationMembers, organizations, users, workspaceMembers, workspaces } = schema;

/** The rows visibleWorkspacesOf decides from, for the people `userIds` picks. */
function visibleQuery(db: Executor, userIds: SQLWrapper) {
  return db
    .select({
      userId: organizationMembers.userId,
      workspaceId: workspaces.id,
      isPrivate: workspaces.isPrivate,
      role: organizationMembers.role,
      explicit: workspaceMembers.permission,
      requireSaml: organizations.requireSaml,
      provider: users.identityProvider,
    })
    .from(workspaces)
    .innerJoin(organizations, eq(organizations.id, workspaces.organizationId))
    .innerJoin(organizationMembers, and(eq(organizationMembers.organizationId, workspaces.organizationId), userIds))
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .leftJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, workspaces.id), eq(workspaceMembers.userId, organizationMembers.userId)),
    );
}

// Every board page reads this (B1, issue #14), so it is built once per database.
const visibleStatement = preparedStatement("visible_workspaces", (db, name) =>
  visibleQuery(db, sql`${organizationMembers.userId} = any(${sql.placeholder("userIds")}::uuid[])`).prepare(name),
);

/**
 * The workspaces each of the people may open, in one query (a board event checks all its
 * subscribers at once). The rule is requireWorkspace's, SAML included, for every workspace at once.
 */
export async function visibleWorkspacesOf(db: Executor, userIds: readonly string[]): Promise<Map<string, Set<string>>> {
  const visible = new Map(userIds.map((userId) => [userId, new Set<string>()]));
  if (userIds.length === 0) return visible;
  const prepared = visibleStatement(db);
  const rows = prepared
    ? await prepared.execute({ userIds: [...userIds] })
    : await visibleQuery(db, inArray(organizationMembers.userId, [...userIds]));
  for (const row of rows) {
    if (visibleRow(row)) visible.get(row.userId)?.add(row.workspaceId);
  }
  return visible;
}

type VisibleRow = Awaited<ReturnType<typeof visibleQuery>>[number];

function visibleRow(row: VisibleRow): boolean {
  if (effectivePermission(row.role, row.explicit, row.isPrivate) === null) return false;
  return !(row.requireSaml && row.role !== "owner" && row.provider !== "saml");
}

/**
 * The viewer's rows as one json column of another statement (a board page reads them with its
 * pipeline, B1); visibleFromJson decides from them. `userId` is a value or a placeholder.
 */
export function visibleWorkspacesJson(db: Executor, userId: string | SQLWrapper): SQL {
  return sql`(select json_agg(visible) from (${visibleQuery(db, eq(organizationMembers.userId, userId))}) visible)`;
}

/** The workspace ids from visibleWorkspacesJson's column; its keys are the columns' names. */
export function visibleFromJson(value: unknown): Set<string> {
  const rows = ((typeof value === "string" ? JSON.parse(value) : value) as Record<string, unknown>[] | null) ?? [];
  const visible = new Set<string>();
  for (const json of rows) {
    const row = {
      userId: json[organizationMembers.userId.name] as string,
      workspaceId: json[workspaces.id.name] as string,
      isPrivate: json[workspaces.isPrivate.name] as boolean,
      role: json[organizationMembers.role.name] as VisibleRow["role"],
      explicit: json[workspaceMembers.permission.name] as VisibleRow["explicit"],
      requireSaml: json[organizations.requireSaml.name] as boolean,
      provider: json[users.identityProvider.name] as VisibleRow["provider"],
    };
    if (visibleRow(row)) visible.add(row.workspaceId);
  }
  return visible;
}

/**
 * The set once the request holds it. Kept in the context cache, not on the context: a subscription's
 * context serves every event, and its cache is renewed per event (events/schema.ts) so that a
 * workspace the viewer lost stops showing at the next event.
 */
const knownVisible = createContextCache((_context: GraphQLContext): { set?: Set<string> } => ({}));

/** Hands visibleWorkspaceIds the set a statement of the request already read (visibleFromJson). */
export function primeVisibleWorkspaceIds(context: GraphQLContext, visible: Set<string>): void {
  knownVisible(context).set = visible;
}

const readVisibleWorkspaceIds = createContextCache(async (context: GraphQLContext): Promise<Set<string>> => {
  const viewerId = context.viewer?.id;
  const visible = viewerId
    ? ((await visibleWorkspacesOf(context.db, [viewerId])).get(viewerId) ?? new Set<string>())
    : new Set<string>();
  knownVisible(context).set = visible;
  return visible;
});

/**
 * The workspaces the viewer may open, read once per request (at once when the request already
 * holds them). An issue can sit on several boards; its per-workspace data (sprints, releases,
 * Gantry epics, dependencies, priority) shows only from these, so a private workspace's plans
 * never leak through a shared issue.
 */
export function visibleWorkspaceIds(context: GraphQLContext): MaybePromise<Set<string>> {
  return knownVisible(context).set ?? readVisibleWorkspaceIds(context);
}
