import { schema } from "@gantry/db";
import { encodeGlobalID, resolveOffsetConnection } from "@pothos/plugin-relay";
import { and, asc, count, eq } from "drizzle-orm";
import { builder } from "../graphql/builder.js";
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

export const Issue = builder.objectRef<IssueRow>("Issue").implement({
  fields: (t) => ({
    id: t.id({ resolve: (issue) => encodeGlobalID("Issue", issue.id) }),
    ghId: t.exposeInt("ghId"),
    number: t.exposeInt("number"),
    title: t.exposeString("title"),
    body: t.exposeString("body", { nullable: true }),
    state: t.field({
      type: IssueState,
      resolve: (issue) => (issue.mergedAt ? "MERGED" : issue.state === "closed" ? "CLOSED" : "OPEN"),
    }),
    pullRequest: t.exposeBoolean("isPullRequest"),
    htmlUrl: t.exposeString("htmlUrl"),
    labels: t.field({ type: [IssueLabel], resolve: (issue) => issue.labels }),
    assignees: t.field({ type: [IssueUser], resolve: (issue) => issue.assignees }),
    user: t.field({ type: IssueUser, nullable: true, resolve: (issue) => issue.author }),
    repository: t.field({
      type: Repository,
      resolve: async (issue, _args, context) => {
        const [repository] = await context.db
          .select()
          .from(schema.repositories)
          .where(eq(schema.repositories.id, issue.repositoryId));
        if (!repository) throw new Error(`issue ${issue.id} has no repository`);
        return repository;
      },
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
