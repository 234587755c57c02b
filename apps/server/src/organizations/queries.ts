import { type Database, schema } from "@gantry/db";
import { and, asc, desc, eq, gt, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { effectivePermission, type Organization, type Workspace } from "./access.js";

const {
  accessRequests,
  organizationInvitations,
  organizationMembers,
  organizations,
  users,
  workspaceMembers,
  workspaceViews,
  workspaces,
} = schema;

export type OrganizationWithRole = Organization & { viewerRole: (typeof organizationMembers.$inferSelect)["role"] };

export async function viewerOrganizations(
  db: Database,
  userId: string,
  query?: string | null,
): Promise<OrganizationWithRole[]> {
  const rows = await db
    .select({ organization: organizations, role: organizationMembers.role })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(
      and(
        eq(organizationMembers.userId, userId),
        query
          ? sql`lower(${organizations.name}) like ${`%${query.toLowerCase().replace(/[%_\\]/g, "\\$&")}%`}`
          : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${organizations.name})`));
  return rows.map((row) => ({ ...row.organization, viewerRole: row.role }));
}

export type WorkspaceWithPermission = Workspace & {
  viewerPermission: NonNullable<ReturnType<typeof effectivePermission>>;
};

/** The workspaces of the given organisations that this person may open, with their permission in each. */
export async function accessibleWorkspaces(
  db: Database,
  userId: string,
  memberships: Pick<OrganizationWithRole, "id" | "viewerRole">[],
): Promise<WorkspaceWithPermission[]> {
  if (memberships.length === 0) return [];
  const rows = await db
    .select({ workspace: workspaces, explicit: workspaceMembers.permission })
    .from(workspaces)
    .leftJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, workspaces.id), eq(workspaceMembers.userId, userId)),
    )
    .where(
      inArray(
        workspaces.organizationId,
        memberships.map((membership) => membership.id),
      ),
    )
    .orderBy(asc(sql`lower(${workspaces.name})`));
  const roles = new Map(memberships.map((membership) => [membership.id, membership.viewerRole]));
  return rows.flatMap(({ workspace, explicit }) => {
    const permission = effectivePermission(roles.get(workspace.organizationId) ?? null, explicit, workspace.isPrivate);
    return permission ? [{ ...workspace, viewerPermission: permission }] : [];
  });
}

export async function recentWorkspaces(
  db: Database,
  userId: string,
  limit: number,
): Promise<WorkspaceWithPermission[]> {
  const views = await db
    .select({ workspaceId: workspaceViews.workspaceId })
    .from(workspaceViews)
    .where(eq(workspaceViews.userId, userId))
    .orderBy(desc(workspaceViews.viewedAt))
    .limit(limit * 2);
  const accessible = await accessibleWorkspaces(db, userId, await viewerOrganizations(db, userId));
  const byId = new Map(accessible.map((workspace) => [workspace.id, workspace]));
  return views.flatMap((view) => byId.get(view.workspaceId) ?? []).slice(0, limit);
}

export async function organizationMemberList(db: Database, organizationId: string) {
  return db
    .select({ user: users, role: organizationMembers.role, joinedAt: organizationMembers.createdAt })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(eq(organizationMembers.organizationId, organizationId))
    .orderBy(asc(sql`lower(${users.email})`));
}

export async function pendingInvitations(db: Database, organizationId: string, now: Date) {
  return db
    .select()
    .from(organizationInvitations)
    .where(
      and(
        eq(organizationInvitations.organizationId, organizationId),
        isNull(organizationInvitations.acceptedAt),
        isNull(organizationInvitations.revokedAt),
        gt(organizationInvitations.expiresAt, now),
      ),
    )
    .orderBy(desc(organizationInvitations.createdAt));
}

/** Access requests with what they ask to join and who asks, the one shape every reader uses. */
export function accessRequestRows(db: Database, where: SQL | undefined, order: SQL = desc(accessRequests.createdAt)) {
  return db
    .select({ request: accessRequests, organization: organizations, requester: users })
    .from(accessRequests)
    .innerJoin(organizations, eq(organizations.id, accessRequests.organizationId))
    .innerJoin(users, eq(users.id, accessRequests.userId))
    .where(where)
    .orderBy(order);
}

/** The requests an organisation's admins still have to answer, oldest first. */
export function organizationAccessRequests(db: Database, organizationId: string) {
  return accessRequestRows(
    db,
    and(eq(accessRequests.organizationId, organizationId), eq(accessRequests.state, "PENDING")),
    asc(accessRequests.createdAt),
  );
}

export function viewerAccessRequests(db: Database, userId: string) {
  return accessRequestRows(db, eq(accessRequests.userId, userId));
}

/** Whether two people share an organisation, which is what lets one look the other up. */
export async function sharesOrganization(
  db: Database,
  userId: string,
  otherIds: readonly string[],
): Promise<Set<string>> {
  if (otherIds.length === 0) return new Set();
  const mine = db
    .select({ organizationId: organizationMembers.organizationId })
    .from(organizationMembers)
    .where(eq(organizationMembers.userId, userId));
  const rows = await db
    .selectDistinct({ userId: organizationMembers.userId })
    .from(organizationMembers)
    .where(and(inArray(organizationMembers.userId, [...otherIds]), inArray(organizationMembers.organizationId, mine)));
  return new Set([userId, ...rows.map((row) => row.userId)]);
}
