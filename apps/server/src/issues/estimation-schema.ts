import { schema } from "@gantry/db";
import { encodeGlobalID } from "@pothos/plugin-relay";
import { and, eq } from "drizzle-orm";
import { GantryUser } from "../accounts/schema.js";
import { Issue } from "../codehost/issues-schema.js";
import { Repository } from "../codehost/schema.js";
import { builder, decodeGantryId, idOfType } from "../graphql/builder.js";
import { arrayConnection } from "../graphql/connections.js";
import type { GraphQLContext } from "../graphql/context.js";
import { GantryError } from "../graphql/errors.js";
import { signedInMutation } from "../graphql/signed-in-mutation.js";
import { requireWorkspace } from "../organizations/access.js";
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
import { MAX_ESTIMATION_MESSAGE_LENGTH } from "./estimation-mail.js";
import { issueById } from "./issue-loaders.js";
import { visibleWorkspaceIds } from "./visible-workspaces.js";

const deps = (context: GraphQLContext) => ({ db: context.db, events: context.events, now: context.now });
const voteIdOf = (raw: string | number) => idOfType(decodeGantryId(String(raw)), "EstimationVote");

/** The reference's EstimateSet, held by the workspace rather than by each repository. */
/** A scale of estimates: its values, and the repository it is read for (else its workspace's own repository). */
interface EstimateSetView {
  values: number[];
  repositoryId?: string;
  workspaceId?: string;
}

const EstimateSet = builder.objectRef<EstimateSetView>("EstimateSet").implement({
  description: "The point values estimate menus offer; setEstimate still takes any valid estimate.",
  fields: (t) => ({
    values: t.exposeFloatList("values"),
    repository: t.field({
      type: Repository,
      description:
        "The repository the scale was read or changed for; a workspace's scale (Gantry keeps one per workspace) answers the workspace's own Gantry repository.",
      resolve: async (set, _args, context) => {
        const [repository] = await context.db
          .select()
          .from(schema.repositories)
          .where(
            set.repositoryId
              ? eq(schema.repositories.id, set.repositoryId)
              : eq(schema.repositories.nativeWorkspaceId, set.workspaceId ?? ""),
          );
        if (!repository) throw new Error("estimate set without a repository");
        return repository;
      },
    }),
  }),
});

/** A repository named with a workspace's scale must be shown on that workspace's board. */
async function repositoryOfWorkspace(context: GraphQLContext, workspaceId: string, repositoryId: string) {
  const [shown] = await context.db
    .select({ repositoryId: schema.workspaceRepositories.repositoryId })
    .from(schema.workspaceRepositories)
    .where(
      and(
        eq(schema.workspaceRepositories.workspaceId, workspaceId),
        eq(schema.workspaceRepositories.repositoryId, repositoryId),
      ),
    );
  const [own] = shown
    ? [shown]
    : await context.db
        .select({ repositoryId: schema.repositories.id })
        .from(schema.repositories)
        .where(and(eq(schema.repositories.id, repositoryId), eq(schema.repositories.nativeWorkspaceId, workspaceId)));
  if (!own)
    throw new GantryError("BAD_USER_INPUT", "This repository is not on the workspace's board; nothing was changed.", {
      field: "repositoryId",
    });
  return repositoryId;
}

const EstimationVote = builder.objectRef<EstimationVoteRow>("EstimationVote").implement({
  description: "A member asked to vote an issue's estimate; value is null until they vote.",
  fields: (t) => ({
    id: t.id({ resolve: (vote) => encodeGlobalID("EstimationVote", vote.id) }),
    value: t.float({ nullable: true, resolve: (vote) => vote.value }),
    message: t.string({
      nullable: true,
      description: "What the inviter wrote when asking (inviteToEstimate's message), as mailed to the voter.",
      resolve: (vote) => vote.message,
    }),
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
    resolve: async (workspace, _args, context) => ({
      values: await workspaceEstimateSet(context.db, workspace.id),
      workspaceId: workspace.id,
    }),
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
      return { values: [...values].sort((a, b) => a - b), repositoryId: repository.id };
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
  signedInMutation(
    change === "add" ? "addEstimateSetValue" : "removeEstimateSetValue",
    {
      inputFields: (t) => ({
        workspaceId: t.globalID({ required: true, for: Workspace }),
        value: t.float({ required: true }),
        repositoryId: t.globalID({
          required: false,
          for: Repository,
          description:
            "A repository on the workspace's board: Gantry keeps one scale per workspace, so this changes the workspace's scale, read for that repository.",
        }),
      }),
    },
    {
      run: async (input, context, viewer) => {
        // Checked before the change, so a repository of another board changes nothing; the admin check comes
        // first, so whether a repository is on a board is told only to the board's admins.
        if (input.repositoryId) await requireWorkspace(context.db, input.workspaceId.id, viewer.id, "admin");
        const repositoryId = input.repositoryId
          ? await repositoryOfWorkspace(context, input.workspaceId.id, input.repositoryId.id)
          : undefined;
        const values = await changeEstimateSet(deps(context), viewer.id, {
          workspaceId: input.workspaceId.id,
          value: input.value,
          change,
        });
        return { estimateSet: { values, repositoryId, workspaceId: input.workspaceId.id } };
      },
    },
    {
      outputFields: (t) => ({ estimateSet: t.field({ type: EstimateSet, resolve: (payload) => payload.estimateSet }) }),
    },
  );
}

signedInMutation(
  "inviteToEstimate",
  {
    inputFields: (t) => ({
      workspaceId: t.globalID({ required: true, for: Workspace }),
      issueIds: t.globalIDList({ required: true, for: Issue }),
      gantryUserIds: t.globalIDList({ required: true, for: GantryUser }),
      message: t.string({
        required: false,
        description: `Words to the people asked, mailed to each with the invitation; at most ${MAX_ESTIMATION_MESSAGE_LENGTH} characters.`,
      }),
    }),
  },
  {
    description: "Asks people to vote the estimate of issues (workspace editors); each newly asked is mailed.",
    run: async (input, context, viewer) => ({
      estimationVotes: await inviteToEstimate(
        deps(context),
        viewer.id,
        {
          workspaceId: input.workspaceId.id,
          issueIds: input.issueIds.map((id) => id.id),
          voterIds: input.gantryUserIds.map((id) => id.id),
          message: input.message ?? null,
        },
        { mailer: context.mailer, config: context.config },
      ),
    }),
  },
  {
    outputFields: (t) => ({
      estimationVotes: t.field({ type: [EstimationVote], resolve: (payload) => payload.estimationVotes }),
    }),
  },
);

signedInMutation(
  "setEstimationVote",
  {
    inputFields: (t) => ({
      estimationVoteId: t.id({ required: true }),
      value: t.float({ required: false, description: "null takes the vote back." }),
    }),
  },
  {
    run: async (input, context, viewer) => ({
      estimationVote: await setEstimationVote(deps(context), viewer.id, {
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

signedInMutation(
  "removeEstimationVote",
  { inputFields: (t) => ({ estimationVoteId: t.id({ required: true }) }) },
  {
    run: async (input, context, viewer) => ({
      estimationVote: await removeEstimationVote(deps(context), viewer.id, {
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
