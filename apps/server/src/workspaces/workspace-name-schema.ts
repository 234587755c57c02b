import { schema } from "@gantry/db";
import { and, eq, sql } from "drizzle-orm";
import { builder } from "../graphql/builder.js";
import { signedInViewer } from "../graphql/context.js";
import { GantryError } from "../graphql/errors.js";
import { requireOrganizationRole } from "../organizations/access.js";
import { validWorkspaceName } from "../organizations/names.js";
import { GantryOrganization } from "../organizations/schema.js";

const { workspaces } = schema;

builder.queryField("validateWorkspaceName", (t) =>
  t.boolean({
    description:
      "Whether a new workspace of the organisation could take this name: 1 to 100 characters once trimmed, and no workspace of the organisation already named so (ignoring case).",
    authScopes: { signedIn: true },
    args: {
      gantryOrganizationId: t.arg.globalID({ required: true, for: GantryOrganization }),
      name: t.arg.string({ required: true }),
    },
    resolve: async (_root, args, context) => {
      const organizationId = args.gantryOrganizationId.id;
      await requireOrganizationRole(context.db, organizationId, signedInViewer(context).id, "member");
      let name: string;
      try {
        name = validWorkspaceName(args.name);
      } catch (error) {
        if (error instanceof GantryError) return false;
        throw error;
      }
      const [taken] = await context.db
        .select({ id: workspaces.id })
        .from(workspaces)
        .where(and(eq(workspaces.organizationId, organizationId), sql`lower(${workspaces.name}) = lower(${name})`))
        .limit(1);
      return !taken;
    },
  }),
);
