import { schema } from "@gantry/db";
import { type DefaultConnectionArguments, encodeGlobalID } from "@pothos/plugin-relay";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { issueWriteDeps } from "../../board/schema.js";
import { type GraphQLContext, signedInViewer } from "../../graphql/context.js";
import { issueTimeline } from "../../issues/activity.js";
import { listComments } from "../../issues/comments.js";
import { type IssueFilters, keptByIssueFilters } from "../../issues/issue-filters.js";
import { type IssueRow, issueById, repositoryWorkspaceIds } from "../../issues/issue-loaders.js";
import { visibleWorkspaceIds } from "../../issues/visible-workspaces.js";
import { sprintIssueRows } from "../../sprints/sprint-issues-schema.js";
import { gantryAccountsOf } from "./people.js";
import { emptyConnection, referenceConnection, type ServedField } from "./served-field.js";

const { issueEvents, issuePositions, issuePullRequestConnections, issues, pipelines, sprintIssues, sprints } = schema;

type Paged = DefaultConnectionArguments;

/** The issues the viewer may open: those of a repository a workspace they can open shows. */
async function visibleIssues(context: GraphQLContext, rows: IssueRow[]): Promise<IssueRow[]> {
  const visible = await visibleWorkspaceIds(context);
  const shownOn = await Promise.all(rows.map((row) => repositoryWorkspaceIds(context).load(row.repositoryId)));
  return rows.filter((_row, index) => shownOn[index]?.some((workspaceId) => visible.has(workspaceId)));
}

/** A parent and child relation GitHub holds: both are GitHub issues (Gantry mirrors it); else it is Gantry's own. */
const onGitHub = (parent: IssueRow, child: IssueRow) => parent.ghId !== null && child.ghId !== null;

function childIssues(kind: "github" | "gantry"): ServedField["resolve"] {
  return async (issue: IssueRow, args: Paged & { filters?: IssueFilters | null }, context: GraphQLContext) => {
    const children = await context.db
      .select()
      .from(issues)
      .where(eq(issues.parentIssueId, issue.id))
      .orderBy(asc(issues.number), asc(issues.id));
    const ofKind = children.filter((child) => onGitHub(issue, child) === (kind === "github"));
    return referenceConnection(
      args,
      keptByIssueFilters(await visibleIssues(context, ofKind), args.filters, (row) => row),
    );
  };
}

export const issueFields: Record<string, ServedField> = {
  "Issue.activityFeed": {
    description:
      "The issue's comments and timeline items (as `comments` and `timelineItems` give them), oldest first; `skipTimelineItems` leaves the timeline out.",
    resolve: async (issue: IssueRow, args: Paged & { skipTimelineItems?: boolean | null }, context: GraphQLContext) => {
      const comments = await listComments(issueWriteDeps(context), signedInViewer(context).id, issue.id);
      const timeline = args.skipTimelineItems
        ? []
        : await issueTimeline(context.db, issue, await visibleWorkspaceIds(context));
      const feed = [
        ...comments.map((comment) => ({ ...comment, __typename: "Comment" })),
        ...timeline.map((item) => ({ ...item, __typename: "TimelineItem" })),
      ].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
      return referenceConnection(args, feed);
    },
  },
  "Issue.connections": {
    description:
      "For a pull request: the issues it is connected to on the boards the viewer can open, by number (ZenHub's PR connections, which the ZenHub import keeps). Empty for an issue (its pull requests are `connectedPrs`).",
    resolve: async (issue: IssueRow, args: Paged, context: GraphQLContext) => {
      const visible = [...(await visibleWorkspaceIds(context))];
      if (!issue.isPullRequest || visible.length === 0) return referenceConnection(args, []);
      const rows = await context.db
        .selectDistinct({ issue: issues })
        .from(issuePullRequestConnections)
        .innerJoin(issues, eq(issues.id, issuePullRequestConnections.issueId))
        .where(
          and(
            eq(issuePullRequestConnections.pullRequestId, issue.id),
            inArray(issuePullRequestConnections.workspaceId, visible),
          ),
        )
        .orderBy(asc(issues.number));
      return referenceConnection(
        args,
        rows.map((row) => row.issue),
      );
    },
  },
  "Issue.enteredStageAt": {
    description:
      "When the issue last entered a pipeline of this stage on a board the viewer can open: the move that put it there, or when it joined the board in that pipeline. Null when it never was in one.",
    resolve: async (issue: IssueRow, args: { pipelineStage: string }, context: GraphQLContext) => {
      const visible = [...(await visibleWorkspaceIds(context))];
      if (visible.length === 0) return null;
      const staged = await context.db
        .select({ id: pipelines.id, workspaceId: pipelines.workspaceId, name: pipelines.name })
        .from(pipelines)
        .where(and(inArray(pipelines.workspaceId, visible), eq(pipelines.stage, args.pipelineStage as "BACKLOG")));
      if (staged.length === 0) return null;
      const stagedName = (workspaceId: string | null, name: string | null) =>
        staged.some(
          (pipeline) => pipeline.workspaceId === workspaceId && pipeline.name.toLowerCase() === name?.toLowerCase(),
        );
      // Moves are recorded with the pipeline's name, as the timeline shows them.
      const moves = await context.db
        .select({ workspaceId: issueEvents.workspaceId, to: issueEvents.toValue, at: issueEvents.createdAt })
        .from(issueEvents)
        .where(
          and(
            eq(issueEvents.issueId, issue.id),
            eq(issueEvents.field, "pipeline"),
            inArray(
              issueEvents.workspaceId,
              staged.map((pipeline) => pipeline.workspaceId),
            ),
          ),
        )
        .orderBy(desc(issueEvents.createdAt));
      const lastMove = moves.find((move) => stagedName(move.workspaceId, move.to));
      if (lastMove) return lastMove.at;
      const [place] = await context.db
        .select({ joinedAt: issuePositions.joinedAt })
        .from(issuePositions)
        .where(
          and(
            eq(issuePositions.issueId, issue.id),
            inArray(
              issuePositions.pipelineId,
              staged.map((pipeline) => pipeline.id),
            ),
          ),
        )
        .orderBy(desc(issuePositions.joinedAt));
      return place?.joinedAt ?? null;
    },
  },
  "Issue.epic": {
    description: "The issue as a GitHub epic, when it is one (`Epic.issue` is this issue); else null.",
    resolve: (issue: IssueRow) => (issue.isEpic ? issue : null),
  },
  "Issue.githubChildIssues": {
    description:
      "Sub-issues GitHub holds (a GitHub issue's GitHub issues), by number; `filters` keeps some repositories or one state.",
    resolve: childIssues("github"),
  },
  "Issue.gantryChildIssues": {
    description:
      "Sub-issues only Gantry holds (where the parent or the child is a Gantry issue), by number; `filters` keeps some repositories or one state.",
    resolve: childIssues("gantry"),
  },
  "Issue.githubParentIssue": {
    description: "The parent issue when GitHub holds the relation (both are GitHub issues); else null.",
    resolve: async (issue: IssueRow, _args, context: GraphQLContext) => {
      if (!issue.parentIssueId) return null;
      const parent = await issueById(context).load(issue.parentIssueId);
      if (!parent || !onGitHub(parent, issue)) return null;
      return (await visibleIssues(context, [parent]))[0] ?? null;
    },
  },
  "Issue.pullRequestObject": {
    description:
      "For a pull request: its state (MERGED once merged) and GitHub's times; `draft` is not kept by Gantry and reads false. Null for an issue.",
    resolve: (issue: IssueRow) =>
      issue.isPullRequest
        ? {
            id: encodeGlobalID("PullRequest", issue.id),
            issue,
            draft: false,
            state: issue.mergedAt ? "MERGED" : issue.state === "closed" ? "CLOSED" : "OPEN",
            ghCreatedAt: issue.ghCreatedAt,
            ghUpdatedAt: issue.ghUpdatedAt,
            createdAt: issue.createdAt,
            updatedAt: issue.updatedAt,
          }
        : null,
  },
  "Issue.pullRequestReviews": {
    description:
      "Not kept by Gantry: GitHub's reviews of a pull request stay on GitHub (empty); the reviewers asked are `reviewRequests`.",
    resolve: emptyConnection,
  },
  "Issue.sprintIssues": {
    description:
      "The issue's places in sprints of the workspaces the viewer can open, by sprint start (`orderBy` direction DESC: latest first).",
    resolve: async (
      issue: IssueRow,
      args: Paged & { orderBy?: { direction?: "ASC" | "DESC" | null } | null },
      context: GraphQLContext,
    ) => {
      const visible = [...(await visibleWorkspaceIds(context))];
      const sprintIds = visible.length
        ? await context.db
            .select({ id: sprints.id })
            .from(sprintIssues)
            .innerJoin(sprints, eq(sprints.id, sprintIssues.sprintId))
            .where(and(eq(sprintIssues.issueId, issue.id), inArray(sprints.workspaceId, visible)))
        : [];
      const rows = await sprintIssueRows(
        context.db,
        sprintIds.map((row) => row.id),
        [issue.id],
      );
      return referenceConnection(args, args.orderBy?.direction === "DESC" ? rows.reverse() : rows);
    },
  },
  "Issue.gantryAssignees": {
    description:
      "The Gantry accounts of the issue's assignees (people assigned by the GitHub login they connected), by login; only people in an organisation with you.",
    resolve: async (issue: IssueRow, args: Paged, context: GraphQLContext) =>
      referenceConnection(
        args,
        await gantryAccountsOf(
          context,
          issue.assignees.map((assignee) => assignee.login),
        ),
      ),
  },
};
