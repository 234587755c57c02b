import { GantryUser } from "../accounts/schema.js";
import { builder, idOfType } from "../graphql/builder.js";
import { type GraphQLContext, signedInViewer } from "../graphql/context.js";
import {
  AccessRequest,
  accessRequestRow,
  GantryOrganization,
  GantryOrganizationInvitation,
  GantryOrganizationRole,
  organizationForViewer,
} from "./schema.js";
import {
  acceptInvitation,
  createOrganization,
  decideAccessRequest,
  deleteOrganization,
  inviteMember,
  removeMember,
  renameOrganization,
  requestAccess,
  revokeInvitation,
  setMemberRole,
  setSamlRequired,
  usableInvitation,
} from "./service.js";

const deps = (context: GraphQLContext) => ({
  db: context.db,
  mailer: context.mailer,
  config: context.config,
  now: context.now,
});

builder.queryField("isGantryOrganizationInviteValid", (t) =>
  t.boolean({
    description: "Whether an organisation invitation token can still be accepted (validateZHOrgInviteToken).",
    authScopes: { public: true },
    args: { token: t.arg.string({ required: true }) },
    resolve: async (_root, args, context) =>
      args.token.length <= 200 && (await usableInvitation(context, args.token)) !== null,
  }),
);

builder.relayMutationField(
  "createGantryOrganization",
  { inputFields: (t) => ({ name: t.string({ required: true }) }) },
  {
    authScopes: { signedIn: true },
    resolve: async (_root, { input }, context) => {
      const organization = await createOrganization(deps(context), signedInViewer(context).id, input.name);
      return { gantryOrganization: await organizationForViewer(context, organization.id) };
    },
  },
  {
    outputFields: (t) => ({
      gantryOrganization: t.field({ type: GantryOrganization, resolve: (payload) => payload.gantryOrganization }),
    }),
  },
);

builder.relayMutationField(
  "updateGantryOrganization",
  {
    inputFields: (t) => ({
      gantryOrganizationId: t.globalID({ required: true, for: GantryOrganization }),
      name: t.string({ required: false }),
      requireSaml: t.boolean({ required: false, description: "Owners only: members must sign in with SAML." }),
    }),
  },
  {
    authScopes: { signedIn: true },
    resolve: async (_root, { input }, context) => {
      const viewerId = signedInViewer(context).id;
      const organizationId = input.gantryOrganizationId.id;
      if (typeof input.requireSaml === "boolean")
        await setSamlRequired(deps(context), viewerId, organizationId, input.requireSaml);
      if (typeof input.name === "string") await renameOrganization(deps(context), viewerId, organizationId, input.name);
      return { gantryOrganization: await organizationForViewer(context, input.gantryOrganizationId.id) };
    },
  },
  {
    outputFields: (t) => ({
      gantryOrganization: t.field({ type: GantryOrganization, resolve: (payload) => payload.gantryOrganization }),
    }),
  },
);

builder.relayMutationField(
  "deleteGantryOrganization",
  { inputFields: (t) => ({ gantryOrganizationId: t.globalID({ required: true, for: GantryOrganization }) }) },
  {
    authScopes: { signedIn: true },
    resolve: async (_root, { input }, context) => {
      await deleteOrganization(
        deps(context),
        signedInViewer(context).id,
        input.gantryOrganizationId.id,
        context.origin ?? null,
      );
      return { id: input.gantryOrganizationId.id };
    },
  },
  { outputFields: (t) => ({ gantryOrganizationId: t.id({ resolve: (payload) => payload.id }) }) },
);

builder.relayMutationField(
  "updateGantryOrganizationUserRole",
  {
    inputFields: (t) => ({
      gantryOrganizationId: t.globalID({ required: true, for: GantryOrganization }),
      gantryUserId: t.globalID({ required: true, for: GantryUser }),
      role: t.field({ type: GantryOrganizationRole, required: true }),
    }),
  },
  {
    authScopes: { signedIn: true },
    resolve: async (_root, { input }, context) => {
      await setMemberRole(
        deps(context),
        signedInViewer(context).id,
        {
          organizationId: input.gantryOrganizationId.id,
          userId: input.gantryUserId.id,
          role: input.role,
        },
        context.origin ?? null,
      );
      return { gantryOrganization: await organizationForViewer(context, input.gantryOrganizationId.id) };
    },
  },
  {
    outputFields: (t) => ({
      gantryOrganization: t.field({ type: GantryOrganization, resolve: (payload) => payload.gantryOrganization }),
    }),
  },
);

builder.relayMutationField(
  "removeUserFromGantryOrganization",
  {
    inputFields: (t) => ({
      gantryOrganizationId: t.globalID({ required: true, for: GantryOrganization }),
      gantryUserId: t.globalID({ required: true, for: GantryUser }),
    }),
  },
  {
    authScopes: { signedIn: true },
    resolve: async (_root, { input }, context) => {
      await removeMember(
        deps(context),
        signedInViewer(context).id,
        { organizationId: input.gantryOrganizationId.id, userId: input.gantryUserId.id },
        context.origin ?? null,
      );
      return { gantryOrganizationId: input.gantryOrganizationId.id };
    },
  },
  {
    outputFields: (t) => ({
      gantryOrganizationId: t.id({ resolve: (payload) => payload.gantryOrganizationId }),
      gantryOrganization: t.field({
        type: GantryOrganization,
        description:
          "The organisation after the removal, read through your role (an error when you removed yourself: it is no longer yours to read).",
        resolve: (payload, _args, context) => organizationForViewer(context, payload.gantryOrganizationId),
      }),
    }),
  },
);

builder.relayMutationField(
  "createGantryOrganizationInvite",
  {
    inputFields: (t) => ({
      gantryOrganizationId: t.globalID({ required: true, for: GantryOrganization }),
      email: t.string({ required: true }),
      role: t.field({ type: GantryOrganizationRole, required: false }),
      expireInDays: t.int({ required: false }),
    }),
  },
  {
    authScopes: { signedIn: true },
    resolve: async (_root, { input }, context) =>
      inviteMember(deps(context), signedInViewer(context).id, {
        organizationId: input.gantryOrganizationId.id,
        email: input.email,
        role: input.role ?? null,
        expireInDays: input.expireInDays ?? null,
      }),
  },
  {
    outputFields: (t) => ({
      token: t.string({ resolve: (payload) => payload.token }),
      invitation: t.field({ type: GantryOrganizationInvitation, resolve: (payload) => payload.invitation }),
    }),
  },
);

builder.relayMutationField(
  "deleteGantryOrganizationInvite",
  { inputFields: (t) => ({ invitationId: t.globalID({ required: true }) }) },
  {
    authScopes: { signedIn: true },
    resolve: async (_root, { input }, context) => {
      await revokeInvitation(
        deps(context),
        signedInViewer(context).id,
        idOfType(input.invitationId, "GantryOrganizationInvitation"),
      );
      return { success: true };
    },
  },
  { outputFields: (t) => ({ success: t.boolean({ resolve: (payload) => payload.success }) }) },
);

builder.relayMutationField(
  "acceptGantryOrganizationInvite",
  { inputFields: (t) => ({ token: t.string({ required: true }) }) },
  {
    authScopes: { signedIn: true },
    resolve: async (_root, { input }, context) => {
      const organization = await acceptInvitation(context, signedInViewer(context).id, input.token);
      if (!organization) throw new Error("accepted invitation has no organization");
      return { gantryOrganization: await organizationForViewer(context, organization.id) };
    },
  },
  {
    outputFields: (t) => ({
      gantryOrganization: t.field({ type: GantryOrganization, resolve: (payload) => payload.gantryOrganization }),
    }),
  },
);

builder.relayMutationField(
  "requestGantryOrganizationAccess",
  { inputFields: (t) => ({ gantryOrganizationId: t.globalID({ required: true, for: GantryOrganization }) }) },
  {
    authScopes: { signedIn: true },
    resolve: async (_root, { input }, context) => {
      const request = await requestAccess(deps(context), signedInViewer(context).id, input.gantryOrganizationId.id);
      return { accessRequest: await accessRequestRow(context, request.id) };
    },
  },
  {
    outputFields: (t) => ({
      accessRequest: t.field({ type: AccessRequest, resolve: (payload) => payload.accessRequest }),
    }),
  },
);

for (const [name, approve] of [
  ["approveAccessRequest", true],
  ["declineAccessRequest", false],
] as const) {
  builder.relayMutationField(
    name,
    { inputFields: (t) => ({ accessRequestId: t.globalID({ required: true }) }) },
    {
      authScopes: { signedIn: true },
      resolve: async (_root, { input }, context) => {
        const decided = await decideAccessRequest(deps(context), signedInViewer(context).id, {
          accessRequestId: idOfType(input.accessRequestId, "AccessRequest"),
          approve,
        });
        return { accessRequest: await accessRequestRow(context, decided.id) };
      },
    },
    {
      outputFields: (t) => ({
        accessRequest: t.field({ type: AccessRequest, resolve: (payload) => payload.accessRequest }),
      }),
    },
  );
}
