import { schema } from "@gantry/db";
import { nativeIssuePath, workspaceIssuePath } from "@gantry/domain";
import { encodeGlobalID, resolveOffsetConnection } from "@pothos/plugin-relay";
import { and, asc, count, eq } from "drizzle-orm";
import { builder } from "../graphql/builder.js";
import { arrayConnection } from "../graphql/connections.js";
import { whenReady } from "../graphql/maybe-promise.js";
import { repositoryById } from "../issues/issue-loaders.js";
import { readableIssue } from "../issues/lookups.js";
import { Repository } from "./schema.js";

type IssueRow = typeof schema.issues.$inferSelect;

/** SPEC §4: merged needs `merged_at`; otherwise open or closed as GitHub says. */
export const IssueState = builder.enumType("IssueState", { values: ["OPEN", "CLOSED", "MERGED"] as const });

const IssueLabel = builder.objectRef<{ name: string; color: string }>("IssueLabel").implement({
  fields: (t) => ({ name: t.exposeString("name"), color: t.exposeString("color") }),
});

const IssueUser = builder.objectRef<{ login: string; avatarUrl: string | null }>("IssueUser").implement({
  fields: (t) => ({ login: t.exposeString("login"), avatarUrl: t.exposeString("avatarUrl", { nullable: true }) }),
});

interface ReviewRequestValue {
  issueId: string;
  /** The pull request's opening: the date of a request stored before Gantry kept when it saw one. */
  issueCreatedAt: Date;
  reviewer: schema.RequestedReviewer;
}

/**
 * A reviewer a pull request is waiting on (the reference's ReviewRequest). GitHub's REST API gives a request no
 * id of its own: its GitHub ids are the reviewer's, its dates when Gantry first saw it asked (decision 0099).
 */
const ReviewRequest = builder.objectRef<ReviewRequestValue>("ReviewRequest").implement({
  fields: (t) => ({
    id: t.id({
      resolve: (request) => encodeGlobalID("ReviewRequest", `${request.issueId}:${request.reviewer.login}`),
    }),
    reviewer: t.field({ type: IssueUser, resolve: (request) => request.reviewer }),
    ghId: t.int({
      description:
        "GitHub's id of the reviewer asked; 0 for a request stored before Gantry kept it, until the pull request is read from GitHub again.",
      resolve: (request) => request.reviewer.ghId ?? 0,
    }),
    ghNodeId: t.id({
      description:
        "GitHub's node id of the reviewer asked; empty for a request stored before Gantry kept it, until the pull request is read from GitHub again.",
      resolve: (request) => request.reviewer.ghNodeId ?? "",
    }),
    createdAt: t.field({
      type: "ISO8601DateTime",
      description:
        "When Gantry first saw the review asked (GitHub does not say when a request was made); the pull request's opening for a request stored before Gantry kept it.",
      resolve: requestedAt,
    }),
    updatedAt: t.field({
      type: "ISO8601DateTime",
      description: "A request does not change once made: its createdAt.",
      resolve: requestedAt,
    }),
  }),
});

function requestedAt(request: ReviewRequestValue): Date {
  return request.reviewer.requestedAt ? new Date(request.reviewer.requestedAt) : request.issueCreatedAt;
}

/** SPEC §3 Board issue `type`: a native Gantry issue or a GitHub issue (the reference's IssueType). */
const IssueKind = builder.enumType("IssueType", { values: ["GithubIssue", "GantryIssue"] as const });

/** A Node, as the reference's Issue: `node(id)` answers it to anyone who can read a workspace showing it. */
export const Issue = builder.node(builder.objectRef<IssueRow>("Issue"), {
  id: { resolve: (issue) => issue.id },
  loadOne: (id, context) => (context.viewer ? readableIssue(context.db, context.viewer.id, id) : null),
  fields: (t) => ({
    ghId: t.expose("ghId", { type: "BigInt", nullable: true }),
    type: t.field({ type: IssueKind, resolve: (issue) => (issue.ghId === null ? "GantryIssue" : "GithubIssue") }),
    number: t.exposeInt("number"),
    title: t.exposeString("title"),
    body: t.exposeString("body", { nullable: true }),
    state: t.field({
      type: IssueState,
      resolve: (issue) => (issue.mergedAt ? "MERGED" : issue.state === "closed" ? "CLOSED" : "OPEN"),
    }),
    pullRequest: t.exposeBoolean("isPullRequest"),
    htmlUrl: t.string({
      description: "GitHub's page for a GitHub issue; Gantry's page for a native one.",
      resolve: (issue, _args, context) =>
        issue.htmlUrl ||
        whenReady(repositoryById(context).load(issue.repositoryId), ({ nativeWorkspaceId }) => {
          if (!nativeWorkspaceId) throw new Error(`GitHub issue ${issue.id} has no html_url`);
          const path = nativeIssuePath(encodeGlobalID("Workspace", nativeWorkspaceId), issue.number);
          return new URL(path, context.config.publicUrl).toString();
        }),
    }),
    labels: t.field({ type: [IssueLabel], resolve: (issue) => issue.labels }),
    assignees: t.field({ type: [IssueUser], resolve: (issue) => issue.assignees }),
    user: t.field({ type: IssueUser, nullable: true, resolve: (issue) => issue.author }),
    reviewRequests: t.connection({
      type: ReviewRequest,
      description: "Who a pull request is waiting on for a review, as GitHub last listed them; none for an issue.",
      resolve: (issue, args) =>
        arrayConnection(
          args,
          issue.requestedReviewers.map((reviewer) => ({
            issueId: issue.id,
            issueCreatedAt: issue.ghCreatedAt,
            reviewer,
          })),
        ),
    }),
    repository: t.field({
      type: Repository,
      resolve: (issue, _args, context) => repositoryById(context).load(issue.repositoryId),
    }),
    createdAt: t.field({ type: "ISO8601DateTime", resolve: (issue) => issue.ghCreatedAt }),
    updatedAt: t.field({ type: "ISO8601DateTime", resolve: (issue) => issue.ghUpdatedAt }),
    ghCreatedAt: t.field({
      type: "ISO8601DateTime",
      description: "When GitHub says the issue was opened; a native issue's own creation time.",
      resolve: (issue) => issue.ghCreatedAt,
    }),
    ghUpdatedAt: t.field({
      type: "ISO8601DateTime",
      description: "When GitHub last changed the issue; a native issue's own last change.",
      resolve: (issue) => issue.ghUpdatedAt,
    }),
    gantryUrl: t.string({
      description: "The issue's page in Gantry, on that workspace's board (the reference's zenhubUrl).",
      args: { workspaceId: t.arg.globalID({ required: true }) },
      resolve: (issue, args, context) =>
        whenReady(repositoryById(context).load(issue.repositoryId), (repository) => {
          const workspace = encodeGlobalID("Workspace", args.workspaceId.id);
          const path = repository.nativeWorkspaceId
            ? nativeIssuePath(workspace, issue.number)
            : workspaceIssuePath(workspace, repository.ownerLogin, repository.name, issue.number);
          return new URL(path, context.config.publicUrl).toString();
        }),
    }),
  }),
});

builder.objectField(Repository, "issues", (t) =>
  t.connection({
    type: Issue,
    description: "The repository's issues and pull requests as Gantry last saw them, by number.",
    args: { state: t.arg({ type: IssueState, required: false }) },
    resolve: async (repository, args, context) => {
      const filter = and(
        eq(schema.issues.repositoryId, repository.id),
        args.state === "OPEN"
          ? eq(schema.issues.state, "open")
          : args.state
            ? eq(schema.issues.state, "closed")
            : undefined,
      );
      const [total] = await context.db.select({ value: count() }).from(schema.issues).where(filter);
      const page = await resolveOffsetConnection({ args }, ({ limit, offset }) =>
        context.db
          .select()
          .from(schema.issues)
          .where(filter)
          .orderBy(asc(schema.issues.number))
          .limit(limit)
          .offset(offset),
      );
      return { ...page, totalCount: total?.value ?? 0 };
    },
  }),
);
