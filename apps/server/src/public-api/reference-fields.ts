import { schema } from "@gantry/db";
import type { ObjectRef } from "@pothos/core";
import { count, eq } from "drizzle-orm";
import { GantryUser } from "../accounts/schema.js";
import { Issue } from "../codehost/issues-schema.js";
import { Repository } from "../codehost/schema.js";
import { builder } from "../graphql/builder.js";
import type { GraphQLContext } from "../graphql/context.js";
import { GantryError } from "../graphql/errors.js";
import type { SchemaTypes } from "../graphql/record-mutations.js";
import { GantryEpic, Release, Sprint } from "../issues/field-types.js";
import { requireWorkspace } from "../organizations/access.js";
import { sharesOrganization } from "../organizations/queries.js";
import { GantryOrganization, organizationForViewer } from "../organizations/schema.js";
import { isPreviewSprint } from "../sprints/preview.js";
import { SprintConfig, SprintConfigKind } from "../sprints/schema.js";
import { PermissionLevel, Workspace, workspaceForViewer } from "../workspaces/schema.js";

// Fields of the reference API that Gantry's rows already hold; added to the one schema, so the web app has them too.

builder.objectFields(Repository, (t) => ({
  createdAt: t.field({
    type: "ISO8601DateTime",
    description: "When Gantry first stored the repository.",
    resolve: (repository) => repository.createdAt,
  }),
  updatedAt: t.field({
    type: "ISO8601DateTime",
    description: "When Gantry last changed its copy of the repository.",
    resolve: (repository) => repository.updatedAt,
  }),
  isArchived: t.boolean({
    description: "Archived on GitHub (read-only there); false for a Gantry repository.",
    resolve: (repository) => repository.isArchived,
  }),
}));

builder.objectFields(Issue, (t) => ({
  ghNodeId: t.id({
    nullable: true,
    description: "GitHub's node id of the issue: not kept by Gantry, always null (use `ghId`).",
    resolve: () => null,
  }),
  htmlBody: t.string({
    nullable: true,
    description: "The body rendered as HTML: not rendered by Gantry, always null (read `body`, Markdown).",
    resolve: () => null,
  }),
}));

const RepositoryType = builder.enumType("RepositoryType", {
  description: "Where a repository lives: on GitHub, or in Gantry (a workspace's own repository of native issues).",
  values: ["GithubRepository", "GantryRepository"] as const,
});

builder.objectField(Repository, "type", (t) =>
  t.field({
    type: RepositoryType,
    resolve: (repository) => (repository.nativeWorkspaceId ? "GantryRepository" : "GithubRepository"),
  }),
);

builder.objectField(SprintConfig, "kind", (t) => t.field({ type: SprintConfigKind, resolve: () => "weekly" as const }));

builder.objectField(Sprint, "persisted", (t) =>
  t.boolean({
    description: "Whether the sprint is stored: false only for the sprints previewSprintConfig answers.",
    resolve: (sprint) => !isPreviewSprint(sprint),
  }),
);

builder.objectField(SprintConfig, "workspace", (t) =>
  t.field({
    type: Workspace,
    description: "The workspace whose sprints the config makes.",
    resolve: (config, _args, context) => workspaceForViewer(context, config.workspaceId),
  }),
);

builder.objectField(Release, "issuesCount", (t) =>
  t.int({
    description: "How many issues the release holds, open and closed.",
    resolve: async (release, _args, context) => {
      const [row] = await context.db
        .select({ value: count() })
        .from(schema.releaseIssues)
        .where(eq(schema.releaseIssues.releaseId, release.id));
      return row?.value ?? 0;
    },
  }),
);

/** The viewer's permission on a workspace's release or epic: the workspace's, as `Workspace.viewerPermission` says. */
async function viewerPermissionIn(context: GraphQLContext, workspaceId: string) {
  if (!context.viewer) return "none" as const;
  try {
    return (await requireWorkspace(context.db, workspaceId, context.viewer.id, "viewer")).permission;
  } catch (error) {
    if (error instanceof GantryError) return "none" as const;
    throw error;
  }
}

/** `viewerPermission` on a workspace's record, named `noun` in its description. */
function viewerPermissionField<Shape extends { workspaceId: string }>(
  type: ObjectRef<SchemaTypes, Shape>,
  noun: string,
) {
  builder.objectField(type, "viewerPermission", (t) =>
    t.field({
      type: PermissionLevel,
      description: `What the viewer may do with the ${noun}: their permission on its workspace.`,
      resolve: (record, _args, context) => viewerPermissionIn(context, record.workspaceId),
    }),
  );
}

viewerPermissionField(Release, "release");
viewerPermissionField(GantryEpic, "epic");

/** The organisation of a workspace's record (an epic, a label), as the viewer sees it. */
export async function workspaceOrganization(context: GraphQLContext, workspaceId: string) {
  const [row] = await context.db
    .select({ organizationId: schema.workspaces.organizationId })
    .from(schema.workspaces)
    .where(eq(schema.workspaces.id, workspaceId));
  if (!row) throw new GantryError("NOT_FOUND", "This workspace does not exist.");
  return organizationForViewer(context, row.organizationId);
}

builder.objectFields(GantryEpic, (t) => ({
  gantryOrganization: t.field({
    type: GantryOrganization,
    description: "The organisation of the epic's workspace.",
    resolve: (epic, _args, context) => workspaceOrganization(context, epic.workspaceId),
  }),
  htmlBody: t.string({
    nullable: true,
    description: "The body rendered as HTML: not rendered by Gantry, always null (read `body`, Markdown).",
    resolve: () => null,
  }),
}));

/** The person who made something, as GantryUser shows people: only to someone sharing an organisation with them. */
export async function creator(context: GraphQLContext, userId: string | null) {
  if (!userId || !context.viewer) return null;
  const visible = await sharesOrganization(context.db, context.viewer.id, [userId]);
  if (!visible.has(userId)) return null;
  const [user] = await context.db.select().from(schema.users).where(eq(schema.users.id, userId));
  return user ?? null;
}

const creatorDescription =
  "Who made it in Gantry; null for what came from GitHub or an import, or when they are no longer in an organisation with you.";

/** `creator` on a record that keeps who made it. */
function creatorField<Shape extends { createdBy: string | null }>(type: ObjectRef<SchemaTypes, Shape>) {
  builder.objectField(type, "creator", (t) =>
    t.field({
      type: GantryUser,
      nullable: true,
      description: creatorDescription,
      resolve: (record, _args, context) => creator(context, record.createdBy),
    }),
  );
}

creatorField(Issue);
creatorField(GantryEpic);
creatorField(Workspace);
