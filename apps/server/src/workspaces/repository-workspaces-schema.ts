import { schema } from "@gantry/db";
import { and, eq, ne } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { Repository } from "../codehost/schema.js";
import { builder } from "../graphql/builder.js";
import { arrayConnection } from "../graphql/connections.js";
import type { GraphQLContext } from "../graphql/context.js";
import { accessibleWorkspaces, viewerOrganizations, type WorkspaceWithPermission } from "../organizations/queries.js";
import { Workspace } from "./schema.js";

// The reference's links between repositories and workspaces, kept to the workspaces the viewer can open.

const { workspaceRepositories } = schema;

/** Of these workspaces, those the viewer can open, by name, with their permission. */
async function openable(context: GraphQLContext, workspaceIds: string[]): Promise<WorkspaceWithPermission[]> {
  if (!context.viewer || workspaceIds.length === 0) return [];
  const wanted = new Set(workspaceIds);
  const all = await accessibleWorkspaces(
    context.db,
    context.viewer.id,
    await viewerOrganizations(context.db, context.viewer.id),
  );
  return all.filter((workspace) => wanted.has(workspace.id));
}

type RepositoryRow = typeof schema.repositories.$inferSelect;

/** The workspaces whose boards show the repository: its own one for a Gantry repository, else those it is connected to. */
async function holding(context: GraphQLContext, repository: RepositoryRow) {
  if (repository.nativeWorkspaceId) return openable(context, [repository.nativeWorkspaceId]);
  const rows = await context.db
    .select({ workspaceId: workspaceRepositories.workspaceId })
    .from(workspaceRepositories)
    .where(eq(workspaceRepositories.repositoryId, repository.id));
  return openable(
    context,
    rows.map((row) => row.workspaceId),
  );
}

const workspaceConnection = builder.connectionObject(
  { type: Workspace, name: "WorkspaceConnection" },
  { name: "WorkspaceEdge" },
);

builder.objectFields(Repository, (t) => ({
  workspacesConnection: t.connection(
    {
      type: Workspace,
      description: "The workspaces showing the repository that the viewer can open, by name.",
      resolve: async (repository, args, context) => arrayConnection(args, await holding(context, repository)),
    },
    workspaceConnection,
  ),
  workspaces: t.field({
    type: [Workspace],
    deprecationReason: "Use `Repository.workspacesConnection`.",
    description: "The workspaces showing the repository that the viewer can open, by name.",
    resolve: (repository, _args, context) => holding(context, repository),
  }),
  workspace: t.field({
    type: Workspace,
    nullable: true,
    description:
      "A workspace's own (Gantry) repository: that workspace, when the viewer can open it. Null for a GitHub repository.",
    resolve: async (repository, _args, context) =>
      repository.nativeWorkspaceId ? ((await holding(context, repository))[0] ?? null) : null,
  }),
}));

builder.objectField(Workspace, "relatedWorkspaces", (t) =>
  t.connection(
    {
      type: Workspace,
      description:
        "Other workspaces sharing at least one repository with this one, of those the viewer can open, by name.",
      resolve: async (workspace, args, context) => {
        const theirs = alias(workspaceRepositories, "theirs");
        const rows = await context.db
          .selectDistinct({ workspaceId: theirs.workspaceId })
          .from(workspaceRepositories)
          .innerJoin(theirs, eq(theirs.repositoryId, workspaceRepositories.repositoryId))
          .where(and(eq(workspaceRepositories.workspaceId, workspace.id), ne(theirs.workspaceId, workspace.id)));
        return arrayConnection(
          args,
          await openable(
            context,
            rows.map((row) => row.workspaceId),
          ),
        );
      },
    },
    workspaceConnection,
  ),
);
