import { type Database, type OrganizationRole, schema } from "@gantry/db";
import { isValidEmail } from "@gantry/domain";
import { and, eq, sql } from "drizzle-orm";
import { hashToken, newToken } from "../accounts/secrets.js";
import { type AuditOrigin, recordAuditEvent, userLabel } from "../audit/record.js";
import { GantryError } from "../graphql/errors.js";
import type { Mailer } from "../mail/mailer.js";
import { organizationRole, requireOrganizationRole } from "./access.js";
import { uniqueOrConflict, validOrganizationName } from "./names.js";

const {
  accessRequests,
  organizationInvitations,
  organizationMembers,
  organizations,
  users,
  workspaceMembers,
  workspaces,
} = schema;

export interface OrganizationsDeps {
  db: Database;
  mailer: Mailer;
  config: { publicUrl: string; productName: string };
  now: () => Date;
}

const NAME_TAKEN = "An organization with this name already exists.";

export async function createOrganization(deps: OrganizationsDeps, userId: string, rawName: string) {
  const name = validOrganizationName(rawName);
  return uniqueOrConflict(
    () =>
      deps.db.transaction(async (tx) => {
        const [organization] = await tx.insert(organizations).values({ name, createdBy: userId }).returning();
        if (!organization) throw new Error("insert returned no organization");
        await tx.insert(organizationMembers).values({ organizationId: organization.id, userId, role: "owner" });
        return organization;
      }),
    NAME_TAKEN,
  );
}

/** Only owners may switch SAML enforcement. */
export async function setSamlRequired(
  deps: OrganizationsDeps,
  userId: string,
  organizationId: string,
  requireSaml: boolean,
) {
  await requireOrganizationRole(deps.db, organizationId, userId, "owner");
  await deps.db
    .update(organizations)
    .set({ requireSaml, updatedAt: deps.now() })
    .where(eq(organizations.id, organizationId));
}

export async function renameOrganization(
  deps: OrganizationsDeps,
  userId: string,
  organizationId: string,
  rawName: string,
) {
  await requireOrganizationRole(deps.db, organizationId, userId, "admin");
  const name = validOrganizationName(rawName);
  const [organization] = await uniqueOrConflict(
    () =>
      deps.db
        .update(organizations)
        .set({ name, updatedAt: deps.now() })
        .where(eq(organizations.id, organizationId))
        .returning(),
    NAME_TAKEN,
  );
  return organization;
}

/** Deletes the organisation with its workspaces; only an owner may. */
export async function deleteOrganization(
  deps: OrganizationsDeps,
  userId: string,
  organizationId: string,
  origin: AuditOrigin | null = null,
) {
  const { organization } = await requireOrganizationRole(deps.db, organizationId, userId, "owner");
  await deps.db.transaction(async (tx) => {
    await tx.delete(organizations).where(eq(organizations.id, organizationId));
    // Kept after the organisation is gone (audit_events has no foreign key to it), for instance admins.
    await recordAuditEvent(tx, {
      action: "organization.deleted",
      actor: { id: userId },
      organizationId,
      target: { type: "organization", id: organizationId, label: organization.name },
      origin,
      occurredAt: deps.now(),
    });
  });
}

async function ownerCount(db: Database, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.role, "owner")));
  return row?.count ?? 0;
}

/** The row of one person's membership of one organisation. */
const membershipOf = (input: { organizationId: string; userId: string }) =>
  and(eq(organizationMembers.organizationId, input.organizationId), eq(organizationMembers.userId, input.userId));

/** Admins manage members and admins; only owners touch owners; the last owner stays. */
async function checkRoleChange(
  deps: OrganizationsDeps,
  actorRole: OrganizationRole,
  organizationId: string,
  targetRole: OrganizationRole,
) {
  if (targetRole === "owner" && actorRole !== "owner") {
    throw new GantryError("FORBIDDEN", "Only organization owners can change an owner.");
  }
  if (targetRole === "owner" && (await ownerCount(deps.db, organizationId)) <= 1) {
    throw new GantryError("CONFLICT", "An organization needs at least one owner.");
  }
}

export async function setMemberRole(
  deps: OrganizationsDeps,
  actorId: string,
  input: { organizationId: string; userId: string; role: OrganizationRole },
  origin: AuditOrigin | null = null,
) {
  const { role: actorRole } = await requireOrganizationRole(deps.db, input.organizationId, actorId, "admin");
  const current = await organizationRole(deps.db, input.organizationId, input.userId);
  if (!current) throw new GantryError("NOT_FOUND", "This person is not a member of the organization.");
  if (input.role === "owner" && actorRole !== "owner")
    throw new GantryError("FORBIDDEN", "Only organization owners can make an owner.");
  if (current === input.role) return;
  await checkRoleChange(deps, actorRole, input.organizationId, current);
  await deps.db.transaction(async (tx) => {
    await tx.update(organizationMembers).set({ role: input.role }).where(membershipOf(input));
    await recordAuditEvent(tx, {
      action: "organization.member_role_changed",
      actor: { id: actorId },
      organizationId: input.organizationId,
      target: { type: "user", id: input.userId, label: await userLabel(tx, input.userId) },
      origin,
      details: { from: current, to: input.role },
      occurredAt: deps.now(),
    });
  });
}

/** Removes a member; anyone may remove themselves (leave), admins may remove others. */
export async function removeMember(
  deps: OrganizationsDeps,
  actorId: string,
  input: { organizationId: string; userId: string },
  origin: AuditOrigin | null = null,
) {
  const leaving = actorId === input.userId;
  const { role: actorRole } = await requireOrganizationRole(
    deps.db,
    input.organizationId,
    actorId,
    leaving ? "member" : "admin",
  );
  const current = await organizationRole(deps.db, input.organizationId, input.userId);
  if (!current) throw new GantryError("NOT_FOUND", "This person is not a member of the organization.");
  await checkRoleChange(deps, leaving ? "owner" : actorRole, input.organizationId, current);
  await deps.db.transaction(async (tx) => {
    await tx.delete(organizationMembers).where(membershipOf(input));
    await recordAuditEvent(tx, {
      action: "organization.member_removed",
      actor: { id: actorId },
      organizationId: input.organizationId,
      target: { type: "user", id: input.userId, label: await userLabel(tx, input.userId) },
      origin,
      details: { role: current, left: leaving },
      occurredAt: deps.now(),
    });
  });
}

const INVITE_DAYS_DEFAULT = 7;

export async function inviteMember(
  deps: OrganizationsDeps,
  actorId: string,
  input: {
    organizationId: string;
    email: string;
    role?: OrganizationRole | null;
    expireInDays?: number | null;
    /** A workspace of the organisation the invitee also joins, as an editor, on accepting. */
    workspaceId?: string | null;
  },
) {
  const { organization, role: actorRole } = await requireOrganizationRole(
    deps.db,
    input.organizationId,
    actorId,
    "admin",
  );
  const email = input.email.trim();
  if (!isValidEmail(email)) throw new GantryError("BAD_USER_INPUT", "Enter a valid email address.", { field: "email" });
  const role = input.role ?? "member";
  if (role === "owner" && actorRole !== "owner")
    throw new GantryError("FORBIDDEN", "Only organization owners can invite an owner.");
  const days = input.expireInDays ?? INVITE_DAYS_DEFAULT;
  if (!Number.isInteger(days) || days < 1 || days > 30) {
    throw new GantryError("BAD_USER_INPUT", "Invitations last 1 to 30 days.", { field: "expireInDays" });
  }

  const workspace = input.workspaceId ? await invitedWorkspace(deps.db, organization.id, input.workspaceId) : null;

  const token = newToken("gin");
  const now = deps.now();
  const [invitation] = await deps.db
    .insert(organizationInvitations)
    .values({
      organizationId: organization.id,
      email,
      role,
      tokenHash: hashToken(token),
      invitedBy: actorId,
      workspaceId: workspace?.id ?? null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + days * 24 * 60 * 60 * 1000),
    })
    .returning();
  if (!invitation) throw new Error("insert returned no invitation");
  const link = new URL("/invite", deps.config.publicUrl);
  link.searchParams.set("token", token);
  const andWorkspace = workspace ? ` and its ${workspace.name} workspace` : "";
  const andWorkspaceHtml = workspace ? ` and its <strong>${escapeHtml(workspace.name)}</strong> workspace` : "";
  await deps.mailer.send({
    to: email,
    subject: `You're invited to join ${organization.name} on ${deps.config.productName}`,
    text: `You've been invited to join the ${organization.name} organization${andWorkspace} on ${deps.config.productName}.\n\nAccept the invitation: ${link}\n\nThe invitation expires in ${days} day${days === 1 ? "" : "s"}.\n`,
    html: `<p>You've been invited to join the <strong>${escapeHtml(organization.name)}</strong> organization${andWorkspaceHtml} on ${escapeHtml(deps.config.productName)}.</p><p><a href="${link}">Accept the invitation</a></p>`,
  });
  return { invitation, token };
}

/** The workspace an invitation names: one of the inviting organisation's (an admin of it is an admin of each). */
async function invitedWorkspace(db: Database, organizationId: string, workspaceId: string) {
  const [workspace] = await db
    .select({ id: workspaces.id, name: workspaces.name })
    .from(workspaces)
    .where(and(eq(workspaces.id, workspaceId), eq(workspaces.organizationId, organizationId)));
  if (!workspace)
    throw new GantryError("BAD_USER_INPUT", "This workspace is not one of this organization's.", {
      field: "workspaceId",
    });
  return workspace;
}

function escapeHtml(value: string): string {
  return value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
}

export async function revokeInvitation(deps: OrganizationsDeps, actorId: string, invitationId: string) {
  const [invitation] = await deps.db
    .select()
    .from(organizationInvitations)
    .where(eq(organizationInvitations.id, invitationId));
  if (!invitation) throw new GantryError("NOT_FOUND", "This invitation does not exist.");
  await requireOrganizationRole(deps.db, invitation.organizationId, actorId, "admin");
  await deps.db
    .update(organizationInvitations)
    .set({ revokedAt: deps.now() })
    .where(eq(organizationInvitations.id, invitationId));
}

/** An invitation that can still be accepted, or null. */
export async function usableInvitation(deps: Pick<OrganizationsDeps, "db" | "now">, token: string) {
  const [invitation] = await deps.db
    .select()
    .from(organizationInvitations)
    .where(eq(organizationInvitations.tokenHash, hashToken(token)));
  if (!invitation || invitation.acceptedAt || invitation.revokedAt || invitation.expiresAt <= deps.now()) return null;
  return invitation;
}

/**
 * Joins the invited organisation. The invitation is for one address: accepting it from an
 * account with another address is refused, so a forwarded link lets no one else in.
 */
export async function acceptInvitation(deps: Pick<OrganizationsDeps, "db" | "now">, userId: string, token: string) {
  const invitation = await usableInvitation(deps, token);
  if (!invitation) throw new GantryError("NOT_FOUND", "This invitation is invalid or has expired.");
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (user?.email.toLowerCase() !== invitation.email.toLowerCase()) {
    throw new GantryError("FORBIDDEN", "This invitation was sent to another email address.");
  }
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(organizationMembers)
      .values({ organizationId: invitation.organizationId, userId, role: invitation.role })
      .onConflictDoNothing();
    // The workspace the invitation names (if it still exists): an editor there, or the role they already have.
    if (invitation.workspaceId)
      await tx
        .insert(workspaceMembers)
        .values({ workspaceId: invitation.workspaceId, userId, permission: "editor" })
        .onConflictDoNothing();
    await tx
      .update(organizationInvitations)
      .set({ acceptedAt: now })
      .where(eq(organizationInvitations.id, invitation.id));
    await tx
      .update(accessRequests)
      .set({ state: "APPROVED", decidedAt: now })
      .where(
        and(
          eq(accessRequests.organizationId, invitation.organizationId),
          eq(accessRequests.userId, userId),
          eq(accessRequests.state, "PENDING"),
        ),
      );
  });
  const [organization] = await deps.db
    .select()
    .from(organizations)
    .where(eq(organizations.id, invitation.organizationId));
  return organization;
}

/** Asks to join; a second ask while one is pending returns the pending one. */
export async function requestAccess(deps: OrganizationsDeps, userId: string, organizationId: string) {
  const [organization] = await deps.db.select().from(organizations).where(eq(organizations.id, organizationId));
  if (!organization) throw new GantryError("NOT_FOUND", "This organization does not exist.");
  if (await organizationRole(deps.db, organizationId, userId)) {
    throw new GantryError("CONFLICT", "You are already a member of this organization.");
  }
  const [created] = await deps.db
    .insert(accessRequests)
    .values({ organizationId, userId, createdAt: deps.now() })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  const [pending] = await deps.db
    .select()
    .from(accessRequests)
    .where(
      and(
        eq(accessRequests.organizationId, organizationId),
        eq(accessRequests.userId, userId),
        eq(accessRequests.state, "PENDING"),
      ),
    );
  if (!pending) throw new Error("access request neither created nor pending");
  return pending;
}

export async function decideAccessRequest(
  deps: OrganizationsDeps,
  actorId: string,
  input: { accessRequestId: string; approve: boolean },
) {
  const [request] = await deps.db.select().from(accessRequests).where(eq(accessRequests.id, input.accessRequestId));
  if (!request) throw new GantryError("NOT_FOUND", "This access request does not exist.");
  await requireOrganizationRole(deps.db, request.organizationId, actorId, "admin");
  if (request.state !== "PENDING") throw new GantryError("CONFLICT", "This access request has already been answered.");
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [decided] = await tx
      .update(accessRequests)
      .set({ state: input.approve ? "APPROVED" : "DECLINED", decidedAt: now, decidedBy: actorId })
      .where(and(eq(accessRequests.id, request.id), eq(accessRequests.state, "PENDING")))
      .returning();
    if (!decided) throw new GantryError("CONFLICT", "This access request has already been answered.");
    if (input.approve) {
      await tx
        .insert(organizationMembers)
        .values({ organizationId: request.organizationId, userId: request.userId, role: "member" })
        .onConflictDoNothing();
    }
    return decided;
  });
}
