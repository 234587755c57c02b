import { ACCESS_REQUEST_STATES, type OrganizationRole, schema } from "@gantry/db";
import { encodeGlobalID } from "@pothos/plugin-relay";
import { eq } from "drizzle-orm";
import { GantryUser } from "../accounts/schema.js";
import { builder } from "../graphql/builder.js";
import { arrayConnection } from "../graphql/connections.js";
import { type GraphQLContext, signedInViewer } from "../graphql/context.js";
import { GantryError } from "../graphql/errors.js";
import { organizationRole, roleAtLeast } from "./access.js";
import {
  accessibleWorkspaces,
  accessRequestRows,
  type OrganizationWithRole,
  organizationAccessRequests,
  organizationMemberList,
  pendingInvitations,
  viewerAccessRequests,
  viewerOrganizations,
} from "./queries.js";

export const GantryOrganizationRole = builder.enumType("GantryOrganizationRole", {
  values: { OWNER: { value: "owner" }, ADMIN: { value: "admin" }, MEMBER: { value: "member" } } as const,
});

export const AccessRequestState = builder.enumType("AccessRequestState", { values: ACCESS_REQUEST_STATES });

/** An organisation the viewer belongs to; every field is read through the viewer's role. */
export const GantryOrganization = builder.node(builder.objectRef<OrganizationWithRole>("GantryOrganization"), {
  id: { resolve: (organization) => organization.id },
  loadMany: async (ids, context) => {
    if (!context.viewer) return ids.map(() => null);
    const mine = await viewerOrganizations(context.db, context.viewer.id);
    return ids.map((id) => mine.find((organization) => organization.id === id) ?? null);
  },
  fields: (t) => ({
    name: t.exposeString("name"),
    requireSaml: t.exposeBoolean("requireSaml", { description: "Members must sign in with SAML single sign-on." }),
    createdAt: t.field({ type: "ISO8601DateTime", resolve: (organization) => organization.createdAt }),
    updatedAt: t.field({ type: "ISO8601DateTime", resolve: (organization) => organization.updatedAt }),
    viewerRole: t.field({ type: GantryOrganizationRole, resolve: (organization) => organization.viewerRole }),
    members: t.field({
      type: [GantryOrganizationMember],
      resolve: (organization, _args, context) => organizationMemberList(context.db, organization.id),
    }),
    invitations: t.field({
      type: [GantryOrganizationInvitation],
      description: "Pending invitations; empty unless the viewer is an owner or admin.",
      resolve: (organization, _args, context) =>
        roleAtLeast(organization.viewerRole, "admin")
          ? pendingInvitations(context.db, organization.id, context.now())
          : [],
    }),
    accessRequests: t.field({
      type: [AccessRequest],
      description: "Pending requests to join; empty unless the viewer is an owner or admin.",
      resolve: (organization, _args, context) =>
        roleAtLeast(organization.viewerRole, "admin") ? organizationAccessRequests(context.db, organization.id) : [],
    }),
  }),
});

type MemberRow = Awaited<ReturnType<typeof organizationMemberList>>[number];
const GantryOrganizationMember = builder.objectRef<MemberRow>("GantryOrganizationMember").implement({
  fields: (t) => ({
    user: t.field({ type: GantryUser, resolve: (member) => member.user }),
    role: t.field({ type: GantryOrganizationRole, resolve: (member) => member.role }),
    joinedAt: t.field({ type: "ISO8601DateTime", resolve: (member) => member.joinedAt }),
  }),
});

type InvitationRow = typeof schema.organizationInvitations.$inferSelect;
export const GantryOrganizationInvitation = builder.objectRef<InvitationRow>("GantryOrganizationInvitation").implement({
  fields: (t) => ({
    id: t.id({ resolve: (invitation) => encodeGlobalID("GantryOrganizationInvitation", invitation.id) }),
    email: t.exposeString("email"),
    role: t.field({ type: GantryOrganizationRole, resolve: (invitation) => invitation.role }),
    createdAt: t.field({ type: "ISO8601DateTime", resolve: (invitation) => invitation.createdAt }),
    expiresAt: t.field({ type: "ISO8601DateTime", resolve: (invitation) => invitation.expiresAt }),
  }),
});

const Requestable = builder.objectRef<{ id: string; name: string }>("AccessRequestable").implement({
  description: "What an access request asks to join.",
  fields: (t) => ({
    id: t.id({ resolve: (organization) => encodeGlobalID("GantryOrganization", organization.id) }),
    name: t.exposeString("name"),
  }),
});

type AccessRequestRow = Awaited<ReturnType<typeof viewerAccessRequests>>[number];
export const AccessRequest = builder.objectRef<AccessRequestRow>("AccessRequest").implement({
  fields: (t) => ({
    id: t.id({ resolve: (row) => encodeGlobalID("AccessRequest", row.request.id) }),
    state: t.field({ type: AccessRequestState, resolve: (row) => row.request.state }),
    requestable: t.field({ type: Requestable, resolve: (row) => row.organization }),
    requester: t.field({ type: GantryUser, resolve: (row) => row.requester }),
    createdAt: t.field({ type: "ISO8601DateTime", resolve: (row) => row.request.createdAt }),
  }),
});

export async function accessRequestRow(context: GraphQLContext, id: string): Promise<AccessRequestRow> {
  const [row] = await accessRequestRows(context.db, eq(schema.accessRequests.id, id));
  if (!row) throw new Error(`access request ${id} vanished`);
  return row;
}

export async function organizationForViewer(
  context: GraphQLContext,
  organizationId: string,
): Promise<OrganizationWithRole> {
  const viewer = signedInViewer(context);
  const [organization] = await context.db
    .select()
    .from(schema.organizations)
    .where(eq(schema.organizations.id, organizationId));
  const role: OrganizationRole | null = organization
    ? await organizationRole(context.db, organizationId, viewer.id)
    : null;
  // Someone outside the organisation may name it (an update with nothing to change reaches here unchecked).
  if (!organization || !role) throw new GantryError("NOT_FOUND", "This organization does not exist.");
  return { ...organization, viewerRole: role };
}

builder.objectField(GantryUser, "gantryOrganizations", (t) =>
  t.connection({
    type: GantryOrganization,
    description: "The organisations this person belongs to (only readable for the viewer).",
    args: { query: t.arg.string({ required: false }) },
    resolve: async (user, args, context) =>
      arrayConnection(
        args,
        context.viewer?.id === user.id ? await viewerOrganizations(context.db, user.id, args.query) : [],
      ),
  }),
);

builder.objectField(GantryUser, "accessRequests", (t) =>
  t.connection({
    type: AccessRequest,
    description: "The viewer's requests to join organisations, newest first.",
    resolve: async (user, args, context) =>
      arrayConnection(args, context.viewer?.id === user.id ? await viewerAccessRequests(context.db, user.id) : []),
  }),
);

export async function organizationWorkspaces(context: GraphQLContext, organization: OrganizationWithRole) {
  return accessibleWorkspaces(context.db, signedInViewer(context).id, [organization]);
}
