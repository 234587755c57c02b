import { type Database, schema } from "@gantry/db";
import { resolveOffsetConnection } from "@pothos/plugin-relay";
import { and, eq, isNotNull, type SQL, sql } from "drizzle-orm";
import { Issue, IssueState } from "../codehost/issues-schema.js";
import { builder } from "../graphql/builder.js";
import { signedInViewer } from "../graphql/context.js";
import { ISSUE_COUNTS, NO_ISSUES } from "../graphql/issue-counts.js";
import { requireWorkspace } from "../organizations/access.js";
import { Pipeline, Workspace, workspaceForViewer, workspacePipelines } from "../workspaces/schema.js";
import { pipelinePage } from "./schema.js";
import { boardSearchFor } from "./search-input.js";

/** Whether an open issue on the board (or in one pipeline) has an estimate; from the positions' copies alone. */
async function hasEstimatedIssues(db: Database, where: SQL | undefined): Promise<boolean> {
  const positions = schema.issuePositions;
  const [row] = await db
    .select({ found: sql<number>`1` })
    .from(positions)
    .where(and(where, positions.issueOpen, isNotNull(positions.estimate)))
    .limit(1);
  return row !== undefined;
}

builder.objectField(Workspace, "hasEstimatedIssues", (t) =>
  t.boolean({
    description: "Whether an open issue on the board has an estimate.",
    resolve: (workspace, _args, context) =>
      hasEstimatedIssues(context.db, eq(schema.issuePositions.workspaceId, workspace.id)),
  }),
);

/** What the reference's scripts read off a pipeline besides its name: its issues, its board, its neighbour. */
builder.objectFields(Pipeline, (t) => ({
  issues: t.connection({
    type: Issue,
    description:
      "The pipeline's issues in board order (Closed: most recently closed first); `repositoryId` keeps one repository's, `state` those in that state (Closed holds merged pull requests with the closed issues, so MERGED reads as CLOSED).",
    args: {
      repositoryId: t.arg.id({ required: false }),
      state: t.arg({ type: IssueState, required: false }),
    },
    resolve: async (pipeline, args, context) => {
      await requireWorkspace(context.db, pipeline.workspaceId, signedInViewer(context).id, "viewer");
      const openPipelineId = pipeline.dbId;
      // Open pipelines hold open issues and Closed the closed and merged ones: any other state is an empty page.
      const wanted = args.state == null || (args.state === "OPEN") === (openPipelineId !== null);
      const filters = args.repositoryId ? { repositoryIds: [String(args.repositoryId)] } : {};
      if (!wanted)
        return {
          ...(await resolveOffsetConnection({ args }, async () => [])),
          totalCount: async () => 0,
          [ISSUE_COUNTS]: async () => NO_ISSUES,
        };
      const search = await boardSearchFor(context, pipeline.workspaceId, filters, null);
      return pipelinePage(context, openPipelineId, search, "SORT_TYPE_MANUAL", args);
    },
  }),
  workspace: t.field({
    type: Workspace,
    resolve: (pipeline, _args, context) => workspaceForViewer(context, pipeline.workspaceId),
  }),
  hasEstimatedIssues: t.boolean({
    description: "Whether an open issue of the pipeline has an estimate (false for Closed).",
    resolve: (pipeline, _args, context) =>
      pipeline.dbId !== null && hasEstimatedIssues(context.db, eq(schema.issuePositions.pipelineId, pipeline.dbId)),
  }),
  isDefaultPRPipeline: t.boolean({
    description:
      "Whether new pull requests (and issues) land in this pipeline: the board's first one, where Gantry places them.",
    resolve: async (pipeline, _args, context) =>
      pipeline.dbId !== null && (await workspacePipelines(context.db, pipeline.workspaceId))[0]?.dbId === pipeline.dbId,
  }),
  itemBefore: t.field({
    type: Pipeline,
    nullable: true,
    description: "The pipeline to its left on the board; null for the first. Closed comes after the last open one.",
    resolve: async (pipeline, _args, context) => {
      const pipelines = await workspacePipelines(context.db, pipeline.workspaceId);
      if (pipeline.dbId === null) return pipelines.at(-1) ?? null;
      const index = pipelines.findIndex((candidate) => candidate.dbId === pipeline.dbId);
      return index > 0 ? (pipelines[index - 1] ?? null) : null;
    },
  }),
}));
