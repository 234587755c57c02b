import { type Executor, schema } from "@gantry/db";
import { sprintName } from "@gantry/domain";
import { decodeGlobalID, encodeGlobalID } from "@pothos/plugin-relay";
import { and, asc, eq, inArray } from "drizzle-orm";
import { Issue } from "../codehost/issues-schema.js";
import { builder } from "../graphql/builder.js";
import { arrayConnection } from "../graphql/connections.js";
import { GantryError } from "../graphql/errors.js";
import { Sprint } from "../issues/field-types.js";
import { type SprintRow, sprintConfigOf } from "./queries.js";

const { issues, sprintIssues, sprints } = schema;

export interface SprintIssueRow {
  sprint: SprintRow;
  issue: typeof issues.$inferSelect;
  addedAt: Date;
}

/** The reference's SprintIssue: an issue's membership of a sprint, since it was added. */
export const SprintIssue = builder.objectRef<SprintIssueRow>("SprintIssue").implement({
  fields: (t) => ({
    id: t.id({ resolve: (row) => encodeGlobalID("SprintIssue", `${row.sprint.id}:${row.issue.id}`) }),
    issue: t.field({ type: Issue, resolve: (row) => row.issue }),
    sprint: t.field({ type: Sprint, resolve: (row) => row.sprint }),
    createdAt: t.field({ type: "ISO8601DateTime", resolve: (row) => row.addedAt }),
    updatedAt: t.field({ type: "ISO8601DateTime", resolve: (row) => row.addedAt }),
  }),
});

/** The memberships of these issues in these sprints, by sprint start and then in the order they were added. */
export async function sprintIssueRows(
  db: Executor,
  sprintIds: readonly string[],
  issueIds?: readonly string[],
): Promise<SprintIssueRow[]> {
  if (sprintIds.length === 0 || issueIds?.length === 0) return [];
  return db
    .select({ sprint: sprints, issue: issues, addedAt: sprintIssues.addedAt })
    .from(sprintIssues)
    .innerJoin(sprints, eq(sprints.id, sprintIssues.sprintId))
    .innerJoin(issues, eq(issues.id, sprintIssues.issueId))
    .where(
      and(
        inArray(sprintIssues.sprintId, [...sprintIds]),
        issueIds ? inArray(sprintIssues.issueId, [...issueIds]) : undefined,
      ),
    )
    .orderBy(asc(sprints.startAt), asc(sprintIssues.addedAt), asc(issues.id));
}

/** A GitHub label's id (`Label:<repository id>:<name>`, public-api/public-schema.ts) as `repository:name`, the name in lower case. */
function labelKey(id: string): string {
  let decoded: { typename: string; id: string } | null = null;
  try {
    decoded = decodeGlobalID(id);
  } catch {
    decoded = null;
  }
  const cut = decoded?.id.indexOf(":") ?? -1;
  if (decoded?.typename !== "Label" || cut < 1)
    throw new GantryError("BAD_USER_INPUT", `"${id.slice(0, 80)}" is not the id of a GitHub label.`, {
      field: "labelIds",
    });
  return `${decoded.id.slice(0, cut)}:${decoded.id.slice(cut + 1).toLowerCase()}`;
}

builder.objectFields(Sprint, (t) => ({
  sprintIssues: t.connection({
    type: SprintIssue,
    description:
      "The sprint's issues with when each was added, in that order; `labelIds` keeps those carrying one of these GitHub labels.",
    args: { labelIds: t.arg.idList({ required: false }) },
    resolve: async (sprint, args, context) => {
      const rows = await sprintIssueRows(context.db, [sprint.id]);
      if (!args.labelIds) return arrayConnection(args, rows);
      // A GitHub label's id is its repository and name (public-api/public-schema.ts); names match in any case.
      const wanted = new Set(args.labelIds.map(labelKey));
      return arrayConnection(
        args,
        rows.filter((row) =>
          row.issue.labels.some((label) => wanted.has(`${row.issue.repositoryId}:${label.name.toLowerCase()}`)),
        ),
      );
    },
  }),
  generatedName: t.string({
    nullable: true,
    description: "The name the workspace's sprint settings give this sprint; null once they no longer made it.",
    resolve: async (sprint, _args, context) => {
      const config = await sprintConfigOf(context.db, sprint.workspaceId);
      return config && config.id === sprint.sprintConfigId
        ? sprintName(config.name, sprint, config.tzIdentifier)
        : null;
    },
  }),
}));
