import { schema } from "@gantry/db";
import { encodeGlobalID } from "@pothos/plugin-relay";
import { asc, eq, inArray } from "drizzle-orm";
import { GantryUser } from "../accounts/schema.js";
import { builder, idOfType } from "../graphql/builder.js";
import { arrayConnection } from "../graphql/connections.js";
import type { GraphQLContext } from "../graphql/context.js";
import { GantryError } from "../graphql/errors.js";
import { signedInMutation } from "../graphql/signed-in-mutation.js";
import { batched } from "../issues/issue-loaders.js";
import { readableRepository } from "../issues/lookups.js";
import { permissionAtLeast, requireWorkspace, workspaceAccess } from "../organizations/access.js";
import type { WorkspaceWithPermission } from "../organizations/queries.js";
import { Workspace } from "../workspaces/schema.js";
import { requireCodeHost } from "./code-host.js";
import { type RateLimitReading, rateLimitReadings } from "./github-client.js";
import { reconcileRepository } from "./reconcile.js";
import {
  addRepositoryToWorkspace,
  createGitHubRepository,
  myGitHubOrganizations,
  myGitHubRepositories,
} from "./repositories.js";

type GitHubAccountRow = typeof schema.githubAccounts.$inferSelect;

/** SPEC §3 Viewer `githubUser`: the GitHub identity connected to this account. */
export const GitHubUser = builder.objectRef<GitHubAccountRow>("GitHubUser").implement({
  fields: (t) => ({
    ghId: t.expose("ghId", { type: "BigInt" }),
    login: t.exposeString("login"),
    name: t.exposeString("name", { nullable: true }),
    avatarUrl: t.exposeString("avatarUrl", { nullable: true }),
  }),
});

/** The viewer's connected account, read once however many times a request names the viewer (comment authors, say). */
const connectedAccount = batched(async (userIds, context) => {
  const rows = await context.db
    .select()
    .from(schema.githubAccounts)
    .where(inArray(schema.githubAccounts.userId, userIds));
  return userIds.map((id) => rows.find((row) => row.userId === id) ?? null);
});

builder.objectField(GantryUser, "githubUser", (t) =>
  t.field({
    type: GitHubUser,
    nullable: true,
    description: "The connected GitHub account (only readable for the viewer).",
    resolve: (user, _args, context) =>
      context.viewer?.id === user.id ? connectedAccount(context).load(user.id) : null,
  }),
);

/** User.getMyOrgs (SPEC §7): `login`, `avatar_url`, `id` of the viewer's GitHub organisations. */
const GitHubOrganization = builder
  .objectRef<{ id: number; login: string; avatarUrl: string }>("GitHubOrganization")
  .implement({
    fields: (t) => ({
      ghId: t.expose("id", { type: "BigInt" }),
      login: t.exposeString("login"),
      avatarUrl: t.exposeString("avatarUrl"),
    }),
  });

builder.objectField(GantryUser, "githubOrganizations", (t) =>
  t.field({
    type: [GitHubOrganization],
    description: "The viewer's GitHub organisations (User.getMyOrgs).",
    resolve: async (user, _args, context) =>
      context.viewer?.id === user.id ? myGitHubOrganizations(requireCodeHost(context).deps, user.id) : [],
  }),
);

type RepositoryOption = Awaited<ReturnType<typeof myGitHubRepositories>>[number];
const GitHubRepositoryOption = builder.objectRef<RepositoryOption>("GitHubRepositoryOption").implement({
  description: "A GitHub repository the viewer can push to, as offered for import.",
  fields: (t) => ({
    ghId: t.expose("id", { type: "BigInt" }),
    name: t.exposeString("name"),
    ownerName: t.string({ resolve: (repository) => repository.owner.login }),
    isPrivate: t.exposeBoolean("private"),
    htmlUrl: t.exposeString("html_url"),
  }),
});

builder.objectField(GantryUser, "githubRepositories", (t) =>
  t.field({
    type: [GitHubRepositoryOption],
    resolve: async (user, _args, context) =>
      context.viewer?.id === user.id ? myGitHubRepositories(requireCodeHost(context).deps, user.id) : [],
  }),
);

type RepositoryRow = typeof schema.repositories.$inferSelect;
const ImportState = builder.enumType("RepositoryImportState", {
  values: {
    PENDING: { value: "pending" },
    IMPORTING: { value: "importing" },
    DONE: { value: "done" },
    FAILED: { value: "failed" },
  } as const,
});

const RepositoryImport = builder.objectRef<RepositoryRow>("RepositoryImport").implement({
  fields: (t) => ({
    state: t.field({ type: ImportState, resolve: (repository) => repository.importState }),
    importedCount: t.exposeInt("importedCount"),
  }),
});

const RateLimit = builder.objectRef<RateLimitReading>("GitHubRateLimit").implement({
  fields: (t) => ({
    limit: t.exposeInt("limit"),
    remaining: t.exposeInt("remaining"),
    resetAt: t.field({ type: "ISO8601DateTime", resolve: (reading) => reading.resetAt }),
  }),
});

/** What a team needs to trust the sync: is the hook there, when did GitHub last speak, what failed. */
const RepositorySync = builder.objectRef<RepositoryRow>("RepositorySync").implement({
  fields: (t) => ({
    webhookInstalled: t.boolean({ resolve: (repository) => repository.hookId !== null }),
    archived: t.exposeBoolean("isArchived", {
      description: "Archived on GitHub: read-only there, so changes made in Gantry cannot be written back.",
    }),
    lastDeliveryAt: t.field({
      type: "ISO8601DateTime",
      nullable: true,
      resolve: (repository) => repository.lastDeliveryAt,
    }),
    lastDeliveryLagMs: t.exposeFloat("lastDeliveryLagMs", {
      nullable: true,
      description:
        "Milliseconds between GitHub's change and its delivery; a Float, since a delivery about an issue untouched for weeks is weeks late.",
    }),

    lastReconciledAt: t.field({
      type: "ISO8601DateTime",
      nullable: true,
      resolve: (repository) => repository.lastReconciledAt,
    }),
    lastError: t.exposeString("lastSyncError", { nullable: true }),
    lastErrorAt: t.field({
      type: "ISO8601DateTime",
      nullable: true,
      resolve: (repository) => repository.lastSyncErrorAt,
    }),
    rateLimit: t.field({
      type: RateLimit,
      nullable: true,
      description: "GitHub's rate-limit headroom for the account that syncs this repository, as last seen.",
      resolve: async (repository, _args, context) => {
        if (!repository.connectedBy) return null;
        const [account] = await context.db
          .select({ login: schema.githubAccounts.login })
          .from(schema.githubAccounts)
          .where(eq(schema.githubAccounts.userId, repository.connectedBy));
        return account ? (rateLimitReadings.get(account.login) ?? null) : null;
      },
    }),
  }),
});

/** A Node, as the reference's Repository: `node(id)` answers it to anyone who can read a workspace holding it. */
export const Repository = builder.node(builder.objectRef<RepositoryRow>("Repository"), {
  id: { resolve: (repository) => repository.id },
  loadOne: (id, context) => (context.viewer ? readableRepository(context.db, context.viewer.id, id) : null),
  fields: (t) => ({
    ghId: t.expose("ghId", {
      type: "BigInt",
      nullable: true,
      description: "Null for a workspace's Gantry repository, which holds its native issues.",
    }),
    name: t.exposeString("name"),
    ownerName: t.exposeString("ownerLogin"),
    isPrivate: t.exposeBoolean("isPrivate"),
    htmlUrl: t.exposeString("htmlUrl"),
    import: t.field({ type: RepositoryImport, resolve: (repository) => repository }),
    sync: t.field({ type: RepositorySync, resolve: (repository) => repository }),
  }),
});

type WorkspaceRepositoryRow = { repository: RepositoryRow; workspace: WorkspaceWithPermission; addedAt: Date };
/** The reference's `WorkspaceRepository`: a repository's connection to a workspace. */
const WorkspaceRepository = builder.objectRef<WorkspaceRepositoryRow>("WorkspaceRepository").implement({
  fields: (t) => ({
    id: t.id({
      resolve: (row) => encodeGlobalID("WorkspaceRepository", `${row.workspace.id}:${row.repository.id}`),
    }),
    repository: t.field({ type: Repository, resolve: (row) => row.repository }),
    workspace: t.field({ type: Workspace, resolve: (row) => row.workspace }),
    createdAt: t.field({ type: "ISO8601DateTime", resolve: (row) => row.addedAt }),
    updatedAt: t.field({
      type: "ISO8601DateTime",
      description: "When the repository was connected: a connection is never changed, only made or removed.",
      resolve: (row) => row.addedAt,
    }),
  }),
});

export async function workspaceRepositoryRows(
  context: GraphQLContext,
  workspace: WorkspaceWithPermission,
): Promise<WorkspaceRepositoryRow[]> {
  const rows = await context.db
    .select({ repository: schema.repositories, addedAt: schema.workspaceRepositories.addedAt })
    .from(schema.workspaceRepositories)
    .innerJoin(schema.repositories, eq(schema.repositories.id, schema.workspaceRepositories.repositoryId))
    .where(eq(schema.workspaceRepositories.workspaceId, workspace.id))
    .orderBy(asc(schema.repositories.ownerLogin), asc(schema.repositories.name));
  return rows.map((row) => ({ ...row, workspace }));
}

builder.objectField(Workspace, "repositoriesConnection", (t) =>
  t.connection({
    type: WorkspaceRepository,
    resolve: async (workspace, args, context) =>
      arrayConnection(args, await workspaceRepositoryRows(context, workspace)),
  }),
);

builder.objectField(Workspace, "workspaceRepositories", (t) =>
  t.connection(
    {
      type: WorkspaceRepository,
      description:
        "The workspace's repositories (its GitHub ones and its own Gantry repository) with when each was connected, by owner and name.",
      resolve: async (workspace, args, context) =>
        arrayConnection(args, await workspaceRepositoryRows(context, workspace)),
    },
    { name: "WorkspaceRepositoryConnection" },
    { name: "WorkspaceRepositoryEdge" },
  ),
);

signedInMutation(
  "createGitHubRepository",
  {
    inputFields: (t) => ({
      name: t.string({ required: true }),
      private: t.boolean({ required: true }),
      description: t.string({ required: false }),
      organizationGhId: t.string({
        required: false,
        description: "Only for an organisation, not the viewer's own account.",
      }),
    }),
  },
  {
    run: async (input, context, viewer) => ({
      repository: await createGitHubRepository(requireCodeHost(context).deps, viewer.id, {
        name: input.name,
        private: input.private,
        description: input.description ?? null,
        organizationGhId: input.organizationGhId ?? null,
      }),
    }),
  },
  {
    outputFields: (t) => ({
      repository: t.field({
        type: builder.objectRef<{ ghId: number; name: string }>("CreatedGitHubRepository").implement({
          fields: (f) => ({ ghId: f.expose("ghId", { type: "BigInt" }), name: f.exposeString("name") }),
        }),
        resolve: (payload) => payload.repository,
      }),
    }),
  },
);

signedInMutation(
  "addRepositoryToWorkspace",
  {
    inputFields: (t) => ({
      workspaceId: t.globalID({ required: true, for: Workspace }),
      repositoryGhId: t.id({ required: true }),
    }),
  },
  {
    run: async (input, context, viewer) => {
      const codeHost = requireCodeHost(context);
      const repository = await addRepositoryToWorkspace(
        codeHost.deps,
        viewer.id,
        { workspaceId: input.workspaceId.id, repositoryGhId: String(input.repositoryGhId) },
        (repositoryId) => codeHost.imports.start(repositoryId),
      );
      const access = await requireWorkspace(context.db, input.workspaceId.id, viewer.id, "viewer");
      const workspace = { ...access.workspace, viewerPermission: access.permission };
      const rows = await workspaceRepositoryRows(context, workspace);
      const row = rows.find((candidate) => candidate.repository.id === repository.id);
      if (!row) throw new Error("connected repository is missing from its workspace");
      return { workspaceRepository: row };
    },
  },
  {
    outputFields: (t) => ({
      workspaceRepository: t.field({ type: WorkspaceRepository, resolve: (payload) => payload.workspaceRepository }),
    }),
  },
);

signedInMutation(
  "reconcileRepository",
  { inputFields: (t) => ({ repositoryId: t.globalID({ required: true }) }) },
  {
    description: "Reads the repository from GitHub again now (the sync panel's retry).",
    run: async (input, context, viewer) => {
      const codeHost = requireCodeHost(context);
      const repositoryId = idOfType(input.repositoryId, "Repository");
      const links = await context.db
        .select({ workspaceId: schema.workspaceRepositories.workspaceId })
        .from(schema.workspaceRepositories)
        .where(eq(schema.workspaceRepositories.repositoryId, repositoryId));
      const allowed = await Promise.all(
        links.map((link) =>
          workspaceAccess(context.db, link.workspaceId, viewer.id).then((access) =>
            permissionAtLeast(access?.permission ?? null, "editor"),
          ),
        ),
      );
      if (!allowed.includes(true)) throw new GantryError("NOT_FOUND", "No connected repository has this id.");
      await reconcileRepository(codeHost.deps, repositoryId);
      const [repository] = await context.db
        .select()
        .from(schema.repositories)
        .where(eq(schema.repositories.id, repositoryId));
      if (!repository) throw new GantryError("NOT_FOUND", "No connected repository has this id.");
      return { repository };
    },
  },
  { outputFields: (t) => ({ repository: t.field({ type: Repository, resolve: (payload) => payload.repository }) }) },
);
