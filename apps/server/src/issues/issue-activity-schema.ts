import { schema } from "@gantry/db";
import { createContextCache } from "@pothos/core";
import { decodeGlobalID, encodeGlobalID } from "@pothos/plugin-relay";
import { eq } from "drizzle-orm";
import { issueWriteDeps } from "../board/schema.js";
import { Issue } from "../codehost/issues-schema.js";
import { builder } from "../graphql/builder.js";
import { arrayConnection } from "../graphql/connections.js";
import { type GraphQLContext, signedInViewer } from "../graphql/context.js";
import { GantryError } from "../graphql/errors.js";
import { recordMutation, signedInMutation } from "../graphql/signed-in-mutation.js";
import { issueTimeline, type TimelineEntry } from "./activity.js";
import {
  type CommentAuthor,
  createComment,
  deleteComment,
  type IssueComment,
  listComments,
  updateComment,
} from "./comments.js";
import { visibleWorkspaceIds } from "./visible-workspaces.js";

/** The viewer's GitHub login, read once per request. */
const viewerGitHubLogin = createContextCache(async (context: GraphQLContext): Promise<string | null> => {
  if (!context.viewer) return null;
  const [account] = await context.db
    .select({ login: schema.githubAccounts.login })
    .from(schema.githubAccounts)
    .where(eq(schema.githubAccounts.userId, context.viewer.id));
  return account?.login ?? null;
});

const CommentAuthorRef = builder.objectRef<CommentAuthor>("CommentAuthor").implement({
  description: "Who wrote a comment: a Gantry user on a native issue, a GitHub user on a GitHub issue.",
  fields: (t) => ({
    name: t.exposeString("name"),
    login: t.exposeString("login", { nullable: true }),
    avatarUrl: t.exposeString("avatarUrl", { nullable: true }),
  }),
});

const Comment = builder.objectRef<IssueComment>("Comment").implement({
  description: "A comment on an issue: Gantry's for a native issue, GitHub's for a GitHub issue.",
  fields: (t) => ({
    id: t.id({ resolve: (comment) => encodeGlobalID("Comment", comment.id) }),
    body: t.exposeString("body"),
    author: t.field({ type: CommentAuthorRef, resolve: (comment) => comment.author }),
    createdAt: t.field({ type: "ISO8601DateTime", resolve: (comment) => comment.createdAt }),
    updatedAt: t.field({ type: "ISO8601DateTime", resolve: (comment) => comment.updatedAt }),
    lastEditedAt: t.field({ type: "ISO8601DateTime", nullable: true, resolve: (comment) => comment.lastEditedAt }),
    htmlUrl: t.exposeString("htmlUrl", { nullable: true }),
    viewerCanEdit: t.boolean({
      description: "The viewer wrote it: in Gantry for a native comment, with their GitHub account for a GitHub one.",
      resolve: async (comment, _args, context) =>
        comment.htmlUrl === null
          ? comment.authorId === context.viewer?.id
          : comment.author.login !== null && comment.author.login === (await viewerGitHubLogin(context)),
    }),
  }),
});

const TimelineSource = builder.enumType("TimelineItemSource", {
  values: { GANTRY: { value: "gantry" }, GITHUB: { value: "github" } } as const,
});

const TimelineItem = builder.objectRef<TimelineEntry>("TimelineItem").implement({
  description: "One change to an issue: `key` is issue.<field>; `data` holds from, to, source and actor.",
  fields: (t) => ({
    id: t.id({ resolve: (item) => encodeGlobalID("TimelineItem", item.id) }),
    key: t.string({ resolve: (item) => `issue.${item.field}` }),
    data: t.field({
      type: "JSON",
      nullable: true,
      resolve: (item) => ({ from: item.from, to: item.to, source: item.source, actor: item.actor }),
    }),
    field: t.exposeString("field"),
    from: t.exposeString("from", { nullable: true }),
    to: t.exposeString("to", { nullable: true }),
    source: t.field({ type: TimelineSource, resolve: (item) => item.source }),
    actor: t.exposeString("actor", { nullable: true }),
    createdAt: t.field({ type: "ISO8601DateTime", resolve: (item) => item.createdAt }),
    updatedAt: t.field({ type: "ISO8601DateTime", resolve: (item) => item.createdAt }),
  }),
});

builder.objectFields(Issue, (t) => ({
  comments: t.connection({
    type: Comment,
    description: "Oldest first. A GitHub issue's comments are read from GitHub with the viewer's GitHub account.",
    resolve: async (issue, args, context) =>
      arrayConnection(args, await listComments(issueWriteDeps(context), signedInViewer(context).id, issue.id)),
  }),
  timelineItems: t.connection({
    type: TimelineItem,
    description: "Changes to the issue, oldest first, from Gantry and from GitHub.",
    resolve: async (issue, args, context) =>
      arrayConnection(args, await issueTimeline(context.db, issue, await visibleWorkspaceIds(context))),
  }),
}));

/** A Comment's id: a native comment's row id, or "issueId:commentId" for a GitHub comment. */
function commentIdOf(globalId: string | number): string {
  let decoded: { typename: string; id: string };
  try {
    decoded = decodeGlobalID(String(globalId));
  } catch {
    throw new GantryError("BAD_USER_INPUT", `"${String(globalId).slice(0, 80)}" is not a valid id.`);
  }
  if (decoded.typename !== "Comment") throw new GantryError("BAD_USER_INPUT", "Expected the id of a Comment.");
  return decoded.id;
}

const commentRecord = { key: "comment", type: Comment } as const;

recordMutation(
  "createComment",
  commentRecord,
  {
    inputFields: (t) => ({
      commentableId: t.globalID({ required: true, for: Issue, description: "The issue to comment on." }),
      body: t.string({ required: true }),
      clientMutationId: t.string({ required: false }),
    }),
  },
  {
    run: (input, context, viewer) =>
      createComment(issueWriteDeps(context), viewer.id, {
        issueId: input.commentableId.id,
        body: input.body,
        clientMutationId: input.clientMutationId ?? null,
      }),
  },
);

recordMutation(
  "updateComment",
  commentRecord,
  {
    inputFields: (t) => ({
      commentId: t.id({ required: true }),
      body: t.string({ required: true }),
      clientMutationId: t.string({ required: false }),
    }),
  },
  {
    run: (input, context, viewer) =>
      updateComment(issueWriteDeps(context), viewer.id, {
        commentId: commentIdOf(input.commentId),
        body: input.body,
        clientMutationId: input.clientMutationId ?? null,
      }),
  },
);

signedInMutation(
  "deleteComment",
  {
    inputFields: (t) => ({
      commentId: t.id({ required: true }),
      clientMutationId: t.string({ required: false }),
    }),
  },
  {
    run: async (input, context, viewer) => {
      await deleteComment(issueWriteDeps(context), viewer.id, {
        commentId: commentIdOf(input.commentId),
        clientMutationId: input.clientMutationId ?? null,
      });
      return { deleted: true };
    },
  },
  { outputFields: (t) => ({ deleted: t.boolean({ resolve: (payload) => payload.deleted }) }) },
);
