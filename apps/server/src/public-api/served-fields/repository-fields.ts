import { schema } from "@gantry/db";
import type { DefaultConnectionArguments } from "@pothos/plugin-relay";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { labelsOn } from "../../board/filter-options.js";
import { idsOf } from "../../board/search-input.js";
import { enabledIssueTypes } from "../../codehost/issue-types.js";
import { type GraphQLContext, signedInViewer } from "../../graphql/context.js";
import { GantryError } from "../../graphql/errors.js";
import { requireWorkspace } from "../../organizations/access.js";
import { accessibleWorkspaces, viewerOrganizations } from "../../organizations/queries.js";
import type { PublicLabel } from "../epic-labels-view.js";
import { gitHubOwner } from "../owners.js";
import { emptyConnection, referenceConnection, type ServedField } from "./served-field.js";

const { issues, releaseRepositories, releases, repositories, workspaceRepositories } = schema;

type Paged = DefaultConnectionArguments;
type RepositoryRow = typeof repositories.$inferSelect;

/** The workspaces showing the repository that the viewer can open, with their permission. */
async function readableBoardsOf(context: GraphQLContext, repository: RepositoryRow) {
  const viewer = signedInViewer(context);
  const showing = await context.db
    .select({ workspaceId: workspaceRepositories.workspaceId })
    .from(workspaceRepositories)
    .where(eq(workspaceRepositories.repositoryId, repository.id));
  const ids = new Set(showing.map((row) => row.workspaceId));
  const accessible = await accessibleWorkspaces(
    context.db,
    viewer.id,
    await viewerOrganizations(context.db, viewer.id),
  );
  return accessible.filter((workspace) => ids.has(workspace.id));
}

/** The owner as GitHub describes it, or null when GitHub cannot be asked (no GitHub account connected). */
async function ownerFromGitHub(context: GraphQLContext, login: string) {
  try {
    return await gitHubOwner(context, { login });
  } catch (error) {
    if (error instanceof GantryError) return null;
    throw error;
  }
}

/**
 * A GitHub account as GitHub describes it now (when `asked`), else as Gantry names it: GitHub was not asked (a
 * Gantry repository's owner) or could not answer, and the times are those of Gantry's record naming it.
 */
export async function gitHubOwnerOrNamed(
  context: GraphQLContext,
  owner: { login: string; asked: boolean; isOrganization: boolean; createdAt: Date; updatedAt: Date },
) {
  const known = owner.asked ? await ownerFromGitHub(context, owner.login) : null;
  if (known) return known;
  const type = owner.isOrganization ? "Organization" : "User";
  return {
    __typename: type,
    login: owner.login,
    ghId: null,
    ghNodeId: null,
    avatarUrl: "",
    name: null,
    type,
    createdAt: owner.createdAt,
    updatedAt: owner.updatedAt,
  };
}

export const repositoryFields: Record<string, ServedField> = {
  "Repository.assignableIssueTypes": {
    description:
      "The issue types the repository's issues can take on that workspace's board: its GitHub organisation's for a GitHub repository; for a Gantry repository, those of the GitHub organisations owning the workspace's repositories.",
    resolve: async (repository: RepositoryRow, args: Paged & { workspaceId: string }, context: GraphQLContext) => {
      const [workspaceId] = idsOf("workspaceId", "Workspace", [args.workspaceId]) ?? [];
      if (!workspaceId) throw new GantryError("BAD_USER_INPUT", "Give a workspace id.", { field: "workspaceId" });
      await requireWorkspace(context.db, workspaceId, signedInViewer(context).id, "viewer");
      const native = repository.ghId === null;
      const owners = native
        ? (
            await context.db
              .selectDistinct({ ownerLogin: sql<string>`lower(${repositories.ownerLogin})` })
              .from(workspaceRepositories)
              .innerJoin(repositories, eq(repositories.id, workspaceRepositories.repositoryId))
              .where(and(eq(workspaceRepositories.workspaceId, workspaceId), sql`${repositories.ghId} is not null`))
          ).map((row) => row.ownerLogin)
        : [repository.ownerLogin.toLowerCase()];
      const types = await enabledIssueTypes(context.db, owners);
      return referenceConnection(
        args,
        types.map((type) => ({ name: type.name, native, repositoryId: repository.id })),
      );
    },
  },
  "Repository.description": {
    description: "GitHub's description of the repository, as last read; null for a Gantry repository.",
    resolve: (repository: RepositoryRow) => repository.description,
  },
  "Repository.ghCreatedAt": {
    description:
      "When GitHub created the repository; for a Gantry repository, or one connected before Gantry kept it, when Gantry first stored it.",
    resolve: (repository: RepositoryRow) => repository.ghCreatedAt ?? repository.createdAt,
  },
  "Repository.ghUpdatedAt": {
    description:
      "When GitHub last changed the repository, as last read; for a Gantry repository, or one connected before Gantry kept it, when Gantry last changed its copy.",
    resolve: (repository: RepositoryRow) => repository.ghUpdatedAt ?? repository.updatedAt,
  },
  "Repository.ghNodeId": {
    description:
      "GitHub's node id of the repository; null for a Gantry repository or one connected before Gantry kept it.",
    resolve: (repository: RepositoryRow) => repository.ghNodeId,
  },
  "Repository.githubIssueTypes": {
    description:
      "The enabled issue types of the repository's GitHub organisation, in GitHub's order; empty for a user's or a Gantry repository.",
    resolve: async (repository: RepositoryRow, args: Paged, context: GraphQLContext) =>
      referenceConnection(
        args,
        repository.ghId === null
          ? []
          : (await enabledIssueTypes(context.db, [repository.ownerLogin.toLowerCase()])).map((type) => ({
              name: type.name,
              native: false,
              repositoryId: repository.id,
            })),
      ),
  },
  "Repository.issueTemplates": {
    description: "Not kept by Gantry: GitHub's issue templates stay on GitHub (empty).",
    resolve: emptyConnection,
  },
  "Repository.labels": {
    description: "The labels on the repository's issues, one per name (any case), by name.",
    resolve: async (repository: RepositoryRow, args: Paged, context: GraphQLContext) =>
      referenceConnection(
        args,
        (await labelsOn(context.db, eq(issues.repositoryId, repository.id))).map(
          (label): PublicLabel => ({ ...label, repositoryId: repository.id }),
        ),
      ),
  },
  "Repository.owner": {
    description:
      "The GitHub account owning the repository, as GitHub describes it now (read with your GitHub account); a Gantry repository's owner is its organisation, by name.",
    resolve: (repository: RepositoryRow, _args, context: GraphQLContext) =>
      gitHubOwnerOrNamed(context, {
        login: repository.ownerLogin,
        asked: repository.ghId !== null,
        isOrganization: repository.ghId === null || repository.ownerIsOrganization !== false,
        createdAt: repository.createdAt,
        updatedAt: repository.updatedAt,
      }),
  },
  "Repository.permissions": {
    description:
      "What you may do with the repository in Gantry: your best permission on the workspaces showing it (admin: all three; editor: push and pull; viewer: pull).",
    resolve: async (repository: RepositoryRow, _args, context: GraphQLContext) => {
      const permissions = new Set((await readableBoardsOf(context, repository)).map((board) => board.viewerPermission));
      const admin = permissions.has("admin");
      const push = admin || permissions.has("editor");
      return { admin, push, pull: push || permissions.has("viewer") };
    },
  },
  "Repository.releases": {
    description: "The releases holding the repository, of the workspaces you can open, by title.",
    resolve: async (repository: RepositoryRow, args: Paged, context: GraphQLContext) => {
      const boards = await readableBoardsOf(context, repository);
      const rows = boards.length
        ? await context.db
            .select({ release: releases })
            .from(releaseRepositories)
            .innerJoin(releases, eq(releases.id, releaseRepositories.releaseId))
            .where(
              and(
                eq(releaseRepositories.repositoryId, repository.id),
                inArray(
                  releases.workspaceId,
                  boards.map((board) => board.id),
                ),
              ),
            )
            .orderBy(asc(sql`lower(${releases.title})`), asc(releases.id))
        : [];
      return referenceConnection(
        args,
        rows.map((row) => row.release),
      );
    },
  },
};
