import { schema } from "@gantry/db";
import { type DefaultConnectionArguments, encodeGlobalID } from "@pothos/plugin-relay";
import { and, asc, eq, sql } from "drizzle-orm";
import { micromark } from "micromark";
import type { Unassignable } from "../../board/assignees-by-id.js";
import type { GraphQLContext } from "../../graphql/context.js";
import { CONNECTION_ITEMS, ISSUE_COUNTS, type IssueCounts } from "../../graphql/issue-counts.js";
import type { IssueComment } from "../../issues/comments.js";
import { type IssueRow, issueById } from "../../issues/issue-loaders.js";
import { type PipelineIssueView, pipelineIssueOf } from "../../issues/lookup-schema.js";
import { permissionAtLeast, repositoryWorkspacesAccess } from "../../organizations/access.js";
import { referenceConnection, type ServedField } from "./served-field.js";

const { issueEvents, issuePositions, users } = schema;

// The reference's issue, epic, board place, comment, estimate and import fields Gantry answers (decision 0088).

/** An issue connection: one page, and either how to count its whole search or its whole list (issue-counts.ts). */
interface IssueConnectionSource {
  edges: ({ node: IssueRow } | null)[];
  [ISSUE_COUNTS]?: () => Promise<IssueCounts>;
  [CONNECTION_ITEMS]?: readonly IssueRow[];
}

async function issueCountsOf(connection: IssueConnectionSource): Promise<IssueCounts> {
  const countSearch = connection[ISSUE_COUNTS];
  if (countSearch) return countSearch();
  const items = connection[CONNECTION_ITEMS] ?? connection.edges.flatMap((edge) => (edge ? [edge.node] : []));
  const pullRequests = items.filter((issue) => issue.isPullRequest).length;
  return {
    issuesCount: items.length - pullRequests,
    pullRequestsCount: pullRequests,
    sumEstimates: items.reduce((sum, issue) => sum + (issue.estimate ?? 0), 0),
    unfilteredIssueCount: null,
    unfilteredSumEstimates: null,
  };
}

/** The reference's PermissionLevel as Gantry's enum holds it: a workspace role, or none. */
type Permission = "admin" | "editor" | "viewer" | "none";

/** The most the viewer may do on a board showing the issue's repository. */
async function viewerPermissionOn(context: GraphQLContext, issue: IssueRow): Promise<Permission> {
  if (!context.viewer) return "none";
  const workspaces = await repositoryWorkspacesAccess(context.db, issue.repositoryId, context.viewer.id);
  const permissions = workspaces.map(({ access }) => access?.permission ?? null);
  for (const level of ["admin", "editor", "viewer"] as const) {
    if (permissions.some((permission) => permissionAtLeast(permission, level))) return level;
  }
  return "none";
}

/** The open issues of a pipeline in board order, read once per request and pipeline. */
const boardOrders = new WeakMap<object, Map<string, Promise<string[]>>>();

function boardOrderOf(context: GraphQLContext, pipelineId: string): Promise<string[]> {
  const byPipeline = boardOrders.get(context) ?? new Map<string, Promise<string[]>>();
  boardOrders.set(context, byPipeline);
  let order = byPipeline.get(pipelineId);
  if (!order) {
    order = context.db
      .select({ issueId: issuePositions.issueId })
      .from(issuePositions)
      .where(and(eq(issuePositions.pipelineId, pipelineId), eq(issuePositions.issueOpen, true)))
      .orderBy(sql`${issuePositions.rank} collate "C"`)
      .then((rows) => rows.map((row) => row.issueId));
    byPipeline.set(pipelineId, order);
  }
  return order;
}

/** The place right above (-1) or right below (+1) on the board; none at either end, or in Closed. */
function neighbour(step: -1 | 1): ServedField["resolve"] {
  return async (placed: PipelineIssueView, _args, context: GraphQLContext) => {
    if (!placed.pipeline.dbId) return null;
    const order = await boardOrderOf(context, placed.pipeline.dbId);
    const index = order.indexOf(placed.issue.id);
    const issueId = index < 0 ? undefined : order[index + step];
    const issue = issueId && (await issueById(context).load(issueId));
    return issue ? pipelineIssueOf(context, issue, placed.pipeline.workspaceId) : null;
  };
}

/** Where a comment's editor is known: a native comment is edited only by its author (Gantry's rule). */
async function editorOf(comment: IssueComment, context: GraphQLContext) {
  if (comment.lastEditedAt === null || comment.authorId === null || comment.htmlUrl !== null) return null;
  const [editor] = await context.db.select().from(users).where(eq(users.id, comment.authorId));
  return editor ?? null;
}

type ImportState = "pending" | "importing" | "done" | "failed";
const RESOURCE_STATE: Record<ImportState, "PENDING" | "IN_PROGRESS" | "COMPLETED"> = {
  pending: "PENDING",
  importing: "IN_PROGRESS",
  // A failed import is taken up again from its next page: it has not completed.
  failed: "IN_PROGRESS",
  done: "COMPLETED",
};

interface ImportedRepository {
  id: string;
  importState: ImportState;
  importNextPage: number;
  createdAt: Date;
  updatedAt: Date;
}

/** When the estimate got its current value: its last change on the timeline, else when the issue came in. */
async function estimateTimes(context: GraphQLContext, issueId: string) {
  const [changes, issue] = await Promise.all([
    context.db
      .select({ at: issueEvents.createdAt })
      .from(issueEvents)
      .where(and(eq(issueEvents.issueId, issueId), eq(issueEvents.field, "estimate")))
      .orderBy(asc(issueEvents.createdAt)),
    issueById(context).load(issueId),
  ]);
  const since = issue?.createdAt ?? new Date(0);
  return { createdAt: changes[0]?.at ?? since, updatedAt: changes.at(-1)?.at ?? since };
}

export const issuesAndEpicsFields: Record<string, ServedField> = {
  "IssueConnection.pipelineCounts": {
    description:
      "The issues and pull requests of the whole connection (every page) and their story points; on a pipeline's search, `unfilteredIssueCount` and `unfilteredSumEstimates` are the pipeline's without the filters, else null.",
    resolve: issueCountsOf,
  },
  "IssueConnection.splitCounts": {
    description: "`{ issuesCount, pullRequestsCount }` of the whole connection (as `pipelineCounts`).",
    resolve: async (connection: IssueConnectionSource) => {
      const { issuesCount, pullRequestsCount } = await issueCountsOf(connection);
      return { issuesCount, pullRequestsCount };
    },
  },
  "IssueConnection.sumEstimates": {
    description: "The story points of the whole connection (as `pipelineCounts.sumEstimates`).",
    resolve: async (connection: IssueConnectionSource) => (await issueCountsOf(connection)).sumEstimates,
  },
  "Epic.createdAt": {
    description: "When the epic's issue was opened (its `createdAt`).",
    resolve: (epic: IssueRow) => epic.ghCreatedAt,
  },
  "Epic.updatedAt": {
    description: "When the epic's issue last changed (its `updatedAt`).",
    resolve: (epic: IssueRow) => epic.ghUpdatedAt,
  },
  "Epic.viewerPermission": {
    description:
      "The most you may do on a board showing the epic's repository: ADMIN, WRITE (editor), READ (viewer) or NONE.",
    resolve: (epic: IssueRow, _args, context: GraphQLContext) => viewerPermissionOn(context, epic),
  },
  "PipelineIssue.itemBefore": {
    description: "The issue right above on the board, in the same pipeline; null at the top and in Closed.",
    resolve: neighbour(-1),
  },
  "PipelineIssue.itemAfter": {
    description: "The issue right below on the board, in the same pipeline; null at the bottom and in Closed.",
    resolve: neighbour(1),
  },
  "PipelineIssue.relativePosition": {
    description:
      "The issue's place in its pipeline's board order, from 0 at the top (ZenHub's own number is a sparse rank; Gantry answers the index). 0 in Closed, which is ordered by closing time.",
    resolve: async (placed: PipelineIssueView, _args, context: GraphQLContext) => {
      if (!placed.pipeline.dbId) return 0;
      return Math.max(0, (await boardOrderOf(context, placed.pipeline.dbId)).indexOf(placed.issue.id));
    },
  },
  "Comment.commentable": {
    description: "The issue the comment is on (Gantry's comments are on issues).",
    resolve: async (comment: IssueComment, _args, context: GraphQLContext) => {
      const issue = await issueById(context).load(comment.issueId);
      if (!issue) throw new Error(`comment ${comment.id} has no issue`);
      return { ...issue, __typename: "Issue" };
    },
  },
  "Comment.editor": {
    description:
      "Who last edited a Gantry comment (only its author may); null when it was never edited, and for GitHub's comments (GitHub's users are not Gantry users).",
    resolve: (comment: IssueComment, _args, context: GraphQLContext) => editorOf(comment, context),
  },
  "Comment.htmlBody": {
    description:
      "The comment's Markdown as HTML (CommonMark): raw HTML in it is escaped and unsafe link addresses dropped, so it is safe to show.",
    resolve: (comment: IssueComment) => micromark(comment.body),
  },
  "Estimate.id": {
    description: "The estimate of one issue: one per issue, stable.",
    resolve: (estimate: { issueId: string }) => encodeGlobalID("Estimate", estimate.issueId),
  },
  "Estimate.createdAt": {
    description: "When the issue was first estimated (the issue's creation when it came in estimated).",
    resolve: async (estimate: { issueId: string }, _args, context: GraphQLContext) =>
      (await estimateTimes(context, estimate.issueId)).createdAt,
  },
  "Estimate.updatedAt": {
    description: "When the estimate last changed.",
    resolve: async (estimate: { issueId: string }, _args, context: GraphQLContext) =>
      (await estimateTimes(context, estimate.issueId)).updatedAt,
  },
  "RepositoryImport.id": {
    description: "The repository's import: one per repository.",
    resolve: (repository: ImportedRepository) => encodeGlobalID("RepositoryImport", repository.id),
  },
  "RepositoryImport.createdAt": {
    description: "When the repository was connected (its import began).",
    resolve: (repository: ImportedRepository) => repository.createdAt,
  },
  "RepositoryImport.updatedAt": {
    description: "When the repository (and its import's progress) last changed.",
    resolve: (repository: ImportedRepository) => repository.updatedAt,
  },
  "RepositoryImport.resources": {
    description:
      "Open and closed issues: Gantry imports both in one pass over GitHub's issues (state all), so both report that pass: its state and the pages done. GitHub's page count is not known ahead (totalPages null).",
    resolve: (repository: ImportedRepository, args: DefaultConnectionArguments) =>
      referenceConnection(
        args,
        (["OPEN_ISSUES", "CLOSED_ISSUES"] as const).map((kind) => ({
          id: encodeGlobalID("RepositoryImportResource", `${repository.id}:${kind}`),
          kind,
          state: RESOURCE_STATE[repository.importState],
          completedPages: repository.importNextPage - 1,
          totalPages: null,
          startedAt: repository.importState === "pending" ? null : repository.createdAt,
          completedAt: repository.importState === "done" ? repository.updatedAt : null,
          createdAt: repository.createdAt,
          updatedAt: repository.updatedAt,
        })),
      ),
  },
  "AddAssigneesToIssuesPayload.unassignable": {
    description:
      "Who could not be assigned, with the issues they were not assigned to: not a member (with GitHub connected) of a native issue's workspace, or not assignable on a GitHub repository.",
    resolve: (payload: { unassignable: Unassignable[] }) => payload.unassignable,
  },
};
