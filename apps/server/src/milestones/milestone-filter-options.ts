import { type Database, schema } from "@gantry/db";
import { and, asc, eq, inArray, notInArray, type SQL, sql } from "drizzle-orm";
import { containing } from "../board/filter-options.js";
import { StringInput } from "../board/search-input.js";
import { builder } from "../graphql/builder.js";
import { arrayConnection } from "../graphql/connections.js";
import { signedInViewer } from "../graphql/context.js";
import { Milestone } from "../issues/field-types.js";
import { requireWorkspace } from "../organizations/access.js";
import { Workspace } from "../workspaces/schema.js";
import type { MilestoneSource } from "./milestone-records.js";
import { MilestoneConnection, MilestoneState } from "./milestone-schema.js";

const { githubMilestones, issues, nativeMilestones, repositories, workspaceRepositories } = schema;

export interface MilestoneFilter {
  query?: string | null;
  /** Titles to keep (`in`) or leave out (`nin`), as typed. */
  titleIn?: string[] | null;
  titleNotIn?: string[] | null;
  repositoryGhIds?: number[] | null;
  state?: "open" | "closed" | null;
}

/**
 * The milestones the board's milestone filter offers: one per title the workspace's issues carry (the filter
 * matches by title in every repository), each answered as one of the milestones of that title (the first
 * repository by name). A milestone Gantry has no state for is open, as GitHub's are until closed.
 */
export async function milestoneFilterOptions(
  db: Database,
  workspaceId: string,
  filter: MilestoneFilter,
): Promise<MilestoneSource[]> {
  const title = sql<string>`${issues.milestone}->>'title'`;
  const number = sql<number>`(${issues.milestone}->>'number')::int`;
  const state = sql`coalesce(${nativeMilestones.state}, ${githubMilestones.state}, 'open')`;
  const conditions: (SQL | undefined)[] = [
    eq(workspaceRepositories.workspaceId, workspaceId),
    sql`${issues.milestone} is not null`,
    containing(title, filter.query),
    filter.titleIn ? inArray(title, filter.titleIn.length ? filter.titleIn : [""]) : undefined,
    filter.titleNotIn?.length ? notInArray(title, filter.titleNotIn) : undefined,
    filter.repositoryGhIds
      ? inArray(repositories.ghId, filter.repositoryGhIds.length ? filter.repositoryGhIds : [-1])
      : undefined,
    filter.state ? sql`${state} = ${filter.state}` : undefined,
  ];
  // DISTINCT ON needs its expression first in the ORDER BY; "C" keeps the code-point order the menus use.
  const collated = sql`(${title}) collate "C"`;
  return db
    .selectDistinctOn([collated], { repositoryId: issues.repositoryId, number, title })
    .from(issues)
    .innerJoin(workspaceRepositories, eq(workspaceRepositories.repositoryId, issues.repositoryId))
    .innerJoin(repositories, eq(repositories.id, issues.repositoryId))
    .leftJoin(
      nativeMilestones,
      and(eq(nativeMilestones.repositoryId, issues.repositoryId), eq(nativeMilestones.number, number)),
    )
    .leftJoin(
      githubMilestones,
      and(eq(githubMilestones.repositoryId, issues.repositoryId), eq(githubMilestones.number, number)),
    )
    .where(and(...conditions))
    .orderBy(collated, asc(repositories.name), asc(issues.repositoryId));
}

builder.objectField(Workspace, "milestoneFilterOptions", (t) =>
  t.connection(
    {
      type: Milestone,
      nullable: true,
      description:
        "The milestones the board's filter offers: one per title the workspace's issues carry (the filter matches by title in every repository), by title.",
      args: {
        query: t.arg.string({ required: false, description: "Keeps titles containing this text, in any case." }),
        title: t.arg({ type: StringInput, required: false, description: "`in` / `nin`: titles to keep / leave out." }),
        repositoryGhIds: t.arg.intList({
          required: false,
          description: "Keeps milestones of these GitHub repositories.",
        }),
        state: t.arg({ type: MilestoneState, required: false }),
        ignoreRepositoryPermissions: t.arg.boolean({
          required: false,
          description: "Taken and without effect: a workspace's readers see all of its repositories' milestones.",
        }),
      },
      resolve: async (workspace, args, context) => {
        await requireWorkspace(context.db, workspace.id, signedInViewer(context).id, "viewer");
        return arrayConnection(
          args,
          await milestoneFilterOptions(context.db, workspace.id, {
            query: args.query ?? null,
            titleIn: args.title?.in ?? null,
            titleNotIn: args.title?.nin ?? null,
            repositoryGhIds: args.repositoryGhIds ?? null,
            state: args.state ? (args.state === "CLOSED" ? "closed" : "open") : null,
          }),
        );
      },
    },
    MilestoneConnection,
  ),
);
