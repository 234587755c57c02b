import { type Executor, type OrganizationRole, preparedStatement, schema, type WorkspacePermission } from "@gantry/db";
import { encodeGlobalID } from "@pothos/plugin-relay";
import { and, eq, type SQLWrapper, sql } from "drizzle-orm";
import { type SeatProblem, seatProblem, seatProblemError } from "../enterprise/seats.js";
import { GantryError } from "../graphql/errors.js";

const { organizationMembers, organizations, users, workspaceMembers, workspaceRepositories, workspaces } = schema;

const ROLE_RANK: Record<OrganizationRole, number> = { member: 1, admin: 2, owner: 3 };
const PERMISSION_RANK: Record<WorkspacePermission, number> = { viewer: 1, editor: 2, admin: 3 };

export function roleAtLeast(role: OrganizationRole | null, needed: OrganizationRole): boolean {
  return role !== null && ROLE_RANK[role] >= ROLE_RANK[needed];
}

export function permissionAtLeast(permission: WorkspacePermission | null, needed: WorkspacePermission): boolean {
  return permission !== null && PERMISSION_RANK[permission] >= PERMISSION_RANK[needed];
}

export type Organization = typeof organizations.$inferSelect;
export type Workspace = typeof workspaces.$inferSelect;

export async function organizationRole(
  db: Executor,
  organizationId: string,
  userId: string,
): Promise<OrganizationRole | null> {
  const [row] = await db
    .select({ role: organizationMembers.role })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)));
  return row?.role ?? null;
}

/**
 * The one rule for who may do what in a workspace: organisation owners and admins are its
 * admins; other members get their explicit permission, or editor of a non-private workspace;
 * everyone else has none.
 */
export function effectivePermission(
  role: OrganizationRole | null,
  explicit: WorkspacePermission | null,
  isPrivate: boolean,
): WorkspacePermission | null {
  if (roleAtLeast(role, "admin")) return "admin";
  if (role === null) return null;
  return explicit ?? (isPrivate ? null : "editor");
}

export interface WorkspaceAccess {
  workspace: Workspace;
  organization: Organization;
  permission: WorkspacePermission | null;
  /** Enterprise edition: why someone who would have access has none (no seat, or no valid licence). */
  seatProblem?: SeatProblem;
}

type AccessUser = string | null | SQLWrapper;

/** The columns a workspace check reads (workspaceAccess); accessFromRow answers from them. */
export const accessColumns = {
  workspace: workspaces,
  organization: organizations,
  role: organizationMembers.role,
  explicit: workspaceMembers.permission,
};

export interface AccessRow {
  workspace: Workspace;
  organization: Organization;
  role: OrganizationRole | null;
  explicit: WorkspacePermission | null;
}

/**
 * How accessColumns' tables join the workspace for the person: the organisation, and (left joins)
 * the person's membership of it and of the workspace. A board page reads them with more (B1).
 */
export function accessJoins(userId: AccessUser) {
  // Without a person the joins match nothing, as `= null` would.
  const theirs = (column: typeof organizationMembers.userId | typeof workspaceMembers.userId) =>
    userId === null ? sql`false` : eq(column, userId);
  return {
    organization: eq(organizations.id, workspaces.organizationId),
    organizationMember: and(
      eq(organizationMembers.organizationId, workspaces.organizationId),
      theirs(organizationMembers.userId),
    ),
    workspaceMember: and(eq(workspaceMembers.workspaceId, workspaces.id), theirs(workspaceMembers.userId)),
  };
}

/** The workspace check in one statement: every board request checks this before anything else (B1). */
function accessSelect(db: Executor, userId: AccessUser) {
  const joins = accessJoins(userId);
  return db
    .select(accessColumns)
    .from(workspaces)
    .innerJoin(organizations, joins.organization)
    .leftJoin(organizationMembers, joins.organizationMember)
    .leftJoin(workspaceMembers, joins.workspaceMember)
    .$dynamic();
}

// Built once per database (B1, issue #14); a null person is a null placeholder, which matches nobody.
const workspaceAccessStatement = preparedStatement("workspace_access", (db, name) =>
  accessSelect(db, sql.placeholder("userId"))
    .where(eq(workspaces.id, sql.placeholder("workspaceId")))
    .prepare(name),
);

/** workspaceAccess's answer from accessSelect's row (undefined when there is no such workspace). */
export async function accessFromRow(
  db: Executor,
  row: AccessRow | undefined,
  userId: string | null,
  // Several rows of one person (a request's board pages) share one seat read.
  seatOf: (userId: string) => Promise<SeatProblem | null> = (id) => seatProblem(db, id),
): Promise<WorkspaceAccess | null> {
  if (!row) return null;
  const { workspace, organization } = row;
  if (!userId) return { workspace, organization, permission: null };
  const permission = effectivePermission(row.role, row.explicit, workspace.isPrivate);
  const problem = permission ? await seatOf(userId) : null;
  return problem
    ? { workspace, organization, permission: null, seatProblem: problem }
    : { workspace, organization, permission };
}

export async function workspaceAccess(
  db: Executor,
  workspaceId: string,
  userId: string | null,
): Promise<WorkspaceAccess | null> {
  const prepared = workspaceAccessStatement(db);
  const [row] = prepared
    ? await prepared.execute({ workspaceId, userId })
    : await accessSelect(db, userId).where(eq(workspaces.id, workspaceId));
  return accessFromRow(db, row, userId);
}

/**
 * Loads a workspace for someone who needs at least `needed`. A workspace the person cannot see
 * answers FORBIDDEN with the organisation's name (so the page can offer to request access);
 * one that does not exist answers NOT_FOUND.
 */
export async function requireWorkspace(
  db: Executor,
  workspaceId: string,
  userId: string,
  needed: WorkspacePermission,
): Promise<WorkspaceAccess & { permission: WorkspacePermission }> {
  return requireAccess(db, await workspaceAccess(db, workspaceId, userId), userId, needed);
}

/** requireWorkspace's answer for access already read (accessFromRow). */
export async function requireAccess(
  db: Executor,
  access: WorkspaceAccess | null,
  userId: string,
  needed: WorkspacePermission,
): Promise<WorkspaceAccess & { permission: WorkspacePermission }> {
  if (!access) throw new GantryError("NOT_FOUND", "This workspace does not exist.");
  if (access.seatProblem) throw seatProblemError(access.seatProblem);
  if (access.permission) await requireSamlIfEnforced(db, access.organization, userId);
  if (!permissionAtLeast(access.permission, needed)) {
    throw new GantryError(
      "FORBIDDEN",
      access.permission
        ? "You do not have permission to do this in this workspace."
        : "You do not have access to this workspace.",
      {
        reason: access.permission ? "WORKSPACE_PERMISSION" : "WORKSPACE_ACCESS",
        organizationId: encodeGlobalID("GantryOrganization", access.organization.id),
        organizationName: access.organization.name,
      },
    );
  }
  return access as WorkspaceAccess & { permission: WorkspacePermission };
}

export async function requireOrganizationRole(
  db: Executor,
  organizationId: string,
  userId: string,
  needed: OrganizationRole,
): Promise<{ organization: Organization; role: OrganizationRole }> {
  const [organization] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
  const role = organization ? await organizationRole(db, organizationId, userId) : null;
  // Outsiders learn nothing about an organisation, not even that it exists.
  if (!organization || role === null) throw new GantryError("NOT_FOUND", "This organization does not exist.");
  if (!roleAtLeast(role, needed)) {
    throw new GantryError("FORBIDDEN", `Only organization ${needed === "owner" ? "owners" : "admins"} can do this.`);
  }
  await requireSamlIfEnforced(db, organization, userId);
  return { organization, role };
}

export const SAML_REQUIRED_MESSAGE = "This organization requires you to sign in with SAML single sign-on.";

/**
 * A SAML-protected organisation (SPEC §6) answers SAML_AUTH_REQUIRED to members who signed in
 * another way. Owners are exempt, so an owner who turns it on cannot lock everyone out.
 */
async function requireSamlIfEnforced(db: Executor, organization: Organization, userId: string): Promise<void> {
  if (!organization.requireSaml) return;
  if ((await organizationRole(db, organization.id, userId)) === "owner") return;
  const [user] = await db.select({ provider: users.identityProvider }).from(users).where(eq(users.id, userId));
  if (user?.provider === "saml") return;
  throw new GantryError("FORBIDDEN", SAML_REQUIRED_MESSAGE, {
    reason: "SAML_AUTH_REQUIRED",
    organizationId: encodeGlobalID("GantryOrganization", organization.id),
    organizationName: organization.name,
  });
}

/**
 * The person's access to each workspace showing a repository (null where they have none). An
 * issue sits on the board of every workspace connected to its repository, so this is who may
 * see or change it.
 */
export async function repositoryWorkspacesAccess(db: Executor, repositoryId: string, userId: string) {
  const links = await db
    .select({ workspaceId: workspaceRepositories.workspaceId })
    .from(workspaceRepositories)
    .where(eq(workspaceRepositories.repositoryId, repositoryId));
  return Promise.all(
    links.map(async ({ workspaceId }) => ({ workspaceId, access: await workspaceAccess(db, workspaceId, userId) })),
  );
}
