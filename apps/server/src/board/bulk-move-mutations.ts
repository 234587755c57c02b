import { Issue } from "../codehost/issues-schema.js";
import { builder } from "../graphql/builder.js";
import { signedInViewer } from "../graphql/context.js";
import { Pipeline, type PipelineView, Workspace } from "../workspaces/schema.js";
import { movePipelineIssues } from "./bulk-moves.js";
import { bulkOutput, PipelineIssuePosition } from "./issue-mutations.js";
import type { BulkResult } from "./issue-writes.js";
import { issueWriteDeps, moveTarget, pipelineViewOf } from "./schema.js";

builder.relayMutationField(
  "movePipelineIssues",
  {
    inputFields: (t) => ({
      pipelineId: t.id({
        required: true,
        description: 'A pipeline id, or "closed--pipeline" (then workspaceId is required).',
      }),
      issueIds: t.globalIDList({ required: true, for: Issue, description: "In the order they should stand." }),
      position: t.field({ type: PipelineIssuePosition, required: false, defaultValue: "START" }),
      workspaceId: t.globalID({ required: false, for: Workspace }),
      clientMutationId: t.string({
        required: false,
        description: "Comes back on the boardEvents event this move causes, so the mover can ignore its echo.",
      }),
    }),
  },
  {
    authScopes: { signedIn: true },
    resolve: async (_root, { input }, context): Promise<BulkResult & { pipeline: PipelineView }> => {
      const target = await moveTarget(context, String(input.pipelineId), input.workspaceId?.id);
      const result = await movePipelineIssues(issueWriteDeps(context), signedInViewer(context).id, target.workspaceId, {
        pipelineId: target.pipelineId,
        issueIds: input.issueIds.map((id) => id.id),
        position: input.position ?? "START",
        clientMutationId: input.clientMutationId ?? null,
      });
      return { ...result, pipeline: pipelineViewOf(target) };
    },
  },
  {
    outputFields: (t) => ({
      ...bulkOutput.outputFields(t),
      pipeline: t.field({ type: Pipeline, resolve: (payload) => payload.pipeline }),
    }),
  },
);
