import type { WorkspacePermission } from "@gantry/db";
import { Issue } from "../codehost/issues-schema.js";
import { builder } from "../graphql/builder.js";
import { permissionAtLeast, repositoryWorkspacesAccess } from "../organizations/access.js";
import { PermissionLevel, Workspace } from "../workspaces/schema.js";

/**
 * The reference schema's `ViewerPermission` on an issue, so the viewer's sidebar disables exactly
 * what the server would refuse. Without a workspace it is the best the viewer has through any
 * workspace showing the issue's repository — the rule `requireIssueWriter` applies.
 */
builder.objectField(Issue, "viewerPermission", (t) =>
  t.field({
    type: PermissionLevel,
    args: {
      workspaceId: t.arg.globalID({
        required: false,
        for: Workspace,
        description: "In this workspace only; else the best through any workspace showing the issue.",
      }),
    },
    resolve: async (issue, args, context) => {
      if (!context.viewer) return "none";
      const places = await repositoryWorkspacesAccess(context.db, issue.repositoryId, context.viewer.id);
      let best: WorkspacePermission | null = null;
      for (const { workspaceId, access } of places) {
        if (args.workspaceId && workspaceId !== args.workspaceId.id) continue;
        const permission = access?.permission ?? null;
        if (permission && !permissionAtLeast(best, permission)) best = permission;
      }
      return best ?? "none";
    },
  }),
);
