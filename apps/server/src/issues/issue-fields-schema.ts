import { encodeGlobalID } from "@pothos/plugin-relay";
import { Issue } from "../codehost/issues-schema.js";
import { builder } from "../graphql/builder.js";
import { arrayConnection } from "../graphql/connections.js";
import type { GraphQLContext } from "../graphql/context.js";
import { Workspace } from "../workspaces/schema.js";
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
  sprintsOf,
} from "./issue-loaders.js";
import { PipelineIssue } from "./lookup-schema.js";
import { visibleWorkspaceIds } from "./visible-workspaces.js";

/** A GitHub epic: an issue with `is_epic`, holding other issues. */
const Epic = builder.objectRef<IssueRow>("Epic").implement({
  fields: (t) => ({
    id: t.id({ resolve: (epic) => encodeGlobalID("Epic", epic.id) }),
    issue: t.field({ type: Issue, resolve: (epic) => epic }),
  }),
});

/**
 * Per-workspace data of an issue, kept to the workspaces the viewer may open, and to one
 * workspace when the board asks for its own.
 */
async function shownIn<T>(
  context: GraphQLContext,
  workspaceId: { id: string } | null | undefined,
  rows: T[],
  workspaceOf: (row: T) => string,
): Promise<T[]> {
  const visible = await visibleWorkspaceIds(context);
  return rows.filter((row) => visible.has(workspaceOf(row)) && (!workspaceId || workspaceOf(row) === workspaceId.id));
}

type WorkspaceOwned = { workspaceId: string };
const ownWorkspace = (row: WorkspaceOwned) => row.workspaceId;

builder.objectFields(Issue, (t) => {
  const workspaceArg = () =>
    t.arg.globalID({
      required: false,
      for: Workspace,
      description: "Only this workspace's; else every one you can open.",
    });
  return {
    estimate: t.field({
      type: Estimate,
      nullable: true,
      resolve: (issue) => (issue.estimate === null ? null : { value: issue.estimate }),
    }),
    issueType: t.field({
      type: IssueIssueType,
      nullable: true,
      resolve: (issue) => (issue.issueType ? { name: issue.issueType, native: issue.ghId === null } : null),
    }),
    milestone: t.field({ type: Milestone, nullable: true, resolve: (issue) => issue.milestone }),
    closedAt: t.field({ type: "ISO8601DateTime", nullable: true, resolve: (issue) => issue.closedAt }),
    parentIssue: t.field({
      type: Issue,
      nullable: true,
      resolve: (issue, _args, context) => (issue.parentIssueId ? issueById(context).load(issue.parentIssueId) : null),
    }),
    issueCountProgress: t.field({
      type: IssueCountProgress,
      nullable: true,
      description: "Sub-issues by state; null when the issue has none.",
      resolve: async (issue, _args, context) => {
        const progress = await childProgressByParent(context).load(issue.id);
        return progress.open + progress.closed === 0 ? null : progress;
      },
    }),
    issueEstimateProgress: t.field({
      type: IssueEstimateProgress,
      nullable: true,
      description: "Sub-issues' story points by state; null when the issue has none.",
      resolve: async (issue, _args, context) => {
        const progress = await childProgressByParent(context).load(issue.id);
        if (progress.open + progress.closed === 0) return null;
        return { open: progress.openPoints, closed: progress.closedPoints };
      },
    }),
    parentEpics: t.connection({
      type: Epic,
      description: "The GitHub epics holding this issue.",
      resolve: async (issue, args, context) => arrayConnection(args, await parentEpicsOf(context).load(issue.id)),
    }),
    parentGantryEpics: t.connection({
      type: GantryEpic,
      args: { workspaceId: workspaceArg() },
      resolve: async (issue, args, context) =>
        arrayConnection(
          args,
          await shownIn(context, args.workspaceId, await parentGantryEpicsOf(context).load(issue.id), ownWorkspace),
        ),
    }),
    sprints: t.connection({
      type: Sprint,
      args: { workspaceId: workspaceArg() },
      resolve: async (issue, args, context) =>
        arrayConnection(
          args,
          await shownIn(context, args.workspaceId, await sprintsOf(context).load(issue.id), ownWorkspace),
        ),
    }),
    releases: t.connection({
      type: Release,
      args: { workspaceId: workspaceArg() },
      resolve: async (issue, args, context) =>
        arrayConnection(
          args,
          await shownIn(context, args.workspaceId, await releasesOf(context).load(issue.id), ownWorkspace),
        ),
    }),
    blockingIssues: t.connection({
      type: Issue,
      description: "Issues that block this one.",
      args: { workspaceId: workspaceArg() },
      resolve: async (issue, args, context) => {
        const rows = await shownIn(
          context,
          args.workspaceId,
          await blockingIssuesOf(context).load(issue.id),
          ownWorkspace,
        );
        return arrayConnection(
          args,
          rows.map((row) => row.issue),
        );
      },
    }),
    blockedIssues: t.connection({
      type: Issue,
      description: "Issues this one blocks.",
      args: { workspaceId: workspaceArg() },
      resolve: async (issue, args, context) => {
        const rows = await shownIn(
          context,
          args.workspaceId,
          await blockedIssuesOf(context).load(issue.id),
          ownWorkspace,
        );
        return arrayConnection(
          args,
          rows.map((row) => row.issue),
        );
      },
    }),
  };
});

builder.objectField(PipelineIssue, "priority", (t) =>
  t.field({
    type: Priority,
    nullable: true,
    description: "The issue's priority in this workspace.",
    resolve: async (placed, _args, context) => {
      const places = await placesOf(context).load(placed.issue.id);
      return places.find((place) => place.workspaceId === placed.pipeline.workspaceId)?.priority ?? null;
    },
  }),
);
