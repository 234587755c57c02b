import { GantryUser } from "../accounts/schema.js";
import { builder, idOfType } from "../graphql/builder.js";
import type { GraphQLContext } from "../graphql/context.js";
import { recordOutput } from "../graphql/record-mutations.js";
import { signedInMutation } from "../graphql/signed-in-mutation.js";
import { Workspace } from "../workspaces/schema.js";
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

const organizationOutput = recordOutput("gantryOrganization", GantryOrganization);
const accessRequestOutput = recordOutput("accessRequest", AccessRequest);

builder.queryField("isGantryOrganizationInviteValid", (t) =>
  t.boolean({
    description: "Whether an organisation invitation token can still be accepted (validateZHOrgInviteToken).",
    authScopes: { public: true },
    args: { token: t.arg.string({ required: true }) },
    resolve: async (_root, args, context) =>
      args.token.length <= 200 && (await usableInvitation(context, args.token)) !== null,
  }),
);

signedInMutation(
  "createGantryOrganization",
  { inputFields: (t) => ({ name: t.string({ required: true }) }) },
  {
    run: async (input, context, viewer) => {
      const organization = await createOrganization(deps(context), viewer.id, input.name);
      return { gantryOrganization: await organizationForViewer(context, organization.id) };
    },
  },
  organizationOutput,
);

signedInMutation(
  "updateGantryOrganization",
  {
    inputFields: (t) => ({
      gantryOrganizationId: t.globalID({ required: true, for: GantryOrganization }),
      name: t.string({ required: false }),
      requireSaml: t.boolean({ required: false, description: "Owners only: members must sign in with SAML." }),
    }),
  },
  {
    run: async (input, context, viewer) => {
      const organizationId = input.gantryOrganizationId.id;
      if (typeof input.requireSaml === "boolean")
        await setSamlRequired(deps(context), viewer.id, organizationId, input.requireSaml);
      if (typeof input.name === "string")
        await renameOrganization(deps(context), viewer.id, organizationId, input.name);
      return { gantryOrganization: await organizationForViewer(context, input.gantryOrganizationId.id) };
    },
  },
  organizationOutput,
);

signedInMutation(
  "deleteGantryOrganization",
  { inputFields: (t) => ({ gantryOrganizationId: t.globalID({ required: true, for: GantryOrganization }) }) },
  {
    run: async (input, context, viewer) => {
      await deleteOrganization(deps(context), viewer.id, input.gantryOrganizationId.id, context.origin ?? null);
      return { id: input.gantryOrganizationId.id };
    },
  },
  { outputFields: (t) => ({ gantryOrganizationId: t.id({ resolve: (payload) => payload.id }) }) },
);

signedInMutation(
  "updateGantryOrganizationUserRole",
  {
    inputFields: (t) => ({
      gantryOrganizationId: t.globalID({ required: true, for: GantryOrganization }),
      gantryUserId: t.globalID({ required: true, for: GantryUser }),
      role: t.field({ type: GantryOrganizationRole, required: true }),
    }),
  },
  {
    run: async (input, context, viewer) => {
      await setMemberRole(
        deps(context),
        viewer.id,
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
  organizationOutput,
);

signedInMutation(
  "removeUserFromGantryOrganization",
  {
    inputFields: (t) => ({
      gantryOrganizationId: t.globalID({ required: true, for: GantryOrganization }),
      gantryUserId: t.globalID({ required: true, for: GantryUser }),
    }),
  },
  {
    run: async (input, context, viewer) => {
      await removeMember(
        deps(context),
        viewer.id,
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

signedInMutation(
  "createGantryOrganizationInvite",
  {
    inputFields: (t) => ({
      gantryOrganizationId: t.globalID({ required: true, for: GantryOrganization }),
      email: t.string({ required: true }),
      role: t.field({ type: GantryOrganizationRole, required: false }),
      expireInDays: t.int({ required: false }),
      workspaceId: t.globalID({
        required: false,
        for: Workspace,
        description: "A workspace of the organisation the invitee also joins, as an editor, on accepting.",
      }),
    }),
  },
  {
    run: async (input, context, viewer) =>
      inviteMember(deps(context), viewer.id, {
        organizationId: input.gantryOrganizationId.id,
        email: input.email,
        role: input.role ?? null,
        expireInDays: input.expireInDays ?? null,
        workspaceId: input.workspaceId?.id ?? null,
      }),
  },
  {
    outputFields: (t) => ({
      token: t.string({ resolve: (payload) => payload.token }),
      invitation: t.field({ type: GantryOrganizationInvitation, resolve: (payload) => payload.invitation }),
    }),
  },
);

signedInMutation(
  "deleteGantryOrganizationInvite",
  { inputFields: (t) => ({ invitationId: t.globalID({ required: true }) }) },
  {
    run: async (input, context, viewer) => {
      await revokeInvitation(deps(context), viewer.id, idOfType(input.invitationId, "GantryOrganizationInvitation"));
      return { success: true };
    },
  },
  { outputFields: (t) => ({ success: t.boolean({ resolve: (payload) => payload.success }) }) },
);

signedInMutation(
  "acceptGantryOrganizationInvite",
  { inputFields: (t) => ({ token: t.string({ required: true }) }) },
  {
    run: async (input, context, viewer) => {
      const organization = await acceptInvitation(context, viewer.id, input.token);
      if (!organization) throw new Error("accepted invitation has no organization");
      return { gantryOrganization: await organizationForViewer(context, organization.id) };
    },
  },
  organizationOutput,
);

signedInMutation(
  "requestGantryOrganizationAccess",
  { inputFields: (t) => ({ gantryOrganizationId: t.globalID({ required: true, for: GantryOrganization }) }) },
  {
    run: async (input, context, viewer) => {
      const request = await requestAccess(deps(context), viewer.id, input.gantryOrganizationId.id);
      return { accessRequest: await accessRequestRow(context, request.id) };
    },
  },
  accessRequestOutput,
);

for (const [name, approve] of [
  ["approveAccessRequest", true],
  ["declineAccessRequest", false],
] as const) {
  signedInMutation(
    name,
    { inputFields: (t) => ({ accessRequestId: t.globalID({ required: true }) }) },
    {
      run: async (input, context, viewer) => {
        const decided = await decideAccessRequest(deps(context), viewer.id, {
          accessRequestId: idOfType(input.accessRequestId, "AccessRequest"),
          approve,
        });
        return { accessRequest: await accessRequestRow(context, decided.id) };
      },
    },
    accessRequestOutput,
  );
}
