import type { schema } from "@gantry/db";
import type { SortType } from "@gantry/domain";
import { type DefaultConnectionArguments, resolveOffsetConnection } from "@pothos/plugin-relay";
import { Issue } from "../codehost/issues-schema.js";
import { builder, decodeGantryId, idOfType } from "../graphql/builder.js";
import { type GraphQLContext, signedInViewer } from "../graphql/context.js";
import { GantryError } from "../graphql/errors.js";
import { ISSUE_COUNTS, type IssueCounts } from "../graphql/issue-counts.js";
import { signedInMutation } from "../graphql/signed-in-mutation.js";
import { batched, issueById, pipelineById, primeCards } from "../issues/issue-loaders.js";
import { primeVisibleWorkspaceIds } from "../issues/visible-workspaces.js";
import { requireAccess, requireWorkspace, type WorkspaceAccess } from "../organizations/access.js";
import { primeSprintConfig } from "../sprints/queries.js";
import { CLOSED_PIPELINE } from "../workspaces/default-pipelines.js";
import { closedPipelineOf, Pipeline, pipelineView, Workspace } from "../workspaces/schema.js";
import type { BoardSearch } from "./filtering.js";
import type { IssueWriteDeps } from "./issue-writes.js";
import { type IssueToMove, moveIssue, withPlace } from "./moves.js";
import { IssueOrderInput, requestedSortType } from "./order-input.js";
import {
  type BoardPageStart,
  batchedPipelineCounts,
  boardPageStarts,
  closedCounts,
  closedIssues,
  moveStart,
  pipelineCards,
  pipelineCounts,
} from "./queries.js";
import { countWorkspaceIssues, searchWorkspaceIssues, workspaceIssueCounts } from "./search.js";
import { boardSearchFor, IssueSearchFiltersInput, IssueSortType, idsOf } from "./search-input.js";

/** The reference API's filter of searchIssues (there, of the issues an epic may take): repositories and pipelines. */
const EpicAssignableIssueSearchFiltersInput = builder.inputType("EpicAssignableIssueSearchFiltersInput", {
  fields: (t) => ({
    repositoryIds: t.idList({ required: true, description: "Gantry repository ids; empty: every repository." }),
    pipelineIds: t.idList({
      required: true,
      description: 'Pipeline ids ("closed--pipeline" for Closed); empty: every pipeline.',
    }),
  }),
});

const PipelineCounts = builder
  .objectRef<{ issuesCount: number; pullRequestsCount: number; totalStoryPoints: number }>("PipelineIssueCounts")
  .implement({
    description: "SPEC §3 pipelineCounts: shown as N Issue(s) / N PR(s) / N Point(s).",
    fields: (t) => ({
      issuesCount: t.exposeInt("issuesCount"),
      pullRequestsCount: t.exposeInt("pullRequestsCount"),
      totalStoryPoints: t.exposeFloat("totalStoryPoints"),
    }),
  });

builder.objectField(Pipeline, "issueCounts", (t) =>
  t.field({
    type: PipelineCounts,
    description: "What the pipeline shows under the board's filters and search text (everything without them).",
    args: {
      filters: t.arg({ type: IssueSearchFiltersInput, required: false }),
      query: t.arg.string({ required: false }),
    },
    resolve: async (pipeline, args, context) => {
      const search = await boardSearchFor(context, pipeline.workspaceId, args.filters ?? {}, args.query);
      return pipeline.dbId ? batchedPipelineCounts(context, pipeline.dbId, search) : closedCounts(context.db, search);
    },
  }),
);

/** A stored pipeline, from its global id, whoever asks. */
/** The pages of one request (the board's first pages come together) start with one statement. */
const pageStartOf = batched<BoardPageStart | null>((pipelineIds, context) =>
  boardPageStarts(context.db, pipelineIds, signedInViewer(context).id),
);

/**
 * A stored pipeline the viewer may read, from its global id, read with what the page's cards ask
 * for per request (the pipeline itself, visible workspaces, sprint config) in one statement (B1).
 */
async function readablePipeline(context: GraphQLContext, globalId: string) {
  const pipelineId = idOfType(decodeGantryId(globalId), "Pipeline");
  const userId = signedInViewer(context).id;
  const start = await pageStartOf(context).load(pipelineId);
  if (!start) throw new GantryError("NOT_FOUND", "This pipeline does not exist.");
  await requireAccess(context.db, start.access, userId, "viewer");
  pipelineById(context).prime(start.pipeline.id, start.pipeline);
  primeVisibleWorkspaceIds(context, start.visible);
  primeSprintConfig(context, start.pipeline.workspaceId, start.sprintConfig);
  return start.pipeline;
}

/**
 * A page of one pipeline's issues under a board search: an open pipeline (its database id) in the sort type's
 * order, or Closed (null) most recently closed first. The total is counted only when asked for: the board's pages
 * do not ask (its headers have the counts). searchIssuesByPipeline, searchClosedIssues and Pipeline.issues.
 */
export async function pipelinePage(
  context: GraphQLContext,
  pipelineId: string | null,
  search: BoardSearch,
  sortType: SortType,
  args: DefaultConnectionArguments,
) {
  const page = await resolveOffsetConnection({ args }, async ({ limit, offset }) => {
    if (pipelineId === null) return closedIssues(context.db, search, limit, offset);
    // The cards' relations and repositories come with the page, so its cards cost no more statements.
    const rows = await pipelineCards(context.db, pipelineId, search, sortType, limit, offset);
    primeCards(context, rows);
    return rows.map((row) => row.issue);
  });
  const countsUnder = (under: BoardSearch) =>
    pipelineId === null ? closedCounts(context.db, under) : pipelineCounts(context.db, pipelineId, under);
  const totalCount = async () => {
    const counts = await countsUnder(search);
    return counts.issuesCount + counts.pullRequestsCount;
  };
  // The reference's IssueConnection.pipelineCounts: the whole search's counts, and the pipeline's without filters.
  const issueCounts = async (): Promise<IssueCounts> => {
    const [kept, all] = await Promise.all([
      countsUnder(search),
      countsUnder(await boardSearchFor(context, search.workspaceId, {}, null)),
    ]);
    return {
      issuesCount: kept.issuesCount,
      pullRequestsCount: kept.pullRequestsCount,
      sumEstimates: kept.totalStoryPoints,
      unfilteredIssueCount: all.issuesCount + all.pullRequestsCount,
      unfilteredSumEstimates: all.totalStoryPoints,
    };
  };
  return { ...page, totalCount, [ISSUE_COUNTS]: issueCounts };
}

builder.queryField("searchIssuesByPipeline", (t) =>
  t.connection({
    type: Issue,
    description:
      "An open pipeline's issues kept by the filters and search text, in the sort type's order (board order by default); pages of at most 100.",
    authScopes: { signedIn: true },
    args: {
      pipelineId: t.arg.id({ required: true }),
      filters: t.arg({ type: IssueSearchFiltersInput, required: false }),
      query: t.arg.string({ required: false }),
      sortType: t.arg({
        type: IssueSortType,
        required: false,
        description: "Board order when neither it nor order is given.",
      }),
      order: t.arg({
        type: IssueOrderInput,
        required: false,
        description: "The public API's order, instead of sortType.",
      }),
    },
    resolve: async (_root, args, context) => {
      const sortType = requestedSortType(args.sortType, args.order);
      const pipeline = await readablePipeline(context, String(args.pipelineId));
      const search = await boardSearchFor(context, pipeline.workspaceId, args.filters ?? {}, args.query);
      return pipelinePage(context, pipeline.id, search, sortType, args);
    },
  }),
);

builder.queryField("searchClosedIssues", (t) =>
  t.connection({
    type: Issue,
    description:
      "The Closed pipeline: the workspace's closed issues kept by the filters and search text, most recently closed first.",
    authScopes: { signedIn: true },
    args: {
      workspaceId: t.arg.globalID({ required: true, for: Workspace }),
      filters: t.arg({ type: IssueSearchFiltersInput, required: false }),
      query: t.arg.string({ required: false }),
    },
    resolve: async (_root, args, context) => {
      await requireWorkspace(context.db, args.workspaceId.id, signedInViewer(context).id, "viewer");
      const search = await boardSearchFor(context, args.workspaceId.id, args.filters ?? {}, args.query);
      return pipelinePage(context, null, search, "SORT_TYPE_MANUAL", args);
    },
  }),
);

builder.queryField("searchIssues", (t) =>
  t.connection({
    type: Issue,
    description: "A workspace's issues by title text or number, most recently updated first.",
    authScopes: { signedIn: true },
    args: {
      workspaceId: t.arg.globalID({ required: true, for: Workspace }),
      filters: t.arg({
        type: EpicAssignableIssueSearchFiltersInput,
        required: false,
        description: "Only these repositories and pipelines (an empty list: every one).",
      }),
      query: t.arg.string({ required: false }),
      includeClosed: t.arg.boolean({ required: false }),
    },
    resolve: async (_root, args, context) => {
      await requireWorkspace(context.db, args.workspaceId.id, signedInViewer(context).id, "viewer");
      const search = {
        query: (args.query ?? "").slice(0, 200),
        includeClosed: args.includeClosed ?? false,
        ...repositoriesAndPipelines(args.filters),
      };
      const page = await resolveOffsetConnection({ args }, ({ limit, offset }) =>
        searchWorkspaceIssues(context.db, args.workspaceId.id, search, limit, offset),
      );
      return {
        ...page,
        totalCount: await countWorkspaceIssues(context.db, args.workspaceId.id, search),
        [ISSUE_COUNTS]: () => workspaceIssueCounts(context.db, args.workspaceId.id, search),
      };
    },
  }),
);

/** searchIssues' `filters`: repository and pipeline global ids as database ids; an empty list keeps every one. */
function repositoriesAndPipelines(
  filters:
    | { repositoryIds?: readonly (string | number)[] | null; pipelineIds?: readonly (string | number)[] | null }
    | null
    | undefined,
) {
  const repositoryIds = filters?.repositoryIds?.length
    ? idsOf("filters.repositoryIds", "Repository", filters.repositoryIds)
    : undefined;
  const pipelineIds = filters?.pipelineIds ?? [];
  if (pipelineIds.length === 0) return { repositoryIds };
  const closed = pipelineIds.some((id) => String(id) === CLOSED_PIPELINE.id);
  const ids =
    idsOf(
      "filters.pipelineIds",
      "Pipeline",
      pipelineIds.filter((id) => String(id) !== CLOSED_PIPELINE.id),
    ) ?? [];
  return { repositoryIds, pipelines: { ids, closed } };
}

/** What issue writes need; GitHub's part is null on an install without it, where native issues still change. */
export function issueWriteDeps(context: GraphQLContext): IssueWriteDeps {
  return { db: context.db, events: context.events, now: context.now, codeHost: context.codeHost?.deps ?? null };
}

export interface MoveTarget {
  workspaceId: string;
  /** A pipeline's database id, or the Closed pipeline's fixed id. */
  pipelineId: string;
  /** The stored pipeline's row; null for Closed. */
  pipeline: typeof schema.pipelines.$inferSelect | null;
  /** The mover's access to the pipeline's workspace, read with the pipeline; null for Closed. */
  access: WorkspaceAccess | null;
  /** The issue asked for, read with the pipeline (null: not on the workspace's board); undefined for Closed or none asked. */
  issue?: IssueToMove | null;
}

/**
 * Where a move goes: a stored pipeline, with the mover's access to its workspace and the issue
 * to move (`issueId`, for a single move) in the same statement (moveStart), or Closed, which needs
 * the workspace. Not checked here: both moves check editor rights on the workspace first, which
 * answers an outsider as a viewer check would (B2: the second check was three more statements per move).
 */
export async function moveTarget(
  context: GraphQLContext,
  rawPipelineId: string,
  workspaceId: string | undefined,
  issueId: string | null = null,
): Promise<MoveTarget> {
  if (rawPipelineId !== CLOSED_PIPELINE.id) {
    const pipelineId = idOfType(decodeGantryId(rawPipelineId), "Pipeline");
    const found = await moveStart(context.db, pipelineId, signedInViewer(context).id, issueId);
    if (!found) throw new GantryError("NOT_FOUND", "This pipeline does not exist.");
    const { pipeline, access, issue } = found;
    const moving = issueId ? issue && withPlace(issue) : undefined;
    return { workspaceId: pipeline.workspaceId, pipelineId, pipeline, access, issue: moving };
  }
  if (!workspaceId)
    throw new GantryError("BAD_USER_INPUT", "Moving to the Closed pipeline needs the workspaceId.", {
      field: "workspaceId",
    });
  return { workspaceId, pipelineId: CLOSED_PIPELINE.id, pipeline: null, access: null };
}

export function pipelineViewOf(target: MoveTarget) {
  return target.pipeline ? pipelineView(target.pipeline) : closedPipelineOf(target.workspaceId);
}

/**
 * The moved issue as it is now: the move may have reopened it or changed its labels. Read afresh,
 * not from the request's loader, which an earlier move of the same operation may have filled.
 */
async function movedIssue(context: GraphQLContext, issueId: string) {
  const issue = await issueById(context).clear(issueId).load(issueId);
  if (!issue) throw new Error("moved issue vanished");
  return issue;
}

signedInMutation(
  "moveIssue",
  {
    inputFields: (t) => ({
      pipelineId: t.id({
        required: true,
        description: 'A pipeline id, or "closed--pipeline" (then workspaceId is required).',
      }),
      issueId: t.globalID({ required: true, for: Issue }),
      position: t.int({ required: false, defaultValue: 0 }),
      workspaceId: t.globalID({ required: false, for: Workspace }),
      clientMutationId: t.string({
        required: false,
        description: "Comes back on the boardEvents event this move causes, so the mover can ignore its echo.",
      }),
    }),
  },
  {
    run: async (input, context, viewer) => {
      const target = await moveTarget(context, String(input.pipelineId), input.workspaceId?.id, input.issueId.id);
      const moved = await moveIssue(issueWriteDeps(context), viewer.id, target.workspaceId, {
        pipelineId: target.pipelineId,
        issueId: input.issueId.id,
        position: input.position ?? 0,
        clientMutationId: input.clientMutationId ?? null,
        pipeline: target.pipeline ?? undefined,
        access: target.access ?? undefined,
        issue: target.issue,
      });
      return { issueId: moved.issueId, pipeline: pipelineViewOf(target) };
    },
  },
  {
    outputFields: (t) => ({
      // Read after the move, and only when asked: most movers (the board) ask for the pipeline alone.
      issue: t.field({ type: Issue, resolve: (payload, _args, context) => movedIssue(context, payload.issueId) }),
      pipeline: t.field({ type: Pipeline, resolve: (payload) => payload.pipeline }),
    }),
  },
);
