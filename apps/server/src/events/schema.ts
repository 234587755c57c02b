import { schema } from "@gantry/db";
import { initContextCache } from "@pothos/core";
import { encodeGlobalID } from "@pothos/plugin-relay";
import { and, inArray, isNotNull } from "drizzle-orm";
import { Issue } from "../codehost/issues-schema.js";
import { builder } from "../graphql/builder.js";
import { type GraphQLContext, signedInViewer } from "../graphql/context.js";
import { requireWorkspace } from "../organizations/access.js";
import { CLOSED_PIPELINE } from "../workspaces/default-pipelines.js";
import { Workspace } from "../workspaces/schema.js";
import type { BoardEvent } from "./board-events.js";
import { type BoardPlacement, boardPlacements } from "./placements.js";
import { subscriberAccess } from "./subscriber-access.js";

const { issues } = schema;

/** Pipeline ids as the Pipeline type answers them: global ids, and the Closed pipeline's own. */
const pipelineGlobalId = (id: string) => (id === CLOSED_PIPELINE.id ? id : encodeGlobalID("Pipeline", id));

const BoardIssuePlacement = builder.objectRef<BoardPlacement>("BoardIssuePlacement").implement({
  description: "Where an issue sits on the board now that the event happened.",
  fields: (t) => ({
    issueId: t.id({ resolve: (place) => encodeGlobalID("Issue", place.issueId) }),
    issue: t.field({
      type: Issue,
      nullable: true,
      description: "Null when the board no longer shows the issue (deleted, or its repository disconnected).",
      resolve: (place) => place.issue,
    }),
    pipelineId: t.id({
      nullable: true,
      resolve: (place) => (place.pipelineId ? pipelineGlobalId(place.pipelineId) : null),
    }),
    position: t.int({
      nullable: true,
      description: "Index in the pipeline's issues, in the order the board reads them (0 is the top).",
      resolve: (place) => place.position,
    }),
  }),
});

type IssuesEvent = Extract<BoardEvent, { issueIds: string[] }>;

const BoardEventInterface = builder.interfaceRef<BoardEvent>("BoardEvent").implement({
  description: "A change on a workspace's board, sent to everyone watching it.",
  fields: (t) => ({
    actorId: t.id({
      nullable: true,
      description: "The GantryUser who made the change; null when it came from GitHub.",
      resolve: (event) => (event.actorId ? encodeGlobalID("GantryUser", event.actorId) : null),
    }),
    clientMutationId: t.string({
      nullable: true,
      description: "The clientMutationId the change was made with, so its sender can ignore its own echo.",
      resolve: (event) => event.clientMutationId,
    }),
  }),
  resolveType: (event) =>
    ({
      ISSUES_MOVED: "IssuesMovedEvent",
      ISSUES_CHANGED: "IssuesChangedEvent",
      PIPELINES_CHANGED: "PipelinesChangedEvent",
    })[event.kind],
});

/**
 * The named issues' places, and their parents': a parent's card shows its sub-issues' progress,
 * which any change to a sub-issue (closed, reopened, estimated, attached) can move.
 */
async function placements(event: IssuesEvent, context: GraphQLContext) {
  const parents = event.issueIds.length
    ? await context.db
        .selectDistinct({ id: issues.parentIssueId })
        .from(issues)
        .where(and(inArray(issues.id, event.issueIds), isNotNull(issues.parentIssueId)))
    : [];
  const parentIds = parents.flatMap(({ id }) => (id && !event.issueIds.includes(id) ? [id] : []));
  return boardPlacements(context.db, event.workspaceId, [...event.issueIds, ...parentIds]);
}

builder.objectRef<Extract<BoardEvent, { kind: "ISSUES_MOVED" }>>("IssuesMovedEvent").implement({
  interfaces: [BoardEventInterface],
  description: "Issues moved to another pipeline or place.",
  fields: (t) => ({
    fromPipelineId: t.id({
      nullable: true,
      resolve: (event) => (event.fromPipelineId ? pipelineGlobalId(event.fromPipelineId) : null),
    }),
    toPipelineId: t.id({ resolve: (event) => pipelineGlobalId(event.toPipelineId) }),
    placements: t.field({
      type: [BoardIssuePlacement],
      resolve: (event, _args, context) => placements(event, context),
    }),
  }),
});

builder.objectRef<Extract<BoardEvent, { kind: "ISSUES_CHANGED" }>>("IssuesChangedEvent").implement({
  interfaces: [BoardEventInterface],
  description: "Issues edited, labelled, assigned, closed or reopened, in Gantry or on GitHub; new or gone.",
  fields: (t) => ({
    placements: t.field({
      type: [BoardIssuePlacement],
      resolve: (event, _args, context) => placements(event, context),
    }),
  }),
});

builder.objectRef<Extract<BoardEvent, { kind: "PIPELINES_CHANGED" }>>("PipelinesChangedEvent").implement({
  interfaces: [BoardEventInterface],
  description: "Pipelines added, renamed, reordered or deleted; the board reads its pipelines again.",
  fields: (t) => ({
    pipelineIds: t.idList({ resolve: (event) => event.pipelineIds.map(pipelineGlobalId) }),
  }),
});

/**
 * The workspace's events for as long as the viewer may still read it: access is checked again
 * before each event (for all the event's subscribers at once), so someone removed from the
 * workspace stops receiving at the next one.
 */
function whileReadable(
  context: GraphQLContext,
  events: AsyncIterableIterator<BoardEvent>,
): AsyncIterableIterator<BoardEvent> {
  const userId = signedInViewer(context).id;
  const checked: AsyncIterableIterator<BoardEvent> = {
    async next() {
      const result = await events.next();
      if (result.done) return result;
      if ((await subscriberAccess(context.db, result.value, userId)).readable) {
        // One context serves the whole subscription, and the data loaders cache per context: a
        // fresh cache per event, or an issue's dependencies and progress stay as the first event read them.
        Object.assign(context, initContextCache());
        return result;
      }
      return events.return ? events.return() : { done: true, value: undefined };
    },
    return: async () => (events.return ? events.return() : { done: true, value: undefined }),
    [Symbol.asyncIterator]: () => checked,
  };
  return checked;
}

builder.subscriptionField("boardEvents", (t) =>
  t.field({
    type: BoardEventInterface,
    description: "Changes to the workspace's board as they happen (moves, edits, GitHub syncs, pipelines).",
    authScopes: { signedIn: true },
    args: { workspaceId: t.arg.globalID({ required: true, for: Workspace }) },
    subscribe: async (_root, args, context) => {
      await requireWorkspace(context.db, args.workspaceId.id, signedInViewer(context).id, "viewer");
      return whileReadable(context, context.events.subscribe(args.workspaceId.id));
    },
    resolve: (event) => event,
  }),
);
