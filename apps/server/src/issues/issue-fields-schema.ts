import type { ObjectRef } from "@pothos/core";
import { type DefaultConnectionArguments, encodeGlobalID } from "@pothos/plugin-relay";
import { IssueUserOption } from "../board/filter-options.js";
import { Issue } from "../codehost/issues-schema.js";
import { Repository } from "../codehost/schema.js";
import { builder } from "../graphql/builder.js";
import { arrayConnection } from "../graphql/connections.js";
import { type GraphQLContext, signedInViewer } from "../graphql/context.js";
import { type MaybePromise, whenReady } from "../graphql/maybe-promise.js";
import { Workspace } from "../workspaces/schema.js";
import { repositoryAssignableUsers } from "./assignable-users.js";
import {
  Estimate,
  GantryEpic,
  IssueCountProgress,
  IssueEstimateProgress,
  IssueIssueType,
  Milestone,
  Priority,
  Release,
  Sprint,
} from "./field-types.js";
import { type IssueFilters, IssueFiltersInput, keptByIssueFilters } from "./issue-filters.js";
import {
  blockedIssuesOf,
  blockingIssuesOf,
  childProgressByParent,
  type IssueRow,
  issueById,
  parentEpicsOf,
  parentGantryEpicsOf,
  placesOf,
  releasesOf,
  repositoryWorkspaceIds,
  sprintsOf,
} from "./issue-loaders.js";
import { PipelineIssue } from "./lookup-schema.js";
import { visibleWorkspaceIds } from "./visible-workspaces.js";

type SchemaTypes = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer Types> ? Types : never;

/** A GitHub epic: an issue with `is_epic`, holding other issues. Typed, so the built declarations can name it. */
export const Epic: ObjectRef<SchemaTypes, IssueRow> = builder.objectRef<IssueRow>("Epic").implement({
  fields: (t) => ({
    id: t.id({ resolve: (epic) => encodeGlobalID("Epic", epic.id) }),
    issue: t.field({ type: Issue, resolve: (epic) => epic }),
  }),
});

/**
 * Per-workspace data of an issue, kept to the workspaces the viewer may open, and to one
 * workspace when the board asks for its own.
 */
function shownIn<T>(
  context: GraphQLContext,
  workspaceId: { id: string } | null | undefined,
  rows: MaybePromise<T[]>,
  workspaceOf: (row: T) => string,
): MaybePromise<T[]> {
  return whenReady(rows, (loaded) =>
    whenReady(visibleWorkspaceIds(context), (visible) =>
      loaded.filter((row) => visible.has(workspaceOf(row)) && (!workspaceId || workspaceOf(row) === workspaceId.id)),
    ),
  );
}

/** An issue's parent, when the viewer can open a workspace showing it. */
async function visibleParent(context: GraphQLContext, parentIssueId: string): Promise<IssueRow | null> {
  const parent = await issueById(context).load(parentIssueId);
  if (!parent) return null;
  const [visible, shownOn] = await Promise.all([
    visibleWorkspaceIds(context),
    repositoryWorkspaceIds(context).load(parent.repositoryId),
  ]);
  return shownOn.some((workspaceId) => visible.has(workspaceId)) ? parent : null;
}

type WorkspaceOwned = { workspaceId: string };
const ownWorkspace = (row: WorkspaceOwned) => row.workspaceId;

/**
 * One side of an issue's dependencies (blocking or blocked) on the boards the viewer may open, kept
 * by the filters the client gave, as a page.
 */
function dependencyPage(
  relation: typeof blockingIssuesOf,
  issue: IssueRow,
  args: DefaultConnectionArguments & { workspaceId?: { id: string } | null; filters?: IssueFilters | null },
  context: GraphQLContext,
) {
  return whenReady(shownIn(context, args.workspaceId, relation(context).load(issue.id), ownWorkspace), (rows) =>
    arrayConnection(
      args,
      keptByIssueFilters(
        rows.map((row) => row.issue),
        args.filters,
        (row) => row,
      ),
    ),
  );
}

builder.objectFields(Issue, (t) => {
  const workspaceArg = () =>
    t.arg.globalID({
      required: false,
      for: Workspace,
      description: "Only this workspace's; else every one you can open.",
    });
  const filtersArg = () =>
    t.arg({
      type: IssueFiltersInput,
      required: false,
      description: "Only issues of these repositories, or this state.",
    });
  return {
    estimate: t.field({
      type: Estimate,
      nullable: true,
      resolve: (issue) => (issue.estimate === null ? null : { value: issue.estimate, issueId: issue.id }),
    }),
    issueType: t.field({
      type: IssueIssueType,
      nullable: true,
      resolve: (issue) =>
        issue.issueType
          ? { name: issue.issueType, native: issue.ghId === null, repositoryId: issue.repositoryId }
          : null,
    }),
    milestone: t.field({
      type: Milestone,
      nullable: true,
      resolve: (issue) => (issue.milestone ? { ...issue.milestone, repositoryId: issue.repositoryId } : null),
    }),
    closedAt: t.field({ type: "ISO8601DateTime", nullable: true, resolve: (issue) => issue.closedAt }),
    parentIssue: t.field({
      type: Issue,
      nullable: true,
      description: "The parent issue, when the viewer can open a workspace showing it.",
      resolve: (issue, _args, context) => (issue.parentIssueId ? visibleParent(context, issue.parentIssueId) : null),
    }),
    issueCountProgress: t.field({
      type: IssueCountProgress,
      nullable: true,
      description: "Sub-issues by state; null when the issue has none.",
      resolve: (issue, _args, context) =>
        whenReady(childProgressByParent(context).load(issue.id), (progress) =>
          progress.open + progress.closed === 0 ? null : progress,
        ),
    }),
    issueEstimateProgress: t.field({
      type: IssueEstimateProgress,
      nullable: true,
      description: "Sub-issues' story points by state; null when the issue has none.",
      resolve: (issue, _args, context) =>
        whenReady(childProgressByParent(context).load(issue.id), (progress) =>
          progress.open + progress.closed === 0 ? null : { open: progress.openPoints, closed: progress.closedPoints },
        ),
    }),
    parentEpics: t.connection({
      type: Epic,
      description: "The GitHub epics holding this issue.",
      resolve: (issue, args, context) =>
        whenReady(parentEpicsOf(context).load(issue.id), (epics) => arrayConnection(args, epics)),
    }),
    parentGantryEpics: t.connection({
      type: GantryEpic,
      args: { workspaceId: workspaceArg() },
      resolve: (issue, args, context) =>
        whenReady(
          shownIn(context, args.workspaceId, parentGantryEpicsOf(context).load(issue.id), ownWorkspace),
          (epics) => arrayConnection(args, epics),
        ),
    }),
    sprints: t.connection({
      type: Sprint,
      args: { workspaceId: workspaceArg() },
      resolve: (issue, args, context) =>
        whenReady(shownIn(context, args.workspaceId, sprintsOf(context).load(issue.id), ownWorkspace), (sprints) =>
          arrayConnection(args, sprints),
        ),
    }),
    releases: t.connection({
      type: Release,
      args: { workspaceId: workspaceArg() },
      resolve: (issue, args, context) =>
        whenReady(shownIn(context, args.workspaceId, releasesOf(context).load(issue.id), ownWorkspace), (releases) =>
          arrayConnection(args, releases),
        ),
    }),
    blockingIssues: t.connection({
      type: Issue,
      description: "Issues that block this one.",
      args: { workspaceId: workspaceArg(), filters: filtersArg() },
      resolve: (issue, args, context) => dependencyPage(blockingIssuesOf, issue, args, context),
    }),
    blockedIssues: t.connection({
      type: Issue,
      description: "Issues this one blocks.",
      args: { workspaceId: workspaceArg(), filters: filtersArg() },
      resolve: (issue, args, context) => dependencyPage(blockedIssuesOf, issue, args, context),
    }),
  };
});

builder.objectField(PipelineIssue, "priority", (t) =>
  t.field({
    type: Priority,
    nullable: true,
    description: "The issue's priority in this workspace.",
    resolve: (placed, _args, context) =>
      whenReady(
        placesOf(context).load(placed.issue.id),
        (places) => places.find((place) => place.workspaceId === placed.pipeline.workspaceId)?.priority ?? null,
      ),
  }),
);

builder.objectField(Repository, "assignableUsers", (t) =>
  t.connection({
    type: IssueUserOption,
    description:
      "Who an issue of this repository can be assigned to: GitHub's assignable users, or for a workspace's Gantry issues its members who connected GitHub (decision 0028).",
    args: { query: t.arg.string({ required: false, description: "Keeps logins containing this text." }) },
    resolve: async (repository, args, context) =>
      arrayConnection(
        args,
        await repositoryAssignableUsers(
          context.db,
          context.codeHost?.deps ?? null,
          signedInViewer(context).id,
          repository,
          args.query,
        ),
      ),
  }),
);
