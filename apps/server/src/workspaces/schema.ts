import { type Database, PIPELINE_STAGES, schema, type WorkspacePermission } from "@gantry/db";
import { encodeGlobalID } from "@pothos/plugin-relay";
import { asc, eq, inArray, sql } from "drizzle-orm";
import { GantryUser } from "../accounts/schema.js";
import { builder } from "../graphql/builder.js";
import { arrayConnection } from "../graphql/connections.js";
import { signedInViewer } from "../graphql/context.js";
import { batched } from "../issues/issue-loaders.js";
import { effectivePermission, requireWorkspace } from "../organizations/access.js";
import {
  accessibleWorkspaces,
  recentWorkspaces,
  viewerOrganizations,
  type WorkspaceWithPermission,
} from "../organizations/queries.js";
import { readableInWorkspace } from "../organizations/readable-node.js";
import {
  GantryOrganization,
  GantryOrganizationInvitation,
  organizationForViewer,
  organizationWorkspaces,
} from "../organizations/schema.js";
import { CLOSED_PIPELINE } from "./default-pipelines.js";
import { narrowedWorkspaces, WorkspaceOrderInput } from "./workspace-order.js";
import { GantryUsersFiltersInput, keptWorkspaceUsers } from "./workspace-user-filters.js";

/** The reference schema's permission levels; Gantry's viewer/editor/admin are READ/WRITE/ADMIN. */
export const PermissionLevel = builder.enumType("PermissionLevel", {
  values: {
    NONE: { value: "none" },
    READ: { value: "viewer" },
    WRITE: { value: "editor" },
    ADMIN: { value: "admin" },
  } as const,
});

export const PipelineStage = builder.enumType("PipelineStage", { values: PIPELINE_STAGES });

type PipelineRow = typeof schema.pipelines.$inferSelect;
export type PipelineView = Pick<PipelineRow, "name" | "description" | "stage"> & {
  id: string;
  /** The database id; null for the Closed pipeline, which is not stored. */
  dbId: string | null;
  workspaceId: string;
  createdAt: Date | null;
  updatedAt: Date | null;
};

/**
 * Pipelines carry global ids, except the Closed pipeline whose id the spec fixes: "closed--pipeline"
 * (the builder's encodeGlobalID leaves it as it is). A Node, as the reference's Pipeline.
 */
export const Pipeline = builder.node(builder.objectRef<PipelineView>("Pipeline"), {
  id: { resolve: (pipeline) => pipeline.dbId ?? pipeline.id },
  loadOne: async (id, context) => {
    const [row] = await context.db.select().from(schema.pipelines).where(eq(schema.pipelines.id, id));
    const readable = await readableInWorkspace(context, row);
    return readable && pipelineView(readable);
  },
  fields: (t) => ({
    name: t.exposeString("name"),
    description: t.exposeString("description", { nullable: true }),
    stage: t.field({ type: PipelineStage, nullable: true, resolve: (pipeline) => pipeline.stage }),
    createdAt: t.field({
      type: "ISO8601DateTime",
      description: "When the pipeline was made; the Closed pipeline's, when its workspace was.",
      resolve: (pipeline, _args, context) =>
        pipeline.createdAt ?? workspaceCreatedAt(context).load(pipeline.workspaceId),
    }),
    updatedAt: t.field({
      type: "ISO8601DateTime",
      description:
        "When the pipeline last changed; the Closed pipeline, which no one edits, answers its workspace's creation.",
      resolve: (pipeline, _args, context) =>
        pipeline.updatedAt ?? workspaceCreatedAt(context).load(pipeline.workspaceId),
    }),
  }),
});

/** When workspaces were made, batched: a board's Closed pipelines answer their times from it. */
const workspaceCreatedAt = batched<Date>(async (ids, { db }) => {
  const rows = await db
    .select({ id: schema.workspaces.id, createdAt: schema.workspaces.createdAt })
    .from(schema.workspaces)
    .where(inArray(schema.workspaces.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row.createdAt]));
  return ids.map((id) => {
    const createdAt = byId.get(id);
    if (!createdAt) throw new Error(`workspace ${id} vanished`);
    return createdAt;
  });
});

export const closedPipelineOf = (workspaceId: string): PipelineView => ({
  ...CLOSED_PIPELINE,
  dbId: null,
  workspaceId,
  description: null,
  stage: null,
  createdAt: null,
  updatedAt: null,
});

const pipelineViews = new WeakMap<PipelineRow, PipelineView>();

/** A pipeline row as GraphQL shows it, made once per row: every card of a board page names its pipeline (B1). */
export function pipelineView(row: PipelineRow): PipelineView {
  let view = pipelineViews.get(row);
  if (!view) {
    view = { ...row, dbId: row.id, id: encodeGlobalID("Pipeline", row.id) };
    pipelineViews.set(row, view);
  }
  return view;
}

export async function workspacePipelines(
  db: Parameters<typeof requireWorkspace>[0],
  workspaceId: string,
): Promise<PipelineView[]> {
  const rows = await db
    .select()
    .from(schema.pipelines)
    .where(eq(schema.pipelines.workspaceId, workspaceId))
    .orderBy(asc(sql`${schema.pipelines.rank} collate "C"`));
  return rows.map(pipelineView);
}

const WorkspaceMember = builder
  .objectRef<{ user: typeof schema.users.$inferSelect; permission: WorkspacePermission }>("WorkspaceMember")
  .implement({
    fields: (t) => ({
      user: t.field({ type: GantryUser, resolve: (member) => member.user }),
      permission: t.field({ type: PermissionLevel, resolve: (member) => member.permission }),
    }),
  });

export const Workspace = builder.node(builder.objectRef<WorkspaceWithPermission>("Workspace"), {
  id: { resolve: (workspace) => workspace.id },
  loadOne: async (id, context) => {
    if (!context.viewer) return null;
    try {
      const access = await requireWorkspace(context.db, id, context.viewer.id, "viewer");
      return { ...access.workspace, viewerPermission: access.permission };
    } catch {
      return null;
    }
  },
  fields: (t) => ({
    name: t.exposeString("name"),
    displayName: t.exposeString("name"),
    description: t.exposeString("description", { nullable: true }),
    private: t.exposeBoolean("isPrivate"),
    pipelineLabelSync: t.exposeBoolean("pipelineLabelSync"),
    createdAt: t.field({ type: "ISO8601DateTime", resolve: (workspace) => workspace.createdAt }),
    updatedAt: t.field({ type: "ISO8601DateTime", resolve: (workspace) => workspace.updatedAt }),
    viewerPermission: t.field({ type: PermissionLevel, resolve: (workspace) => workspace.viewerPermission }),
    isEditable: t.boolean({ resolve: (workspace) => workspace.viewerPermission !== "viewer" }),
    isDeletable: t.boolean({ resolve: (workspace) => workspace.viewerPermission === "admin" }),
    gantryOrganization: t.field({
      type: GantryOrganization,
      resolve: (workspace, _args, context) => organizationForViewer(context, workspace.organizationId),
    }),
    pipelines: t.field({
      type: [Pipeline],
      args: { includeClosed: t.arg.boolean({ required: false }) },
      resolve: async (workspace, args, context) => {
        const open = await workspacePipelines(context.db, workspace.id);
        return args.includeClosed ? [...open, closedPipelineOf(workspace.id)] : open;
      },
    }),
    pipelinesConnection: t.connection({
      type: Pipeline,
      resolve: async (workspace, args, context) =>
        arrayConnection(args, await workspacePipelines(context.db, workspace.id)),
    }),
    closedPipeline: t.field({ type: Pipeline, resolve: (workspace) => closedPipelineOf(workspace.id) }),
    members: t.field({
      type: [WorkspaceMember],
      description: "Everyone who can open the workspace, with their permission in it.",
      resolve: (workspace, _args, context) => workspaceMembers(context.db, workspace),
    }),
    gantryUsers: t.connection({
      type: GantryUser,
      description:
        "Everyone who can open the workspace, by email; `query` keeps those whose name or email contains it, `filters` those the issues assigned to them keep (the reference's zenhubUsers).",
      args: {
        query: t.arg.string({ required: false }),
        filters: t.arg({ type: GantryUsersFiltersInput, required: false }),
      },
      resolve: async (workspace, args, context) => {
        const needle = args.query?.trim().toLowerCase() ?? "";
        const users = (await workspaceMembers(context.db, workspace)).map((member) => member.user);
        const named = needle
          ? users.filter((user) => `${user.name}\n${user.email}`.toLowerCase().includes(needle))
          : users;
        return arrayConnection(
          args,
          args.filters ? await keptWorkspaceUsers(context.db, workspace.id, named, args.filters) : named,
        );
      },
    }),
  }),
});

/** Everyone who can open the workspace, with their permission in it, by email. */
async function workspaceMembers(
  db: Database,
  workspace: Pick<WorkspaceWithPermission, "id" | "organizationId" | "isPrivate">,
) {
  const rows = await db
    .select({
      user: schema.users,
      role: schema.organizationMembers.role,
      explicit: schema.workspaceMembers.permission,
    })
    .from(schema.organizationMembers)
    .innerJoin(schema.users, eq(schema.users.id, schema.organizationMembers.userId))
    .leftJoin(
      schema.workspaceMembers,
      sql`${schema.workspaceMembers.userId} = ${schema.users.id} and ${schema.workspaceMembers.workspaceId} = ${workspace.id}`,
    )
    .where(eq(schema.organizationMembers.organizationId, workspace.organizationId))
    .orderBy(asc(sql`lower(${schema.users.email})`));
  return rows.flatMap((row) => {
    const permission = effectivePermission(row.role, row.explicit, workspace.isPrivate);
    return permission ? [{ user: row.user, permission }] : [];
  });
}

builder.objectField(GantryOrganization, "workspaces", (t) =>
  t.connection({
    type: Workspace,
    description:
      "The organisation's workspaces the viewer can open; `workspaceIds` keeps these, `query` those whose name contains it (any case).",
    args: {
      query: t.arg.string({ required: false }),
      workspaceIds: t.arg.idList({ required: false }),
      orderBy: t.arg({ type: WorkspaceOrderInput, required: false }),
    },
    resolve: async (organization, args, context) =>
      arrayConnection(
        args,
        await narrowedWorkspaces(
          context.db,
          context.viewer?.id ?? null,
          await organizationWorkspaces(context, organization),
          args,
        ),
      ),
  }),
);

builder.objectField(GantryUser, "recentlyViewedWorkspaces", (t) =>
  t.field({
    type: [Workspace],
    args: { first: t.arg.int({ required: false }) },
    resolve: (user, args, context) =>
      context.viewer?.id === user.id
        ? recentWorkspaces(context.db, user.id, Math.min(Math.max(args.first ?? 5, 1), 20))
        : [],
  }),
);

builder.objectField(GantryUser, "searchWorkspaces", (t) =>
  t.connection({
    type: Workspace,
    description:
      "The workspaces the viewer can open whose name contains `query` (any case; empty for all), by name. Empty for anyone else.",
    args: { query: t.arg.string({ required: true }) },
    resolve: async (user, args, context) => {
      if (context.viewer?.id !== user.id) return arrayConnection(args, []);
      const text = args.query.trim().toLowerCase();
      const workspaces = await accessibleWorkspaces(
        context.db,
        user.id,
        await viewerOrganizations(context.db, user.id),
      );
      return arrayConnection(
        args,
        workspaces.filter((workspace) => workspace.name.toLowerCase().includes(text)),
      );
    },
  }),
);

builder.queryField("workspace", (t) =>
  t.field({
    type: Workspace,
    description:
      "A workspace by id; FORBIDDEN (with the organisation's name) without access, NOT_FOUND if it does not exist.",
    authScopes: { signedIn: true },
    args: { id: t.arg.globalID({ required: true, for: Workspace }) },
    resolve: async (_root, args, context) => {
      const access = await requireWorkspace(context.db, args.id.id, signedInViewer(context).id, "viewer");
      return { ...access.workspace, viewerPermission: access.permission };
    },
  }),
);

export async function workspaceForViewer(context: Parameters<typeof signedInViewer>[0], workspaceId: string) {
  const access = await requireWorkspace(context.db, workspaceId, signedInViewer(context).id, "viewer");
  return { ...access.workspace, viewerPermission: access.permission };
}

// Here rather than with the invitation type: organisations' schema cannot import workspaces' (it is imported by it).
builder.objectField(GantryOrganizationInvitation, "workspace", (t) =>
  t.field({
    type: Workspace,
    nullable: true,
    description:
      "The workspace the invitee also joins, as an editor, on accepting (createGantryOrganizationInvite's workspaceId); null when none was named or it has been deleted.",
    // Only the organisation's owners and admins read invitations, and they can open each of its workspaces.
    resolve: (invitation, _args, context) =>
      invitation.workspaceId ? workspaceForViewer(context, invitation.workspaceId) : null,
  }),
);
