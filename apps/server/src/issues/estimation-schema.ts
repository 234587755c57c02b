import { schema } from "@gantry/db";
import { encodeGlobalID } from "@pothos/plugin-relay";
import { eq } from "drizzle-orm";
import { GantryUser } from "../accounts/schema.js";
import { Issue } from "../codehost/issues-schema.js";
import { Repository } from "../codehost/schema.js";
import { builder, decodeGantryId, idOfType } from "../graphql/builder.js";
import { arrayConnection } from "../graphql/connections.js";
import { type GraphQLContext, signedInViewer } from "../graphql/context.js";
import { Workspace } from "../workspaces/schema.js";
import {
  changeEstimateSet,
  type EstimationVoteRow,
  estimationVotesOf,
  inviteToEstimate,
  removeEstimationVote,
  setEstimationVote,
  workspaceEstimateSet,
} from "./estimation.js";
import { issueById } from "./issue-loaders.js";
import { visibleWorkspaceIds } from "./visible-workspaces.js";

const deps = (context: GraphQLContext) => ({ db: context.db, events: context.events, now: context.now });
const voteIdOf = (raw: string | number) => idOfType(decodeGantryId(String(raw)), "EstimationVote");

/** The reference's EstimateSet, held by the workspace rather than by each repository. */
const EstimateSet = builder.objectRef<{ values: number[] }>("EstimateSet").implement({
  description: "The point values estimate menus offer; setEstimate still takes any valid estimate.",
  fields: (t) => ({ values: t.exposeFloatList("values") }),
});

const EstimationVote = builder.objectRef<EstimationVoteRow>("EstimationVote").implement({
  description: "A member asked to vote an issue's estimate; value is null until they vote.",
  fields: (t) => ({
    id: t.id({ resolve: (vote) => encodeGlobalID("EstimationVote", vote.id) }),
    value: t.float({ nullable: true, resolve: (vote) => vote.value }),
    voter: t.field({
      type: GantryUser,
      resolve: async (vote, _args, context) => {
        const [voter] = await context.db.select().from(schema.users).where(eq(schema.users.id, vote.voterId));
        if (!voter) throw new Error("voter vanished");
        return voter;
      },
    }),
    issue: t.field({
      type: Issue,
      resolve: async (vote, _args, context) => {
        const issue = await issueById(context).load(vote.issueId);
        if (!issue) throw new Error("issue vanished");
        return issue;
      },
    }),
    createdAt: t.field({ type: "ISO8601DateTime", resolve: (vote) => vote.createdAt }),
    updatedAt: t.field({ type: "ISO8601DateTime", resolve: (vote) => vote.updatedAt }),
  }),
});

builder.objectField(Workspace, "estimateSet", (t) =>
  t.field({
    type: EstimateSet,
    resolve: async (workspace, _args, context) => ({ values: await workspaceEstimateSet(context.db, workspace.id) }),
  }),
);

builder.objectField(Repository, "estimateSet", (t) =>
  t.field({
    type: EstimateSet,
    description:
      "The estimates the boards showing this repository that you can open offer (Gantry's scales are per workspace): every value of those scales, smallest first.",
    resolve: async (repository, _args, context) => {
      const visible = await visibleWorkspaceIds(context);
      const holding = repository.nativeWorkspaceId
        ? [repository.nativeWorkspaceId]
        : (
            await context.db
              .select({ workspaceId: schema.workspaceRepositories.workspaceId })
              .from(schema.workspaceRepositories)
              .where(eq(schema.workspaceRepositories.repositoryId, repository.id))
          ).map((row) => row.workspaceId);
      const values = new Set<number>();
      for (const workspaceId of holding.filter((id) => visible.has(id))) {
        for (const value of await workspaceEstimateSet(context.db, workspaceId)) values.add(value);
      }
      return { values: [...values].sort((a, b) => a - b) };
    },
  }),
);

builder.objectField(Issue, "estimationVotes", (t) =>
  t.connection({
    type: EstimationVote,
    description: "Who has been asked to vote this issue's estimate, and their votes.",
    args: {
      workspaceId: t.arg.globalID({
        required: false,
        for: Workspace,
        description: "Only this workspace's; else every one you can open.",
      }),
    },
    resolve: async (issue, args, context) => {
      const visible = [...(await visibleWorkspaceIds(context))];
      const workspaceIds = args.workspaceId ? visible.filter((id) => id === args.workspaceId?.id) : visible;
      return arrayConnection(args, await estimationVotesOf(context.db, [issue.id], workspaceIds));
    },
  }),
);

for (const change of ["add", "remove"] as const) {
  builder.relayMutationField(
    change === "add" ? "addEstimateSetValue" : "removeEstimateSetValue",
    {
      inputFields: (t) => ({
        workspaceId: t.globalID({ required: true, for: Workspace }),
        value: t.float({ required: true }),
      }),
    },
    {
      authScopes: { signedIn: true },
      resolve: async (_root, { input }, context) => ({
        estimateSet: {
          values: await changeEstimateSet(deps(context), signedInViewer(context).id, {
            workspaceId: input.workspaceId.id,
            value: input.value,
            change,
          }),
        },
      }),
    },
    {
      outputFields: (t) => ({ estimateSet: t.field({ type: EstimateSet, resolve: (payload) => payload.estimateSet }) }),
    },
  );
}

builder.relayMutationField(
  "inviteToEstimate",
  {
    inputFields: (t) => ({
      workspaceId: t.globalID({ required: true, for: Workspace }),
      issueIds: t.globalIDList({ required: true, for: Issue }),
      gantryUserIds: t.globalIDList({ required: true, for: GantryUser }),
    }),
  },
  {
    authScopes: { signedIn: true },
    resolve: async (_root, { input }, context) => ({
      estimationVotes: await inviteToEstimate(deps(context), signedInViewer(context).id, {
        workspaceId: input.workspaceId.id,
        issueIds: input.issueIds.map((id) => id.id),
        voterIds: input.gantryUserIds.map((id) => id.id),
      }),
    }),
  },
  {
    outputFields: (t) => ({
      estimationVotes: t.field({ type: [EstimationVote], resolve: (payload) => payload.estimationVotes }),
    }),
  },
);

builder.relayMutationField(
  "setEstimationVote",
  {
    inputFields: (t) => ({
      estimationVoteId: t.id({ required: true }),
      value: t.float({ required: false, description: "null takes the vote back." }),
    }),
  },
  {
    authScopes: { signedIn: true },
    resolve: async (_root, { input }, context) => ({
      estimationVote: await setEstimationVote(deps(context), signedInViewer(context).id, {
        estimationVoteId: voteIdOf(input.estimationVoteId),
        value: input.value ?? null,
      }),
    }),
  },
  {
    outputFields: (t) => ({
      estimationVote: t.field({ type: EstimationVote, resolve: (payload) => payload.estimationVote }),
    }),
  },
);

builder.relayMutationField(
  "removeEstimationVote",
  { inputFields: (t) => ({ estimationVoteId: t.id({ required: true }) }) },
  {
    authScopes: { signedIn: true },
    resolve: async (_root, { input }, context) => ({
      estimationVote: await removeEstimationVote(deps(context), signedInViewer(context).id, {
        estimationVoteId: voteIdOf(input.estimationVoteId),
      }),
    }),
  },
  {
    outputFields: (t) => ({
      estimationVote: t.field({ type: EstimationVote, resolve: (payload) => payload.estimationVote }),
    }),
  },
);
