import { schema } from "@gantry/db";
import type { DefaultConnectionArguments } from "@pothos/plugin-relay";
import { and, asc, eq, gte, lte, or } from "drizzle-orm";
import type { GraphQLContext } from "../../graphql/context.js";
import { emptyConnection, referenceConnection, type ServedField } from "./served-field.js";

const { issueEvents, issues } = schema;

type Paged = DefaultConnectionArguments;
type SprintRow = typeof schema.sprints.$inferSelect;
type ReleaseRow = typeof schema.releases.$inferSelect;

export const planningFields: Record<string, ServedField> = {
  "Sprint.scopeChange": {
    description:
      "Issues added to or removed from the sprint while it ran (from its start until it closed or ended), oldest first, from the issues' timelines; `estimateValue` is the issue's estimate now.",
    resolve: async (sprint: SprintRow, args: Paged, context: GraphQLContext) => {
      // The timeline names a sprint by its name, as it reads; the sprint's dates tell same-named sprints apart.
      const rows = await context.db
        .select({ from: issueEvents.fromValue, at: issueEvents.createdAt, issue: issues })
        .from(issueEvents)
        .innerJoin(issues, eq(issues.id, issueEvents.issueId))
        .where(
          and(
            eq(issueEvents.workspaceId, sprint.workspaceId),
            eq(issueEvents.field, "sprint"),
            or(eq(issueEvents.toValue, sprint.name), eq(issueEvents.fromValue, sprint.name)),
            gte(issueEvents.createdAt, sprint.startAt),
            lte(issueEvents.createdAt, sprint.closedAt ?? sprint.endAt),
          ),
        )
        .orderBy(asc(issueEvents.createdAt), asc(issueEvents.id));
      return referenceConnection(
        args,
        rows.map((row) => ({
          action: row.from === sprint.name ? "ISSUE_REMOVED" : "ISSUE_ADDED",
          effectiveAt: row.at,
          estimateValue: row.issue.estimate,
          issue: row.issue,
        })),
      );
    },
  },
  "Release.closedAt": {
    description:
      "When the release was closed; for one closed before Gantry kept this, its last change. Null while open.",
    resolve: (release: ReleaseRow) => (release.state === "CLOSED" ? (release.closedAt ?? release.updatedAt) : null),
  },
  "Priority.description": {
    description: "Not kept by Gantry: a priority has a name and a colour only (null).",
    resolve: () => null,
  },
  "GantryEpic.estimate": {
    description:
      "Not kept by Gantry: an epic has no estimate of its own (null); its issues' points are `gantryIssueEstimateProgress`.",
    resolve: () => null,
  },
  "GantryEpic.oldIssue": {
    description: "Not kept by Gantry: epics are made in Gantry, never converted from an issue (null).",
    resolve: () => null,
  },
  "GantryEpic.comments": {
    description: "Not kept by Gantry: epics have no comments (empty).",
    resolve: emptyConnection,
  },
  "GantryEpic.activityFeed": {
    description: "Not kept by Gantry: epics have no comments or timeline (empty).",
    resolve: emptyConnection,
  },
};
