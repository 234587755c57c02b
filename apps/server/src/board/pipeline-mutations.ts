import { builder, decodeGantryId, idOfType } from "../graphql/builder.js";
import { type GraphQLContext, signedInViewer } from "../graphql/context.js";
import { Pipeline, pipelineView, Workspace } from "../workspaces/schema.js";
import { createPipeline, deletePipeline, updatePipeline } from "./pipelines.js";

const deps = (context: GraphQLContext) => ({ db: context.db, now: context.now, events: context.events });
const pipelineIdOf = (raw: string | number) => idOfType(decodeGantryId(String(raw)), "Pipeline");

builder.relayMutationField(
  "createPipeline",
  {
    inputFields: (t) => ({
      workspaceId: t.globalID({ required: true, for: Workspace }),
      name: t.string({ required: true }),
      position: t.int({
        required: false,
        defaultValue: -1,
        description: "Index among the pipelines; -1 puts it last.",
      }),
      description: t.string({ required: false }),
    }),
  },
  {
    authScopes: { signedIn: true },
    resolve: async (_root, { input }, context) => ({
      pipeline: pipelineView(
        await createPipeline(deps(context), signedInViewer(context).id, {
          workspaceId: input.workspaceId.id,
          name: input.name,
          position: input.position ?? -1,
          description: input.description ?? null,
        }),
      ),
    }),
  },
  { outputFields: (t) => ({ pipeline: t.field({ type: Pipeline, resolve: (payload) => payload.pipeline }) }) },
);

builder.relayMutationField(
  "updatePipeline",
  {
    inputFields: (t) => ({
      pipelineId: t.id({ required: true }),
      name: t.string({ required: false }),
      position: t.int({ required: false }),
      description: t.string({ required: false }),
    }),
  },
  {
    authScopes: { signedIn: true },
    resolve: async (_root, { input }, context) => {
      const updated = await updatePipeline(deps(context), signedInViewer(context).id, {
        pipelineId: pipelineIdOf(input.pipelineId),
        name: input.name ?? null,
        position: input.position ?? null,
        ...(input.description === undefined ? {} : { description: input.description }),
      });
      if (!updated) throw new Error("updated pipeline vanished");
      return { pipeline: pipelineView(updated) };
    },
  },
  { outputFields: (t) => ({ pipeline: t.field({ type: Pipeline, resolve: (payload) => payload.pipeline }) }) },
);

builder.relayMutationField(
  "deletePipeline",
  { inputFields: (t) => ({ pipelineId: t.id({ required: true }), destinationPipelineId: t.id({ required: true }) }) },
  {
    authScopes: { signedIn: true },
    resolve: async (_root, { input }, context) => ({
      destinationPipeline: pipelineView(
        await deletePipeline(
          deps(context),
          signedInViewer(context).id,
          {
            pipelineId: pipelineIdOf(input.pipelineId),
            destinationPipelineId: pipelineIdOf(input.destinationPipelineId),
          },
          context.origin ?? null,
        ),
      ),
    }),
  },
  {
    outputFields: (t) => ({
      destinationPipeline: t.field({ type: Pipeline, resolve: (payload) => payload.destinationPipeline }),
    }),
  },
);
