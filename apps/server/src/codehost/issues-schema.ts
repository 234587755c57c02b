import { schema } from "@gantry/db";
import { nativeIssuePath } from "@gantry/domain";
import { encodeGlobalID, resolveOffsetConnection } from "@pothos/plugin-relay";
import { and, asc, count, eq } from "drizzle-orm";
import { builder } from "../graphql/builder.js";
import { repositoryById } from "../issues/issue-loaders.js";
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

/** SPEC §3 Board issue `type`: a native Gantry issue or a GitHub issue (the reference's IssueType). */
const IssueKind = builder.enumType("IssueType", { values: ["GithubIssue", "GantryIssue"] as const });

export const Issue = builder.objectRef<IssueRow>("Issue").implement({
  fields: (t) => ({
    id: t.id({ resolve: (issue) => encodeGlobalID("Issue", issue.id) }),
    ghId: t.exposeInt("ghId", { nullable: true }),
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
      resolve: async (issue, _args, context) => {
        if (issue.htmlUrl) return issue.htmlUrl;
        const { nativeWorkspaceId } = await repositoryById(context).load(issue.repositoryId);
        if (!nativeWorkspaceId) throw new Error(`GitHub issue ${issue.id} has no html_url`);
        const path = nativeIssuePath(encodeGlobalID("Workspace", nativeWorkspaceId), issue.number);
        return new URL(path, context.config.publicUrl).toString();
      },
    }),
    labels: t.field({ type: [IssueLabel], resolve: (issue) => issue.labels }),
    assignees: t.field({ type: [IssueUser], resolve: (issue) => issue.assignees }),
    user: t.field({ type: IssueUser, nullable: true, resolve: (issue) => issue.author }),
    repository: t.field({
      type: Repository,
      resolve: (issue, _args, context) => repositoryById(context).load(issue.repositoryId),
    }),
    createdAt: t.field({ type: "ISO8601DateTime", resolve: (issue) => issue.ghCreatedAt }),
    updatedAt: t.field({ type: "ISO8601DateTime", resolve: (issue) => issue.ghUpdatedAt }),
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
