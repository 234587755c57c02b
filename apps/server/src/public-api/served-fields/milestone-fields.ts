import { schema } from "@gantry/db";
import type { DefaultConnectionArguments } from "@pothos/plugin-relay";
import { encodeGlobalID } from "@pothos/plugin-relay";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { idsOf } from "../../board/search-input.js";
import { type GraphQLContext, signedInViewer } from "../../graphql/context.js";
import { GantryError } from "../../graphql/errors.js";
import type { MilestoneRecord, MilestoneSource } from "../../milestones/milestone-records.js";
import { recordOf } from "../../milestones/milestone-schema.js";
import { requireWorkspace } from "../../organizations/access.js";
import { referenceConnection, type ServedField } from "./served-field.js";

const { githubMilestones, issues, nativeMilestones, repositories, workspaceRepositories } = schema;

type Source = MilestoneSource | MilestoneRecord;
type Paged = DefaultConnectionArguments;

const fromRecord =
  <T>(read: (record: MilestoneRecord) => T): ServedField["resolve"] =>
  async (source: Source, _args, context: GraphQLContext) =>
    read(await recordOf(source, context));

/** The reference's milestone fields whose types the web app does not use (decision 0085). */
export const milestoneFields: Record<string, ServedField> = {
  "Milestone.creator": {
    description: "Who created it on GitHub, as GitHub last said; null for a Gantry repository's milestone.",
    resolve: fromRecord((record) => (record.creatorLogin ? { __typename: "User", login: record.creatorLogin } : null)),
  },
  "Milestone.ghId": {
    description:
      "GitHub's id of the milestone; 0 for a Gantry repository's, or a GitHub milestone Gantry has only seen on its issues.",
    resolve: fromRecord((record) => record.ghId ?? 0),
  },
  "Milestone.ghNodeId": {
    description: "GitHub's node id of the milestone; Gantry's id where GitHub has given none (a Gantry repository's).",
    resolve: fromRecord((record) => record.ghNodeId ?? encodeGlobalID("Milestone", record.id)),
  },
  "Milestone.ghCreatedAt": {
    description: "When GitHub created it; when Gantry first kept it where GitHub has not said (a Gantry repository's).",
    resolve: fromRecord((record) => record.ghCreatedAt ?? record.createdAt),
  },
  "Milestone.ghUpdatedAt": {
    description: "When GitHub last changed it; when Gantry last did where GitHub has not said.",
    resolve: fromRecord((record) => record.ghUpdatedAt ?? record.updatedAt),
  },
  "Milestone.issues": {
    description: "The repository's issues and pull requests carrying the milestone, by number.",
    resolve: async (source: Source, args: Paged, context: GraphQLContext) => {
      const rows = await context.db
        .select()
        .from(issues)
        .where(
          and(
            eq(issues.repositoryId, source.repositoryId),
            sql`(${issues.milestone}->>'number')::int = ${source.number}`,
          ),
        )
        .orderBy(asc(issues.number));
      return referenceConnection(args, rows);
    },
  },
  "Milestone.otherRepositories": {
    description:
      "The workspace's other repositories with a milestone of the same title (any case), the milestones Gantry's board filter treats as one; by name.",
    resolve: async (source: Source, args: Paged & { workspaceId: string }, context: GraphQLContext) => {
      const [workspaceId] = idsOf("workspaceId", "Workspace", [args.workspaceId]) ?? [];
      if (!workspaceId) throw new GantryError("BAD_USER_INPUT", "Give a workspace id.", { field: "workspaceId" });
      await requireWorkspace(context.db, workspaceId, signedInViewer(context).id, "viewer");
      const title = sql`lower(${source.title})`;
      const holds = sql`(
        exists (select 1 from ${nativeMilestones} where ${nativeMilestones.repositoryId} = ${repositories.id}
          and lower(${nativeMilestones.title}) = ${title})
        or exists (select 1 from ${githubMilestones} where ${githubMilestones.repositoryId} = ${repositories.id}
          and lower(${githubMilestones.title}) = ${title})
        or exists (select 1 from ${issues} where ${issues.repositoryId} = ${repositories.id}
          and lower(${issues.milestone}->>'title') = ${title}))`;
      const rows = await context.db
        .select({ repository: repositories })
        .from(workspaceRepositories)
        .innerJoin(repositories, eq(repositories.id, workspaceRepositories.repositoryId))
        .where(and(eq(workspaceRepositories.workspaceId, workspaceId), ne(repositories.id, source.repositoryId), holds))
        .orderBy(asc(repositories.name), asc(repositories.id));
      return referenceConnection(
        args,
        rows.map((row) => row.repository),
      );
    },
  },
};
