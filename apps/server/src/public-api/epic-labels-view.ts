import type { schema as db } from "@gantry/db";
import type { GraphQLFieldConfig, GraphQLObjectType } from "graphql";
import { listAsConnection } from "./public-schema.js";

/** The reference's `Label` node: a GitHub label on an issue, or (on an epic) a workspace's Gantry label. */
export type PublicLabel = db.IssueLabel & {
  repositoryId: string | null;
  gantryLabelId?: string;
  description?: string | null;
  /** A Gantry label's own times (GitHub labels take theirs from Gantry's record of them). */
  createdAt?: Date;
  updatedAt?: Date;
};

/**
 * `GantryEpic.labels`, a list in the web app's schema, as the reference's `LabelConnection` (ZenhubEpic.labels):
 * each Gantry label a `Label` whose id is the GantryLabel's, so a script can pass it back to the label mutations.
 */
export function epicLabelsAsConnection<S>(
  field: GraphQLFieldConfig<S, unknown>,
  connection: GraphQLObjectType,
): GraphQLFieldConfig<S, unknown> {
  return listAsConnection(
    field,
    connection,
    (label: db.GantryLabelRow): PublicLabel => ({
      name: label.name,
      color: label.color ?? "",
      description: label.description,
      repositoryId: null,
      gantryLabelId: label.id,
      createdAt: label.createdAt,
      updatedAt: label.updatedAt,
    }),
  );
}
