import { schema } from "@gantry/db";
import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import { builder } from "../graphql/builder.js";

const { accessRequests, organizationInvitations, organizationMembers, organizations, users } = schema;

type OrganizationRow = typeof organizations.$inferSelect;

/**
 * The reference's ZenhubOrganizationLimited: an organisation's name and record times, and nothing of its work.
 * Gantry already names an organisation to someone it turns away from a workspace (`workspace` answers FORBIDDEN
 * with its name); this answers `node` for a member, someone with an access request waiting, or someone invited
 * (by the email they sign in with) whose invitation is still open. Anyone else reads null.
 */
builder.node(builder.objectRef<OrganizationRow>("GantryOrganizationLimited"), {
  description: "An organisation's name, for someone it may be named to (a member, an invitee, a requester).",
  id: { resolve: (organization) => organization.id },
  loadOne: async (id, context) => {
    const viewer = context.viewer;
    if (!viewer) return null;
    const [row] = await context.db
      .select({ organization: organizations })
      .from(organizations)
      .where(
        and(
          eq(organizations.id, id),
          or(
            sql`exists (select 1 from ${organizationMembers} where ${organizationMembers.organizationId} = ${organizations.id} and ${organizationMembers.userId} = ${viewer.id})`,
            sql`exists (select 1 from ${accessRequests} where ${accessRequests.organizationId} = ${organizations.id} and ${accessRequests.userId} = ${viewer.id} and ${accessRequests.state} = 'PENDING')`,
            sql`exists (select 1 from ${organizationInvitations} join ${users} on lower(${users.email}) = lower(${organizationInvitations.email})
              where ${and(
                eq(organizationInvitations.organizationId, organizations.id),
                eq(users.id, viewer.id),
                isNull(organizationInvitations.acceptedAt),
                isNull(organizationInvitations.revokedAt),
                gt(organizationInvitations.expiresAt, context.now()),
              )})`,
          ),
        ),
      );
    return row?.organization ?? null;
  },
  fields: (t) => ({
    name: t.exposeString("name", { nullable: true }),
    createdAt: t.field({ type: "ISO8601DateTime", resolve: (organization) => organization.createdAt }),
    updatedAt: t.field({ type: "ISO8601DateTime", resolve: (organization) => organization.updatedAt }),
  }),
});
