import { decodeGantryId, idOfType } from "../graphql/builder.js";
import type { GraphQLContext } from "../graphql/context.js";
import { signedInMutation } from "../graphql/signed-in-mutation.js";
import { Pipeline, pipelineView, Workspace } from "../workspaces/schema.js";
import { createPipeline, deletePipeline, updatePipeline } from "./pipelines.js";

const deps = (context: GraphQLContext) => ({ db: context.db, now: context.now, events: context.events });
const pipelineIdOf = (raw: string | number) => idOfType(decodeGantryId(String(raw)), "Pipeline");

signedInMutation(
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
    run: async (input, context, viewer) => ({
      pipeline: pipelineView(
        await createPipeline(deps(context), viewer.id, {
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

signedInMutation(
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
    run: async (input, context, viewer) => {
      const updated = await updatePipeline(deps(context), viewer.id, {
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

signedInMutation(
  "deletePipeline",
  { inputFields: (t) => ({ pipelineId: t.id({ required: true }), destinationPipelineId: t.id({ required: true }) }) },
  {
    run: async (input, context, viewer) => ({
      destinationPipeline: pipelineView(
        await deletePipeline(
          deps(context),
          viewer.id,
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
