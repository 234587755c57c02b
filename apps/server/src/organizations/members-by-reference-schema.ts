import { schema } from "@gantry/db";
import { and, inArray, isNull } from "drizzle-orm";
import { GantryUser } from "../accounts/schema.js";
import { decodeGantryId, idOfType } from "../graphql/builder.js";
import type { GraphQLContext } from "../graphql/context.js";
import { GantryError } from "../graphql/errors.js";
import { signedInMutation } from "../graphql/signed-in-mutation.js";
import { WorkspaceRoleInput } from "../workspaces/mutations.js";
import { Workspace, workspaceForViewer } from "../workspaces/schema.js";
import { setWorkspacePermissions } from "../workspaces/service.js";
import { requireOrganizationRole } from "./access.js";
import { GantryOrganization, organizationForViewer } from "./schema.js";
import { removeMember } from "./service.js";

// The reference's member mutations Gantry has under other names (decision 0080): leaving an organisation,
// deleting invitations, adding people to a workspace. Each runs the web app's service, with its checks and audit.

const { organizationInvitations, users } = schema;

const organizationDeps = (context: GraphQLContext) => ({
  db: context.db,
  mailer: context.mailer,
  config: context.config,
  now: context.now,
});

signedInMutation(
  "leaveGantryOrganization",
  {
    inputFields: (t) => ({
      gantryOrganizationId: t.globalID({ required: true, for: GantryOrganization }),
      autoAssignAdmin: t.boolean({
        required: false,
        defaultValue: true,
        description:
          "Accepted for the reference's clients; Gantry promotes no one: the organisation's last owner cannot leave (CONFLICT).",
      }),
    }),
  },
  {
    description: "You leave the organisation (removeUserFromGantryOrganization for yourself).",
    run: async (input, context, viewer) => {
      const viewerId = viewer.id;
      const organization = await organizationForViewer(context, input.gantryOrganizationId.id);
      await removeMember(
        organizationDeps(context),
        viewerId,
        { organizationId: organization.id, userId: viewerId },
        context.origin ?? null,
      );
      return { gantryOrganization: organization };
    },
  },
  {
    outputFields: (t) => ({
      gantryOrganization: t.field({ type: GantryOrganization, resolve: (payload) => payload.gantryOrganization }),
    }),
  },
);

signedInMutation(
  "deleteGantryOrganizationInvites",
  { inputFields: (t) => ({ gantryOrganizationInviteIds: t.idList({ required: true }) }) },
  {
    description: "Revokes the invitations, all or none: each must exist and be of an organisation you administer.",
    run: async (input, context, viewer) => {
      const viewerId = viewer.id;
      const ids = [
        ...new Set(
          input.gantryOrganizationInviteIds.map((id) =>
            idOfType(decodeGantryId(String(id)), "GantryOrganizationInvitation"),
          ),
        ),
      ];
      if (ids.length === 0)
        throw new GantryError("BAD_USER_INPUT", "Name at least one invitation.", {
          field: "gantryOrganizationInviteIds",
        });
      const found = await context.db
        .select({ id: organizationInvitations.id, organizationId: organizationInvitations.organizationId })
        .from(organizationInvitations)
        .where(inArray(organizationInvitations.id, ids));
      if (found.length !== ids.length) throw new GantryError("NOT_FOUND", "This invitation does not exist.");
      for (const organizationId of new Set(found.map((row) => row.organizationId)))
        await requireOrganizationRole(context.db, organizationId, viewerId, "admin");
      await context.db
        .update(organizationInvitations)
        .set({ revokedAt: context.now() })
        .where(and(inArray(organizationInvitations.id, ids), isNull(organizationInvitations.revokedAt)));
      return { success: true };
    },
  },
  { outputFields: (t) => ({ success: t.boolean({ resolve: (payload) => payload.success }) }) },
);

signedInMutation(
  "addGantryUsersToWorkspace",
  {
    inputFields: (t) => ({
      workspaceId: t.globalID({ required: true, for: Workspace }),
      gantryUserIds: t.globalIDList({ required: true, for: GantryUser }),
      workspaceUserRoles: t.field({
        type: [WorkspaceRoleInput],
        required: false,
        description: "Their roles; anyone named only in gantryUserIds gets write access (WRITE).",
      }),
    }),
  },
  {
    description:
      "Gives members of the workspace's organisation access to it (updateWorkspaceGantryUserRole), all or none.",
    run: async (input, context, viewer) => {
      const roles = new Map(input.gantryUserIds.map((id) => [id.id, "editor" as const] as const));
      const permissions = new Map<string, "viewer" | "editor" | "admin">(roles);
      for (const role of input.workspaceUserRoles ?? []) {
        if (role.role === "none")
          throw new GantryError(
            "BAD_USER_INPUT",
            "Adding someone needs a role; remove people with removeGantryUsersFromWorkspace.",
            {
              field: "workspaceUserRoles",
            },
          );
        permissions.set(role.gantryUserId.id, role.role);
      }
      await setWorkspacePermissions(
        { db: context.db, now: context.now },
        viewer.id,
        {
          workspaceId: input.workspaceId.id,
          roles: [...permissions].map(([userId, permission]) => ({ userId, permission })),
        },
        context.origin ?? null,
      );
      const added = await context.db
        .select()
        .from(users)
        .where(inArray(users.id, [...permissions.keys()]));
      return { workspace: await workspaceForViewer(context, input.workspaceId.id), gantryUsers: added };
    },
  },
  {
    outputFields: (t) => ({
      workspace: t.field({ type: Workspace, resolve: (payload) => payload.workspace }),
      gantryUsers: t.field({ type: [GantryUser], resolve: (payload) => payload.gantryUsers }),
    }),
  },
);
