import { schema } from "@gantry/db";
import { and, eq } from "drizzle-orm";
import { idsOf } from "../../board/search-input.js";
import { type GraphQLContext, signedInViewer } from "../../graphql/context.js";
import { GantryError } from "../../graphql/errors.js";
import { setMemberRole } from "../../organizations/service.js";
import { previewSprintConfig } from "../../sprints/preview.js";
import type { SprintConfigRow } from "../../sprints/queries.js";
import type { SprintConfigKind } from "../../sprints/schedule-input.js";
import { memberRows, referenceRole, userAtOrganization } from "./people-fields.js";
import type { ServedField } from "./served-field.js";

const { organizationMembers } = schema;

/** A reference `ISO8601DateTime` argument: parsed by Gantry's scalar, or the text when it reaches us unparsed. */
function instant(value: Date | string | null | undefined, field: string): Date | null {
  if (value === null || value === undefined) return null;
  const at = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(at.getTime()))
    throw new GantryError("BAD_USER_INPUT", "Give a date and time (ISO 8601).", { field });
  return at;
}

/** The reference's `Roles` a role can be set to; Gantry has no external readers or writers. */
function gantryRole(role: string): "admin" | "member" {
  switch (role.toUpperCase()) {
    case "ADMIN":
      return "admin";
    case "MEMBER":
      return "member";
    case "EXTERNAL_READER":
    case "EXTERNAL_WRITER":
      throw new GantryError(
        "BAD_USER_INPUT",
        "Gantry has no external readers or writers: everyone in an organisation is a MEMBER or an ADMIN.",
        { field: "role" },
      );
    default:
      throw new GantryError("BAD_USER_INPUT", "The role is MEMBER or ADMIN.", { field: "role" });
  }
}

interface UpdateUserPermissionsInput {
  clientMutationId?: string | null;
  gantryOrganizationId: string;
  gantryUserId: string;
  role: string;
}

interface PreviewArgs {
  tzIdentifier: string;
  workspaceId?: string | null;
  startOn?: string | null;
  endOn?: string | null;
  kind?: SprintConfigKind | null;
  startOnTime?: Date | string | null;
  endOnTime?: Date | string | null;
}

export const workspaceOrgFields: Record<string, ServedField> = {
  "Query.previewSprintConfig": {
    description:
      "The sprints createSprintConfig would make with this schedule now (the running one and the next two), and the weeks each lasts; nothing is stored, and the sprints answer `persisted: false`. With `workspaceId` (its readers), sprints where an open sprint of the workspace still runs are left out, as creating would. `kind: monthly` is refused (Gantry's sprints are whole weeks); `endOnTime` must be the start time.",
    resolve: async (_root, args: PreviewArgs, context: GraphQLContext) => {
      const [workspaceId] = args.workspaceId ? (idsOf("workspaceId", "Workspace", [args.workspaceId]) ?? []) : [];
      return previewSprintConfig(
        context.db,
        signedInViewer(context).id,
        {
          tzIdentifier: args.tzIdentifier,
          workspaceId: workspaceId ?? null,
          startOn: args.startOn ?? null,
          endOn: args.endOn ?? null,
          kind: args.kind ?? null,
          startOnTime: instant(args.startOnTime, "startOnTime"),
          endOnTime: instant(args.endOnTime, "endOnTime"),
        },
        context.now(),
      );
    },
  },
  "SprintConfigSettings.withTime": {
    description: "Whether the sprints start at a time of day other than midnight.",
    resolve: (config: SprintConfigRow) => config.startTime !== "00:00:00",
  },
  "Mutation.updateUserPermissions": {
    description:
      "Sets a member's role in the organisation, as updateGantryOrganizationUserRole: MEMBER or ADMIN (the reference's Roles; Gantry has no external people). Owners and admins only; only an owner changes an owner's role.",
    resolve: async (_root, { input }: { input: UpdateUserPermissionsInput }, context: GraphQLContext) => {
      const [organizationId] = idsOf("gantryOrganizationId", "GantryOrganization", [input.gantryOrganizationId]) ?? [];
      const [userId] = idsOf("gantryUserId", "GantryUser", [input.gantryUserId]) ?? [];
      if (!organizationId || !userId)
        throw new GantryError("NOT_FOUND", "This person is not a member of the organization.");
      const role = gantryRole(input.role);
      await setMemberRole(
        { db: context.db, mailer: context.mailer, config: context.config, now: context.now },
        signedInViewer(context).id,
        { organizationId, userId, role },
        context.origin ?? null,
      );
      const [row] = await memberRows(context).where(
        and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)),
      );
      if (!row) throw new GantryError("NOT_FOUND", "This person is not a member of the organization.");
      return {
        clientMutationId: input.clientMutationId ?? null,
        role: referenceRole(row.role),
        gantryOrgUser: userAtOrganization(row),
      };
    },
  },
};
