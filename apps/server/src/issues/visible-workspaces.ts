import { schema } from "@gantry/db";
import { createContextCache } from "@pothos/core";
import { and, eq } from "drizzle-orm";
import type { GraphQLContext } from "../graphql/context.js";
import { effectivePermission } from "../organizations/access.js";

const { organizationMembers, organizations, users, workspaceMembers, workspaces } = schema;

/**
 * The workspaces the viewer may open, read once per request. An issue can sit on several
 * boards; its per-workspace data (sprints, releases, Gantry epics, dependencies, priority)
 * shows only from these, so a private workspace's plans never leak through a shared issue.
 * The rule is requireWorkspace's, SAML included, for every workspace at once.
 */
export const visibleWorkspaceIds = createContextCache(async (context: GraphQLContext): Promise<Set<string>> => {
  if (!context.viewer) return new Set();
  const rows = await context.db
    .select({
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
        eq(organizationMembers.userId, context.viewer.id),
      ),
    )
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .leftJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, workspaces.id), eq(workspaceMembers.userId, organizationMembers.userId)),
    );
  return new Set(
    rows
      .filter((row) => effectivePermission(row.role, row.explicit, row.isPrivate) !== null)
      .filter((row) => !row.requireSaml || row.role === "owner" || row.provider === "saml")
      .map((row) => row.workspaceId),
  );
});
