import { Issue } from "../codehost/issues-schema.js";
import type { GraphQLContext } from "../graphql/context.js";
import { GantryError } from "../graphql/errors.js";
import { signedInMutation } from "../graphql/signed-in-mutation.js";
import { PipelineIssue, type PipelineIssueView } from "../issues/lookup-schema.js";
import { Pipeline, type PipelineView, Workspace } from "../workspaces/schema.js";
import { type BesideIssue, movePipelineIssues } from "./bulk-moves.js";
import { bulkOutput, PipelineIssuePosition } from "./issue-mutations.js";
import type { BulkResult } from "./issue-writes.js";
import { pipelineIssueView, placeOf } from "./pipeline-issue-mutations-schema.js";
import { issueWriteDeps, moveTarget, pipelineViewOf } from "./schema.js";

type Moved = BulkResult & { pipeline: PipelineView; pipelineIssues: PipelineIssueView[] };

/** Issues named by their places on the board (the reference's PipelineIssue ids): all on the moving board. */
function issuesOfPlaces(ids: readonly (string | number)[], workspaceId: string, field: string): string[] {
  return ids.map((id) => {
    const place = placeOf(id);
    if (place.workspaceId !== workspaceId)
      throw new GantryError("BAD_USER_INPUT", "Name pipeline issues of the board the pipeline is on.", { field });
    return place.issueId;
  });
}

function besideOf(
  input: { afterPipelineIssueId?: string | number | null; beforePipelineIssueId?: string | number | null },
  workspaceId: string,
): BesideIssue | null {
  const { afterPipelineIssueId: after, beforePipelineIssueId: before } = input;
  if (after != null && before != null)
    throw new GantryError("BAD_USER_INPUT", "Give afterPipelineIssueId or beforePipelineIssueId, not both.", {
      field: "beforePipelineIssueId",
    });
  const neighbour = after ?? before;
  if (neighbour == null) return null;
  const field = after != null ? "afterPipelineIssueId" : "beforePipelineIssueId";
  const [issueId] = issuesOfPlaces([neighbour], workspaceId, field);
  return { issueId: issueId as string, after: after != null };
}

async function movedPlaces(context: GraphQLContext, workspaceId: string, issueIds: string[]) {
  return Promise.all(issueIds.map((issueId) => pipelineIssueView(context, workspaceId, issueId)));
}

signedInMutation(
  "movePipelineIssues",
  {
    inputFields: (t) => ({
      pipelineId: t.id({
        required: true,
        description: 'A pipeline id, or "closed--pipeline" (then workspaceId is required).',
      }),
      issueIds: t.globalIDList({
        required: false,
        for: Issue,
        description: "In the order they should stand (Gantry's way); or pipelineIssueIds.",
      }),
      pipelineIssueIds: t.idList({
        required: false,
        description: "The issues by their places on the board, in the order they should stand (the reference's way).",
      }),
      position: t.field({ type: PipelineIssuePosition, required: false, defaultValue: "START" }),
      afterPipelineIssueId: t.id({
        required: false,
        description: "Right below this pipeline issue of the destination pipeline, instead of position.",
      }),
      beforePipelineIssueId: t.id({
        required: false,
        description: "Right above this pipeline issue of the destination pipeline, instead of position.",
      }),
      workspaceId: t.globalID({ required: false, for: Workspace }),
      clientMutationId: t.string({
        required: false,
        description: "Comes back on the boardEvents event this move causes, so the mover can ignore its echo.",
      }),
    }),
  },
  {
    run: async (input, context, viewer): Promise<Moved> => {
      const target = await moveTarget(context, String(input.pipelineId), input.workspaceId?.id);
      const issueIds = [
        ...(input.issueIds ?? []).map((id) => id.id),
        ...issuesOfPlaces(input.pipelineIssueIds ?? [], target.workspaceId, "pipelineIssueIds"),
      ];
      const beside = besideOf(input, target.workspaceId);
      const result = await movePipelineIssues(issueWriteDeps(context), viewer.id, target.workspaceId, {
        pipelineId: target.pipelineId,
        issueIds,
        position: beside ?? input.position ?? "START",
        clientMutationId: input.clientMutationId ?? null,
      });
      return {
        ...result,
        pipeline: pipelineViewOf(target),
        pipelineIssues: await movedPlaces(context, target.workspaceId, result.movedIssueIds),
      };
    },
  },
  {
    outputFields: (t) => ({
      ...bulkOutput.outputFields(t),
      pipeline: t.field({ type: Pipeline, resolve: (payload) => payload.pipeline }),
      pipelineIssues: t.field({
        type: [PipelineIssue],
        description: "The moved issues' places on the board, in the order they were given.",
        resolve: (payload) => payload.pipelineIssues,
      }),
    }),
  },
);
