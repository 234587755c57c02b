import { type Executor, schema } from "@gantry/db";
import { createContextCache } from "@pothos/core";
import { and, eq, inArray } from "drizzle-orm";
import type { GraphQLContext } from "../graphql/context.js";
import { effectivePermission } from "../organizations/access.js";

const { organizationMembers, organizations, users, workspaceMembers, workspaces } = schema;

/**
 * The workspaces each of the people may open, in one query (a board event checks all its
 * subscribers at once). The rule is requireWorkspace's, SAML included, for every workspace at once.
 */
export async function visibleWorkspacesOf(db: Executor, userIds: readonly string[]): Promise<Map<string, Set<string>>> {
  const visible = new Map(userIds.map((userId) => [userId, new Set<string>()]));
  if (userIds.length === 0) return visible;
  const rows = await db
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
    .innerJoin(
      organizationMembers,
      and(
        eq(organizationMembers.organizationId, workspaces.organizationId),
        inArray(organizationMembers.userId, [...userIds]),
      ),
    )
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .leftJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, workspaces.id), eq(workspaceMembers.userId, organizationMembers.userId)),
    );
  for (const row of rows) {
    if (effectivePermission(row.role, row.explicit, row.isPrivate) === null) continue;
    if (row.requireSaml && row.role !== "owner" && row.provider !== "saml") continue;
    visible.get(row.userId)?.add(row.workspaceId);
  }
  return visible;
}

/**
 * The workspaces the viewer may open, read once per request. An issue can sit on several
 * boards; its per-workspace data (sprints, releases, Gantry epics, dependencies, priority)
 * shows only from these, so a private workspace's plans never leak through a shared issue.
 */
export const visibleWorkspaceIds = createContextCache(async (context: GraphQLContext): Promise<Set<string>> => {
  if (!context.viewer) return new Set();
  const visible = await visibleWorkspacesOf(context.db, [context.viewer.id]);
  return visible.get(context.viewer.id) ?? new Set();
});
