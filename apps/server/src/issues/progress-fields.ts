import type { FieldRef } from "@pothos/core";
import type { GraphQLContext } from "../graphql/context.js";
import type { SchemaTypes } from "../graphql/record-mutations.js";
import { IssueCountProgress, IssueEstimateProgress, type Progress } from "./field-types.js";
import type { ChildProgress } from "./issue-loaders.js";

type ProgressField = FieldRef<SchemaTypes, Progress, "Object">;

/**
 * The two progress fields of a record with child issues (epics, releases): its issues open and
 * closed, and their story points open and closed, both from one batched read of `progressOf`.
 */
export function childProgressFields<Parent extends { id: string }>(
  t: PothosSchemaTypes.ObjectFieldBuilder<SchemaTypes, Parent>,
  progressOf: (context: GraphQLContext) => { load(id: string): Promise<ChildProgress> },
  descriptions: { count: string; estimate: string },
): { count: ProgressField; estimate: ProgressField } {
  const progressField = (
    type: typeof IssueCountProgress,
    description: string,
    pick: (progress: ChildProgress) => Progress,
  ) =>
    t.field({
      type,
      description,
      resolve: async (parent, _args, context) => pick(await progressOf(context).load(parent.id)),
    });
  return {
    count: progressField(IssueCountProgress, descriptions.count, (progress) => ({
      open: progress.open,
      closed: progress.closed,
    })),
    estimate: progressField(IssueEstimateProgress, descriptions.estimate, (progress) => ({
      open: progress.openPoints,
      closed: progress.closedPoints,
    })),
  };
}
