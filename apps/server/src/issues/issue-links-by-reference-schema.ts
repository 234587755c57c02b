import { schema } from "@gantry/db";
import { encodeGlobalID } from "@pothos/plugin-relay";
import { and, eq, inArray } from "drizzle-orm";
import { issueWriteDeps } from "../board/schema.js";
import { Issue } from "../codehost/issues-schema.js";
import { builder } from "../graphql/builder.js";
import { type GraphQLContext, signedInViewer } from "../graphql/context.js";
import { GantryError } from "../graphql/errors.js";
import { signedInMutation } from "../graphql/signed-in-mutation.js";
import { type Deps, emptyResult, mayEditIn, type ShownIssue, tellBoards, visibleIssues } from "./bulk-fields.js";
import { repositoryIssue } from "./lookups.js";
import { IssueInfoInput, issueInfoOf } from "./priorities-schema.js";
import { type Blockage, createBlockage, deleteBlockage } from "./relations.js";
import { blockageFields } from "./relations-schema.js";

// The reference's older ways to link issues (decision 0080): dependencies named by repository and number, and a
// pull request connected to an issue. Both run the services the web app's mutations run.

const { issuePullRequestConnections: connections } = schema;

type IssueInfo = { repositoryGhId?: number | null; repositoryId?: string | number | null; issueNumber: number };

async function issueIdByInfo(context: GraphQLContext, info: IssueInfo): Promise<string> {
  const { repository, issueNumber } = issueInfoOf(info);
  return (await repositoryIssue(context.db, signedInViewer(context).id, repository, issueNumber)).id;
}

const IssueDependency = builder.objectRef<Blockage>("IssueDependency").implement({
  description: "The blocking issue blocks the blocked one (the reference's older name for a blockage).",
  fields: (t) => ({
    // Its own type's id, so `node` answers it as an IssueDependency (the same row as a Blockage).
    id: t.id({ resolve: (dependency) => encodeGlobalID("IssueDependency", dependency.id) }),
    ...blockageFields(t, { blocking: "blockingIssue", blocked: "blockedIssue" }, Issue),
  }),
});

for (const [name, change] of [
  ["createIssueDependency", createBlockage],
  ["deleteIssueDependency", deleteBlockage],
] as const) {
  signedInMutation(
    name,
    {
      inputFields: (t) => ({
        blockingIssue: t.field({ type: IssueInfoInput, required: true }),
        blockedIssue: t.field({ type: IssueInfoInput, required: true }),
        clientMutationId: t.string({ required: false }),
      }),
    },
    {
      description:
        name === "createIssueDependency"
          ? "The blocking issue blocks the blocked one, on the board showing both (createBlockage by repository and number)."
          : "Removes the dependency between two issues (deleteBlockage by repository and number).",
      run: async (input, context, viewer) => ({
        issueDependency: await change(issueWriteDeps(context), viewer.id, {
          blockingId: await issueIdByInfo(context, input.blockingIssue),
          blockedId: await issueIdByInfo(context, input.blockedIssue),
          clientMutationId: input.clientMutationId ?? null,
        }),
      }),
    },
    {
      outputFields: (t) => ({ issueDependency: t.field({ type: IssueDependency, resolve: (p) => p.issueDependency }) }),
    },
  );
}

const FORBIDDEN_HERE = "You do not have permission to do this in this workspace.";

/** The issue and the pull request, and the boards showing both where the person may edit. */
async function connectionPlace(deps: Deps, userId: string, issueId: string, pullRequestId: string) {
  const shown = await visibleIssues(deps.db, userId, [issueId, pullRequestId], emptyResult());
  const issue = shown.find((entry) => entry.issue.id === issueId);
  const pullRequest = shown.find((entry) => entry.issue.id === pullRequestId);
  if (!issue || !pullRequest) throw new GantryError("NOT_FOUND", "This issue does not exist.");
  if (issue.issue.isPullRequest)
    throw new GantryError("BAD_USER_INPUT", `#${issue.issue.number} is a pull request; connect it to an issue.`, {
      field: "issueId",
    });
  if (!pullRequest.issue.isPullRequest)
    throw new GantryError("BAD_USER_INPUT", `#${pullRequest.issue.number} is not a pull request.`, {
      field: "pullRequestId",
    });
  const shared = issue.workspaces
    .map(({ workspaceId }) => workspaceId)
    .filter((workspaceId) => pullRequest.workspaces.some((entry) => entry.workspaceId === workspaceId));
  if (shared.length === 0)
    throw new GantryError(
      "BAD_USER_INPUT",
      `#${pullRequest.issue.number} is not on a board with #${issue.issue.number}.`,
      { field: "pullRequestId" },
    );
  const writable = shared.filter((workspaceId) => mayEditIn(issue, workspaceId) && mayEditIn(pullRequest, workspaceId));
  if (writable.length === 0) throw new GantryError("FORBIDDEN", FORBIDDEN_HERE);
  return { issue, pullRequest, workspaceIds: writable };
}

/**
 * The reference's Issue ↔ PR connection, on every board showing both that the person may edit (ZenHub's
 * connections are its workspaces'; Gantry keeps them per board too, as the ZenHub import does).
 */
async function connect(deps: Deps, userId: string, input: ConnectionInput) {
  const place = await connectionPlace(deps, userId, input.issueId, input.pullRequestId);
  await deps.db
    .insert(connections)
    .values(
      place.workspaceIds.map((workspaceId) => ({
        workspaceId,
        issueId: place.issue.issue.id,
        pullRequestId: place.pullRequest.issue.id,
      })),
    )
    .onConflictDoNothing();
  return told(deps, userId, place, input);
}

async function disconnect(deps: Deps, userId: string, input: ConnectionInput) {
  const place = await connectionPlace(deps, userId, input.issueId, input.pullRequestId);
  const removed = await deps.db
    .delete(connections)
    .where(
      and(
        inArray(connections.workspaceId, place.workspaceIds),
        eq(connections.issueId, place.issue.issue.id),
        eq(connections.pullRequestId, place.pullRequest.issue.id),
      ),
    )
    .returning();
  if (removed.length === 0)
    throw new GantryError(
      "NOT_FOUND",
      `#${place.pullRequest.issue.number} is not connected to #${place.issue.issue.number}.`,
      { field: "pullRequestId" },
    );
  return told(deps, userId, place, input);
}

type ConnectionInput = { issueId: string; pullRequestId: string; clientMutationId: string | null };

async function told(
  deps: Deps,
  userId: string,
  place: { issue: ShownIssue; pullRequest: ShownIssue },
  input: ConnectionInput,
) {
  await tellBoards(deps, userId, [place.issue.issue.id, place.pullRequest.issue.id], input);
  return { issue: place.issue.issue, pullRequest: place.pullRequest.issue };
}

for (const [name, change] of [
  ["createIssuePrConnection", connect],
  ["deleteIssuePrConnection", disconnect],
] as const) {
  signedInMutation(
    name,
    {
      inputFields: (t) => ({
        issueId: t.globalID({ required: true, for: Issue }),
        pullRequestId: t.globalID({
          required: true,
          for: Issue,
          description: "A pull request (an Issue with pullRequest true).",
        }),
        clientMutationId: t.string({ required: false }),
      }),
    },
    {
      description:
        name === "createIssuePrConnection"
          ? "Connects a pull request to an issue on every board showing both that you may edit (Issue.connectedPrs)."
          : "Disconnects a pull request from an issue on the boards showing both that you may edit.",
      run: (input, context, viewer) =>
        change(issueWriteDeps(context), viewer.id, {
          issueId: input.issueId.id,
          pullRequestId: input.pullRequestId.id,
          clientMutationId: input.clientMutationId ?? null,
        }),
    },
    {
      outputFields: (t) => ({
        issue: t.field({ type: Issue, resolve: (payload) => payload.issue }),
        pullRequest: t.field({ type: Issue, resolve: (payload) => payload.pullRequest }),
      }),
    },
  );
}
