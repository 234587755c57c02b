import { Issue } from "../codehost/issues-schema.js";
import { Repository } from "../codehost/schema.js";
import { builder, decodeGantryId, idOfType } from "../graphql/builder.js";
import { arrayConnection } from "../graphql/connections.js";
import { type GraphQLContext, signedInViewer } from "../graphql/context.js";
import { GantryError } from "../graphql/errors.js";
import { type MaybePromise, whenReady } from "../graphql/maybe-promise.js";
import { requireWorkspace } from "../organizations/access.js";
import { closedPipelineOf, Pipeline, type PipelineView, pipelineView, Workspace } from "../workspaces/schema.js";
import { pipelineById, placesOf } from "./issue-loaders.js";
import {
  type IssueRow,
  type RepositoryKey,
  readableRepositoriesByGhId,
  repositoryIssue,
  workspaceIssue,
} from "./lookups.js";
import { visibleWorkspaceIds } from "./visible-workspaces.js";

function requireIssueNumber(issueNumber: number): number {
  if (issueNumber < 1) {
    throw new GantryError("BAD_USER_INPUT", "issueNumber must be 1 or more.", { field: "issueNumber" });
  }
  return issueNumber;
}

builder.queryField("issueByInfo", (t) =>
  t.field({
    type: Issue,
    description:
      "An issue by its repository (GitHub's repository id, or Gantry's) and number, from a repository in a workspace the viewer can read.",
    authScopes: { signedIn: true },
    args: {
      // Int as in the reference, so a client's `$repositoryGhId: Int!` validates; GitHub's repository ids still fit.
      repositoryGhId: t.arg.int({ required: false }),
      repositoryId: t.arg.id({ required: false }),
      issueNumber: t.arg.int({ required: true }),
    },
    resolve: (_root, args, context) => {
      const hasGhId = args.repositoryGhId !== null && args.repositoryGhId !== undefined;
      if (hasGhId === Boolean(args.repositoryId)) {
        throw new GantryError("BAD_USER_INPUT", "Give either repositoryGhId or repositoryId.", {
          field: "repositoryGhId",
        });
      }
      const key: RepositoryKey = hasGhId
        ? { ghId: Number(args.repositoryGhId) }
        : { id: idOfType(decodeGantryId(String(args.repositoryId)), "Repository") };
      return repositoryIssue(context.db, signedInViewer(context).id, key, requireIssueNumber(args.issueNumber));
    },
  }),
);

/** One request's repositories; a script asking for more should ask in pages. */
const MAX_GH_IDS = 100;

builder.queryField("repositoriesByGhId", (t) =>
  t.field({
    type: [Repository],
    description: `Repositories by their GitHub ids (at most ${MAX_GH_IDS}), of those in a workspace the viewer can read; the others are left out.`,
    authScopes: { signedIn: true },
    args: { ghIds: t.arg.intList({ required: true }) },
    resolve: (_root, args, context) => {
      if (args.ghIds.length > MAX_GH_IDS) {
        throw new GantryError("BAD_USER_INPUT", `Give at most ${MAX_GH_IDS} GitHub repository ids.`, {
          field: "ghIds",
        });
      }
      return readableRepositoriesByGhId(context.db, signedInViewer(context).id, args.ghIds);
    },
  }),
);

builder.queryField("repositoryIssue", (t) =>
  t.field({
    type: Issue,
    description:
      "SPEC §2 issue path form 3: a repository's issue with no workspace, for a viewer who can read a workspace holding the repository.",
    authScopes: { signedIn: true },
    args: {
      repositoryOwner: t.arg.string({ required: true }),
      repositoryName: t.arg.string({ required: true }),
      issueNumber: t.arg.int({ required: true }),
    },
    resolve: (_root, args, context) =>
      repositoryIssue(
        context.db,
        signedInViewer(context).id,
        { owner: args.repositoryOwner, name: args.repositoryName },
        requireIssueNumber(args.issueNumber),
      ),
  }),
);

builder.queryField("workspaceIssue", (t) =>
  t.field({
    type: Issue,
    description:
      "SPEC §2 issue path forms 1 and 2: the workspace's native issue by number, or with repositoryOwner and repositoryName the issue of a repository connected to the workspace.",
    authScopes: { signedIn: true },
    args: {
      workspaceId: t.arg.globalID({ required: true, for: Workspace }),
      issueNumber: t.arg.int({ required: true }),
      repositoryOwner: t.arg.string({ required: false }),
      repositoryName: t.arg.string({ required: false }),
    },
    resolve: (_root, args, context) => {
      if (Boolean(args.repositoryOwner) !== Boolean(args.repositoryName)) {
        throw new GantryError("BAD_USER_INPUT", "Give both repositoryOwner and repositoryName, or neither.", {
          field: args.repositoryOwner ? "repositoryName" : "repositoryOwner",
        });
      }
      const repository =
        args.repositoryOwner && args.repositoryName
          ? { owner: args.repositoryOwner, name: args.repositoryName }
          : undefined;
      return workspaceIssue(
        context.db,
        signedInViewer(context).id,
        args.workspaceId.id,
        requireIssueNumber(args.issueNumber),
        repository,
      );
    },
  }),
);

export interface PipelineIssueView {
  issue: IssueRow;
  pipeline: PipelineView;
  latestTransferTime: Date | null;
}

/** Where an issue sits on a workspace's board, for a caller that checked the viewer may read it; null when off the board. */
export function pipelineIssueOf(
  context: GraphQLContext,
  issue: IssueRow,
  workspaceId: string,
): MaybePromise<PipelineIssueView | null> {
  return whenReady(placesOf(context).load(issue.id), (places) => {
    const place = places.find((row) => row.workspaceId === workspaceId);
    if (!place) return null;
    // Closed issues keep their place for a reopen, but the board shows them in Closed.
    if (issue.state === "closed") return { issue, pipeline: closedPipelineOf(workspaceId), latestTransferTime: null };
    return whenReady(pipelineById(context).load(place.pipelineId), (row) => ({
      issue,
      pipeline: pipelineView(row),
      latestTransferTime: place.movedAt,
    }));
  });
}

export const PipelineIssue = builder.objectRef<PipelineIssueView>("PipelineIssue").implement({
  description: "Where an issue sits on one workspace's board.",
  fields: (t) => ({
    issue: t.field({ type: Issue, resolve: (placed) => placed.issue }),
    pipeline: t.field({ type: Pipeline, resolve: (placed) => placed.pipeline }),
    latestTransferTime: t.field({
      type: "ISO8601DateTime",
      nullable: true,
      description: "When the issue last moved pipeline; null in the Closed pipeline.",
      resolve: (placed) => placed.latestTransferTime,
    }),
  }),
});

builder.objectField(Issue, "pipelineIssue", (t) =>
  t.field({
    type: PipelineIssue,
    nullable: true,
    description: "The issue's pipeline on the workspace's board; null when that board does not show it.",
    args: { workspaceId: t.arg.globalID({ required: true, for: Workspace }) },
    resolve: (issue, args, context) => {
      const workspaceId = args.workspaceId.id;
      // One query per board page, not per card (see issue-loaders.ts); requireWorkspace only says why not.
      return whenReady(visibleWorkspaceIds(context), (visible) =>
        visible.has(workspaceId)
          ? pipelineIssueOf(context, issue, workspaceId)
          : requireWorkspace(context.db, workspaceId, signedInViewer(context).id, "viewer").then(() =>
              pipelineIssueOf(context, issue, workspaceId),
            ),
      );
    },
  }),
);

builder.objectField(Issue, "pipelineIssues", (t) =>
  t.connection({
    type: PipelineIssue,
    description: "Where the issue sits on each board that shows it and the viewer can open.",
    resolve: async (issue, args, context) => {
      const [places, visible] = await Promise.all([placesOf(context).load(issue.id), visibleWorkspaceIds(context)]);
      const placed = await Promise.all(
        places
          .filter((place) => visible.has(place.workspaceId))
          .map((place) => pipelineIssueOf(context, issue, place.workspaceId)),
      );
      return arrayConnection(
        args,
        placed.filter((view) => view !== null),
      );
    },
  }),
);
