import { schema } from "@gantry/db";
import { averageSprintVelocity, VELOCITY_SPRINT_COUNT } from "@gantry/domain";
import type { DefaultConnectionArguments } from "@pothos/plugin-relay";
import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { assigneeOptions, authorOptions, type UserOption } from "../../board/filter-options.js";
import { idsOf } from "../../board/search-input.js";
import type { GraphQLContext } from "../../graphql/context.js";
import { signedInViewer } from "../../graphql/context.js";
import { recentWorkspaces, type WorkspaceWithPermission } from "../../organizations/queries.js";
import { organizationForViewer } from "../../organizations/schema.js";
import { recentlyCompletedSprints, sprintStats } from "../../sprints/queries.js";
import { referenceConnection, type ServedField } from "./served-field.js";

const { issueDependencies, issues, repositories, workspaceRepositories } = schema;

/** The most workspaces `recentlyViewedWorkspaces` remembers, as the viewer's own list does. */
const RECENT_WORKSPACES = 20;

interface StringInput {
  in?: string[] | null;
  nin?: string[] | null;
}

type Paged = DefaultConnectionArguments;

/** Lower-case logins named by `logins` and by `ids` (a GitHub `User` id names a login); null when neither is given. */
function loginsNamed(logins: string[] | null | undefined, ids: string[] | null | undefined): Set<string> | null {
  if (!logins && !ids) return null;
  return new Set([...(logins ?? []), ...(idsOf("ids", "User", ids) ?? [])].map((login) => login.toLowerCase()));
}

/** Options kept to the people a client asked for (`in`) and without those it left out (`nin`). */
function matching(options: UserOption[], logins: StringInput | null | undefined, ids: StringInput | null | undefined) {
  const kept = loginsNamed(logins?.in, ids?.in);
  const dropped = loginsNamed(logins?.nin, ids?.nin) ?? new Set();
  return options.filter((option) => {
    const login = option.login.toLowerCase();
    return (!kept || kept.has(login)) && !dropped.has(login);
  });
}

type UserOptionArgs = Paged & { query?: string | null; logins?: StringInput | null; ids?: StringInput | null };

/** The reference's Workspace.importState from its GitHub repositories' imports: usable while importing, as Gantry's boards are. */
function importStateOf(states: string[]) {
  if (states.every((state) => state === "done")) return "COMPLETED";
  if (states.includes("importing")) return states.includes("done") ? "USABLE" : "IN_PROGRESS";
  return states.includes("done") ? "USABLE" : "PENDING";
}

export const workspaceFields: Record<string, ServedField> = {
  "Query.recentlyViewedWorkspaces": {
    description: `The workspaces the viewer opened most recently (at most ${RECENT_WORKSPACES}), most recent first; \`gantryOrganizationId\` keeps one organisation's, \`repositoryGhIds\` those showing one of these GitHub repositories.`,
    resolve: async (
      _root,
      args: Paged & { gantryOrganizationId?: string | null; repositoryGhIds?: string[] | null },
      context: GraphQLContext,
    ) => {
      let workspaces = await recentWorkspaces(context.db, signedInViewer(context).id, RECENT_WORKSPACES);
      if (args.gantryOrganizationId) {
        const [organizationId] = idsOf("gantryOrganizationId", "GantryOrganization", [args.gantryOrganizationId]) ?? [];
        workspaces = workspaces.filter((workspace) => workspace.organizationId === organizationId);
      }
      if (args.repositoryGhIds && workspaces.length > 0) {
        const ghIds = args.repositoryGhIds.map(Number).filter(Number.isSafeInteger);
        const showing =
          ghIds.length === 0
            ? []
            : await context.db
                .selectDistinct({ workspaceId: workspaceRepositories.workspaceId })
                .from(workspaceRepositories)
                .innerJoin(repositories, eq(repositories.id, workspaceRepositories.repositoryId))
                .where(
                  and(
                    inArray(repositories.ghId, ghIds),
                    inArray(
                      workspaceRepositories.workspaceId,
                      workspaces.map((workspace) => workspace.id),
                    ),
                  ),
                );
        const ids = new Set(showing.map((row) => row.workspaceId));
        workspaces = workspaces.filter((workspace) => ids.has(workspace.id));
      }
      return referenceConnection(args, workspaces);
    },
  },
  "Workspace.averageSprintVelocityWithDiff": {
    description:
      "Points completed per sprint over the last 3 closed sprints, and `difference`: that average less the one before the last sprint closed (null with `skipDiff`, or before a second sprint has closed). Null before any sprint has closed.",
    resolve: async (
      workspace: WorkspaceWithPermission,
      args: { skipDiff?: boolean | null },
      context: GraphQLContext,
    ) => {
      const recent = await recentlyCompletedSprints(context.db, workspace.id, VELOCITY_SPRINT_COUNT + 1);
      const stats = await sprintStats(
        context.db,
        recent.map((sprint) => sprint.id),
      );
      const closed = recent.map((sprint, index) => ({
        ...sprint,
        completedPoints: stats[index]?.completedPoints ?? 0,
      }));
      const velocity = averageSprintVelocity(closed);
      if (velocity === null) return null;
      const before = closed.length > 1 ? averageSprintVelocity(closed.slice(1)) : null;
      return {
        velocity,
        sprintsCount: Math.min(closed.length, VELOCITY_SPRINT_COUNT),
        difference: args.skipDiff || before === null ? null : velocity - before,
      };
    },
  },
  "Workspace.defaultRepository": {
    description:
      "The repository set as the workspace's default (`updateWorkspace(defaultRepositoryGhId)`); else its Gantry repository, where its issues are created unless a GitHub repository is picked.",
    resolve: async (workspace: WorkspaceWithPermission, _args, context: GraphQLContext) => {
      const [chosen] = await context.db
        .select({ repository: repositories })
        .from(workspaceRepositories)
        .innerJoin(repositories, eq(repositories.id, workspaceRepositories.repositoryId))
        .where(and(eq(workspaceRepositories.workspaceId, workspace.id), eq(workspaceRepositories.isDefault, true)));
      if (chosen) return chosen.repository;
      const [repository] = await context.db
        .select()
        .from(repositories)
        .where(eq(repositories.nativeWorkspaceId, workspace.id));
      return repository ?? null;
    },
  },
  "Workspace.importState": {
    description:
      "How far the import of the workspace's GitHub repositories is: COMPLETED when every one is imported (or it has none); USABLE while some are still importing or waiting, as the board shows what has arrived; IN_PROGRESS or PENDING before any is.",
    resolve: async (workspace: WorkspaceWithPermission, _args, context: GraphQLContext) => {
      const rows = await context.db
        .select({ importState: repositories.importState })
        .from(workspaceRepositories)
        .innerJoin(repositories, eq(repositories.id, workspaceRepositories.repositoryId))
        .where(and(eq(workspaceRepositories.workspaceId, workspace.id), isNotNull(repositories.ghId)));
      return importStateOf(rows.map((row) => row.importState));
    },
  },
  "Workspace.issueAssigneeOptions": {
    description:
      "GitHub users assigned to the workspace's issues, by login; `query` keeps logins containing it, `logins` and `ids` (GitHub `User` ids) keep (`in`) or drop (`nin`) people.",
    resolve: async (workspace: WorkspaceWithPermission, args: UserOptionArgs, context: GraphQLContext) =>
      referenceConnection(
        args,
        matching(await assigneeOptions(context.db, workspace.id, args.query), args.logins, args.ids),
      ),
  },
  "Workspace.issueAuthorOptions": {
    description:
      "GitHub users who opened the workspace's issues, by login; `query`, `logins` and `ids` as for `issueAssigneeOptions`.",
    resolve: async (workspace: WorkspaceWithPermission, args: UserOptionArgs, context: GraphQLContext) =>
      referenceConnection(
        args,
        matching(await authorOptions(context.db, workspace.id, args.query), args.logins, args.ids),
      ),
  },
  "Workspace.issueDependencies": {
    description:
      "The workspace's dependencies (a blocking issue blocks a blocked one), oldest first; `repositoryIds` keeps those whose blocking or blocked issue is in one of these repositories.",
    resolve: async (
      workspace: WorkspaceWithPermission,
      args: Paged & { repositoryIds?: string[] | null },
      context: GraphQLContext,
    ) => {
      const rows = await context.db
        .select()
        .from(issueDependencies)
        .where(eq(issueDependencies.workspaceId, workspace.id))
        .orderBy(asc(issueDependencies.createdAt), asc(issueDependencies.id));
      const issueRows = rows.length
        ? await context.db
            .select()
            .from(issues)
            .where(
              inArray(
                issues.id,
                rows.flatMap((row) => [row.blockingIssueId, row.blockedIssueId]),
              ),
            )
        : [];
      const byId = new Map(issueRows.map((issue) => [issue.id, issue]));
      const repositoryIds = args.repositoryIds
        ? new Set(idsOf("repositoryIds", "Repository", args.repositoryIds))
        : null;
      const dependencies = rows.flatMap((row) => {
        const blockingIssue = byId.get(row.blockingIssueId);
        const blockedIssue = byId.get(row.blockedIssueId);
        if (!blockingIssue || !blockedIssue) return [];
        if (
          repositoryIds &&
          !repositoryIds.has(blockingIssue.repositoryId) &&
          !repositoryIds.has(blockedIssue.repositoryId)
        )
          return [];
        // The row itself: Gantry's `IssueDependency` type (what createIssueDependency answers) reads it.
        return [row];
      });
      return referenceConnection(args, dependencies);
    },
  },
  "Workspace.gantryOwner": {
    description: "The organisation the workspace belongs to.",
    resolve: async (workspace: WorkspaceWithPermission, _args, context: GraphQLContext) => {
      return { ...(await organizationForViewer(context, workspace.organizationId)), __typename: "GantryOrganization" };
    },
  },
};
