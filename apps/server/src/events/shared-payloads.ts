import { initContextCache } from "@pothos/core";
import {
  BREAK,
  createSourceEventStream,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  execute,
  TypeInfo,
  visit,
  visitWithTypeInfo,
} from "graphql";
import type { Plugin } from "graphql-yoga";
import type { GraphQLContext } from "../graphql/context.js";
import type { BoardEvent } from "./board-events.js";
import { subscriberAccess } from "./subscriber-access.js";

/**
 * Fields of `boardEvents` whose value, for a given event, depends on nothing about the subscriber
 * but the workspaces they may open (parentIssue and the per-workspace card fields filter by those).
 * The web app's board selection (apps/web/src/board/board-events.ts BOARD_EVENTS) uses only these.
 * A field that reads the viewer in any other way (viewerPermission, comments' authorship) must
 * never be added: a selection holding it is executed for each subscriber on their own.
 */
const VISIBILITY_ONLY_FIELDS = new Set([
  "Subscription.boardEvents",
  ...["BoardEvent", "IssuesMovedEvent", "IssuesChangedEvent", "PipelinesChangedEvent"].flatMap((type) => [
    `${type}.actorId`,
    `${type}.clientMutationId`,
  ]),
  "IssuesMovedEvent.fromPipelineId",
  "IssuesMovedEvent.toPipelineId",
  "IssuesMovedEvent.placements",
  "IssuesChangedEvent.placements",
  "PipelinesChangedEvent.pipelineIds",
  ...["issueId", "pipelineId", "position", "issue"].map((field) => `BoardIssuePlacement.${field}`),
  ...[
    ...["id", "ghId", "number", "title", "body", "createdAt", "updatedAt", "closedAt", "state", "pullRequest"],
    ...["htmlUrl", "type", "labels", "assignees", "user", "repository", "issueType", "estimate", "milestone"],
    ...["parentIssue", "issueCountProgress", "issueEstimateProgress", "parentEpics", "parentGantryEpics"],
    ...["sprints", "predictedSprint", "releases", "blockingIssues", "blockedIssues", "reviewRequests"],
    "pipelineIssue",
  ].map((field) => `Issue.${field}`),
  "IssueLabel.name",
  "IssueLabel.color",
  "IssueUser.login",
  "IssueUser.avatarUrl",
  ...["id", "ghId", "name", "ownerName"].map((field) => `Repository.${field}`),
  "BaseIssueType.name",
  "Estimate.value",
  "Milestone.title",
  ...["open", "closed", "total"].flatMap((field) => [`IssueCountProgress.${field}`, `IssueEstimateProgress.${field}`]),
  ...["ParentEpics", "ParentGantryEpics", "Sprints", "Releases", "BlockingIssues", "BlockedIssues", "ReviewRequests"]
    .map((connection) => `Issue${connection}Connection`)
    .flatMap((type) => [`${type}.nodes`, `${type}.totalCount`]),
  "Epic.id",
  "Epic.issue",
  "GantryEpic.id",
  "GantryEpic.title",
  ...["id", "name", "startAt"].map((field) => `Sprint.${field}`),
  "Release.id",
  "Release.title",
  "ReviewRequest.id",
  "ReviewRequest.reviewer",
  "PipelineIssue.latestTransferTime",
  "PipelineIssue.priority",
  ...["id", "name", "color", "rank"].map((field) => `Priority.${field}`),
]);

const shareableDocuments = new WeakMap<DocumentNode, boolean>();

/** Whether every field the document selects is one of VISIBILITY_ONLY_FIELDS (read once per document). */
function shareable(args: ExecutionArgs): boolean {
  const known = shareableDocuments.get(args.document);
  if (known !== undefined) return known;
  const typeInfo = new TypeInfo(args.schema);
  let onlyVisibility = true;
  visit(
    args.document,
    visitWithTypeInfo(typeInfo, {
      Field(node) {
        if (node.name.value.startsWith("__")) return;
        if (VISIBILITY_ONLY_FIELDS.has(`${typeInfo.getParentType()?.name}.${node.name.value}`)) return;
        onlyVisibility = false;
        return BREAK;
      },
    }),
  );
  shareableDocuments.set(args.document, onlyVisibility);
  return onlyVisibility;
}

/** Payloads made for an event, by document and then by variables, operation and the subscriber's visibility. */
const payloads = new WeakMap<BoardEvent, WeakMap<DocumentNode, Map<string, Promise<ExecutionResult>>>>();

/**
 * The event's payload for this subscriber: executed by the first subscriber of its kind, with a
 * fresh loader cache (the event's issues read as they are now), and handed as is to the others.
 */
async function payloadFor(args: ExecutionArgs, event: BoardEvent): Promise<ExecutionResult> {
  const context = args.contextValue as GraphQLContext;
  const userId = context.viewer?.id;
  if (!userId) throw new Error("unreachable: boardEvents streams only to a signed-in viewer");
  const { visibility } = await subscriberAccess(context.db, event, userId);
  const byDocument = payloads.get(event) ?? new WeakMap<DocumentNode, Map<string, Promise<ExecutionResult>>>();
  payloads.set(event, byDocument);
  const byKind = byDocument.get(args.document) ?? new Map<string, Promise<ExecutionResult>>();
  byDocument.set(args.document, byKind);
  const kind = JSON.stringify([args.operationName ?? null, args.variableValues ?? null, visibility]);
  let payload = byKind.get(kind);
  if (!payload) {
    payload = Promise.resolve(
      execute({ ...args, rootValue: event, contextValue: { ...context, ...initContextCache() } }),
    );
    byKind.set(kind, payload);
  }
  return payload;
}

/** A subscriber's events, each turned into its (shared) payload. */
function sharedPayloads(args: ExecutionArgs, source: AsyncIterable<unknown>): AsyncIterableIterator<ExecutionResult> {
  const events = source[Symbol.asyncIterator]();
  const ended = async (): Promise<IteratorResult<ExecutionResult>> => {
    await events.return?.();
    return { done: true, value: undefined };
  };
  const mapped: AsyncIterableIterator<ExecutionResult> = {
    async next() {
      const result = await events.next();
      if (result.done) return { done: true, value: undefined };
      return { done: false, value: await payloadFor(args, result.value as BoardEvent) };
    },
    return: ended,
    [Symbol.asyncIterator]: () => mapped,
  };
  return mapped;
}

/**
 * A Yoga plugin: one board event watched by many is executed once per kind of subscriber, not once
 * per subscriber. Those who send the same document and variables and may open the same workspaces
 * get the same payload; selections with fields that read the viewer otherwise run per subscriber.
 */
export function sharedBoardEventsPlugin(): Plugin {
  return {
    onSubscribe({ args, setSubscribeFn }) {
      if (!shareable(args)) return;
      setSubscribeFn(async (subscribeArgs) => {
        const events = await createSourceEventStream(subscribeArgs);
        return Symbol.asyncIterator in events ? sharedPayloads(subscribeArgs, events) : events;
      });
    },
  };
}
