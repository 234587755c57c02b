import { schema } from "@gantry/db";
import { decodeGlobalID, encodeGlobalID } from "@pothos/plugin-relay";
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import { Issue } from "../codehost/issues-schema.js";
import { builder, decodeGantryId, idOfType } from "../graphql/builder.js";
import { type GraphQLContext, signedInViewer } from "../graphql/context.js";
import { GantryError } from "../graphql/errors.js";
import { recordIdOf } from "../graphql/record-mutations.js";
import { signedInMutation } from "../graphql/signed-in-mutation.js";
import { PipelineIssue, type PipelineIssueView, pipelineIssueOf } from "../issues/lookup-schema.js";
import { removeIssueInfoPriorities, setIssueInfoPriorities } from "../issues/priorities.js";
import { requireWorkspace } from "../organizations/access.js";
import { Workspace, workspaceForViewer } from "../workspaces/schema.js";
import { movePipelineIssues } from "./bulk-moves.js";
import { PipelineIssuePosition } from "./issue-mutations.js";
import { MAX_ISSUES_PER_CALL } from "./issue-writes.js";
import { moveIssue } from "./moves.js";
import { issueWriteDeps, moveTarget } from "./schema.js";

// The reference's moves and priorities by PipelineIssue (an issue's place on one board), decision 0080.

const { issuePositions, issues } = schema;

/** A PipelineIssue's id: the board's workspace and the issue, as the reference gives each place its own id. */
const pipelineIssueId = (workspaceId: string, issueId: string) =>
  encodeGlobalID("PipelineIssue", `${workspaceId}:${issueId}`);

export function placeOf(id: string | number): { workspaceId: string; issueId: string } {
  const NOT_FOUND = new GantryError("NOT_FOUND", "This pipeline issue does not exist.");
  let decoded: { typename: string; id: string };
  try {
    decoded = decodeGlobalID(String(id));
  } catch {
    throw NOT_FOUND;
  }
  const [workspaceId, issueId] = decoded.id.split(":");
  if (decoded.typename !== "PipelineIssue" || !workspaceId || !issueId) throw NOT_FOUND;
  return { workspaceId, issueId };
}

builder.objectField(PipelineIssue, "id", (t) =>
  t.id({
    description: "The issue's place on this board: the id setPriorityOnPipelineIssues and moveIssueRelativeTo take.",
    resolve: (placed) => pipelineIssueId(placed.pipeline.workspaceId, placed.issue.id),
  }),
);

builder.objectField(PipelineIssue, "workspace", (t) =>
  t.field({
    type: Workspace,
    resolve: (placed, _args, context) => workspaceForViewer(context, placed.pipeline.workspaceId),
  }),
);

export async function pipelineIssueView(
  context: GraphQLContext,
  workspaceId: string,
  issueId: string,
): Promise<PipelineIssueView> {
  const [issue] = await context.db.select().from(issues).where(eq(issues.id, issueId));
  const view = issue && (await pipelineIssueOf(context, issue, workspaceId));
  if (!view) throw new GantryError("NOT_FOUND", "This issue is not on this workspace's board.");
  return view;
}

/** The places' repository and number, as setIssueInfoPriorities names issues; all on one board. */
async function issueInfosOf(context: GraphQLContext, ids: readonly (string | number)[]) {
  const places = ids.map(placeOf);
  const workspaceIds = new Set(places.map((place) => place.workspaceId));
  if (places.length === 0 || workspaceIds.size !== 1)
    throw new GantryError("BAD_USER_INPUT", "Name pipeline issues of one workspace's board.", {
      field: "pipelineIssueIds",
    });
  const issueIds = places.map((place) => place.issueId);
  const rows = await context.db
    .select({ id: issues.id, repositoryId: issues.repositoryId, number: issues.number })
    .from(issues)
    .where(inArray(issues.id, issueIds));
  if (rows.length !== new Set(issueIds).size) throw new GantryError("NOT_FOUND", "This pipeline issue does not exist.");
  return {
    workspaceId: [...workspaceIds][0] as string,
    infos: rows.map((row) => ({ repository: { id: row.repositoryId }, issueNumber: row.number })),
  };
}

signedInMutation(
  "setPriorityOnPipelineIssues",
  {
    inputFields: (t) => ({
      priorityId: t.id({ required: false, description: "null clears the priority." }),
      pipelineIssueIds: t.idList({ required: true }),
      clientMutationId: t.string({ required: false }),
    }),
  },
  {
    description: "Sets (or clears) the priority of issues on one board, all or none (setIssueInfoPriorities).",
    run: async (input, context, viewer) => {
      const { workspaceId, infos } = await issueInfosOf(context, input.pipelineIssueIds);
      const userId = viewer.id;
      const deps = { db: context.db, events: context.events, now: context.now };
      const origin = input.clientMutationId ?? null;
      const priorityId = input.priorityId ? recordIdOf("Priority")(input.priorityId) : null;
      if (priorityId) {
        // The places name the board: a priority of another board must not set anything there.
        const [priority] = await context.db
          .select({ workspaceId: schema.priorities.workspaceId })
          .from(schema.priorities)
          .where(eq(schema.priorities.id, priorityId));
        if (priority && priority.workspaceId !== workspaceId)
          throw new GantryError("BAD_USER_INPUT", "This priority is another workspace's.", { field: "priorityId" });
      }
      const written = priorityId
        ? await setIssueInfoPriorities(deps, userId, { priorityId, issues: infos, clientMutationId: origin })
        : await removeIssueInfoPriorities(deps, userId, { workspaceId, issues: infos, clientMutationId: origin });
      return {
        pipelineIssues: await Promise.all(written.issueIds.map((id) => pipelineIssueView(context, workspaceId, id))),
      };
    },
  },
  {
    outputFields: (t) => ({
      pipelineIssues: t.field({ type: [PipelineIssue], resolve: (payload) => payload.pipelineIssues }),
    }),
  },
);

/** The open issues of the pipelines, in board order (ranks compare byte by byte, as the board sorts). */
async function openIssuesIn(context: GraphQLContext, workspaceId: string, pipelineIds: string[]) {
  const rows = await context.db
    .select({ issueId: issuePositions.issueId })
    .from(issuePositions)
    .where(
      and(
        eq(issuePositions.workspaceId, workspaceId),
        inArray(issuePositions.pipelineId, pipelineIds),
        eq(issuePositions.issueOpen, true),
      ),
    )
    .orderBy(asc(issuePositions.pipelineId), sql`${issuePositions.rank} collate "C"`);
  return rows.map((row) => row.issueId);
}

signedInMutation(
  "moveAllPipelineIssues",
  {
    inputFields: (t) => ({
      pipelineIds: t.idList({ required: true }),
      destinationPipelineId: t.id({ required: true }),
      clientMutationId: t.string({ required: false }),
    }),
  },
  {
    description:
      "Moves every open issue of the source pipelines to the bottom of the destination, in board order (movePipelineIssues, 100 at a time).",
    run: async (input, context, viewer) => {
      const target = await moveTarget(context, String(input.destinationPipelineId), undefined);
      const userId = viewer.id;
      await requireWorkspace(context.db, target.workspaceId, userId, "editor");
      const sources = input.pipelineIds.map((id) => idOfType(decodeGantryId(String(id)), "Pipeline"));
      const [foreign] = await context.db
        .select({ id: schema.pipelines.id })
        .from(schema.pipelines)
        .where(and(inArray(schema.pipelines.id, sources), ne(schema.pipelines.workspaceId, target.workspaceId)));
      const known = await context.db
        .select({ id: schema.pipelines.id })
        .from(schema.pipelines)
        .where(inArray(schema.pipelines.id, sources));
      if (foreign || known.length !== new Set(sources).size)
        throw new GantryError("NOT_FOUND", "This pipeline does not exist.", { field: "pipelineIds" });
      const moving = await openIssuesIn(
        context,
        target.workspaceId,
        sources.filter((id) => id !== target.pipelineId),
      );
      for (let start = 0; start < moving.length; start += MAX_ISSUES_PER_CALL) {
        await movePipelineIssues(issueWriteDeps(context), userId, target.workspaceId, {
          pipelineId: target.pipelineId,
          issueIds: moving.slice(start, start + MAX_ISSUES_PER_CALL),
          position: "END",
          clientMutationId: input.clientMutationId ?? null,
        });
      }
      return { workspace: await workspaceForViewer(context, target.workspaceId) };
    },
  },
  { outputFields: (t) => ({ workspace: t.field({ type: Workspace, resolve: (payload) => payload.workspace }) }) },
);

interface Move {
  pipelineIssue: Awaited<ReturnType<typeof pipelineIssueView>>;
  sourcePipelineId: string | null;
  movedAt: number;
}

const PipelineIssueMove = builder.objectRef<Move>("PipelineIssueMove").implement({
  fields: (t) => ({
    pipelineIssue: t.field({ type: PipelineIssue, resolve: (move) => move.pipelineIssue }),
    sourcePipelineId: t.id({ nullable: true, resolve: (move) => move.sourcePipelineId }),
    movedAt: t.float({ description: "When it moved, in seconds since 1970.", resolve: (move) => move.movedAt }),
  }),
});

/** Where the neighbour sits: its pipeline, and its index among that pipeline's other open issues. */
async function besideNeighbour(context: GraphQLContext, neighbourId: string | number, movingIssueId: string) {
  const neighbour = placeOf(neighbourId);
  const [place] = await context.db
    .select({ pipelineId: issuePositions.pipelineId })
    .from(issuePositions)
    .where(
      and(
        eq(issuePositions.workspaceId, neighbour.workspaceId),
        eq(issuePositions.issueId, neighbour.issueId),
        eq(issuePositions.issueOpen, true),
      ),
    );
  if (!place) throw new GantryError("NOT_FOUND", "This pipeline issue does not exist.");
  await requireWorkspace(context.db, neighbour.workspaceId, signedInViewer(context).id, "viewer");
  const order = (await openIssuesIn(context, neighbour.workspaceId, [place.pipelineId])).filter(
    (id) => id !== movingIssueId,
  );
  return { workspaceId: neighbour.workspaceId, pipelineId: place.pipelineId, index: order.indexOf(neighbour.issueId) };
}

signedInMutation(
  "moveIssueRelativeTo",
  {
    inputFields: (t) => ({
      issueId: t.globalID({ required: true, for: Issue }),
      position: t.field({ type: PipelineIssuePosition, required: false }),
      pipelineId: t.id({ required: false, description: "With position: the pipeline's top (START) or bottom (END)." }),
      afterPipelineIssueId: t.id({ required: false, description: "Right below this pipeline issue." }),
      beforePipelineIssueId: t.id({ required: false, description: "Right above this pipeline issue." }),
      clientMutationId: t.string({ required: false }),
    }),
  },
  {
    description: "Moves an issue beside another on the board, or to the top or bottom of a pipeline (moveIssue).",
    run: async (input, context, viewer) => {
      const issueId = input.issueId.id;
      const neighbourId = input.afterPipelineIssueId ?? input.beforePipelineIssueId;
      let place: { workspaceId: string; pipelineId: string; position: number };
      if (neighbourId !== null && neighbourId !== undefined) {
        const beside = await besideNeighbour(context, neighbourId, issueId);
        const after = input.afterPipelineIssueId !== null && input.afterPipelineIssueId !== undefined;
        place = { ...beside, position: beside.index + (after ? 1 : 0) };
      } else if (input.pipelineId && input.position) {
        const target = await moveTarget(context, String(input.pipelineId), undefined, issueId);
        place = { ...target, position: input.position === "START" ? 0 : -1 };
      } else {
        throw new GantryError(
          "BAD_USER_INPUT",
          "Give afterPipelineIssueId or beforePipelineIssueId, or a pipelineId with a position.",
          { field: "position" },
        );
      }
      const [before] = await context.db
        .select({ pipelineId: issuePositions.pipelineId })
        .from(issuePositions)
        .where(and(eq(issuePositions.workspaceId, place.workspaceId), eq(issuePositions.issueId, issueId)));
      await moveIssue(issueWriteDeps(context), viewer.id, place.workspaceId, {
        pipelineId: place.pipelineId,
        issueId,
        position: place.position,
        clientMutationId: input.clientMutationId ?? null,
      });
      return {
        pipelineIssueMove: {
          pipelineIssue: await pipelineIssueView(context, place.workspaceId, issueId),
          sourcePipelineId: before ? encodeGlobalID("Pipeline", before.pipelineId) : null,
          movedAt: context.now().getTime() / 1000,
        },
      };
    },
  },
  {
    outputFields: (t) => ({
      pipelineIssueMove: t.field({ type: PipelineIssueMove, resolve: (payload) => payload.pipelineIssueMove }),
    }),
  },
);
