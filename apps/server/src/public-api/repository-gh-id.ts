import type { schema as db } from "@gantry/db";
import { type GraphQLFieldConfig, GraphQLNonNull, getNullableType } from "graphql";
import { referenceGhIdOf } from "../workspaces/repository-gh-ids.js";

/**
 * `Repository.ghId` as the reference has it, a number every repository has: GitHub's id, or for a workspace's
 * Gantry repository its Gantry number negated (decision 0094). The web app keeps reading null for a Gantry
 * repository; the public endpoints answer the number, which the mutations taking `repositoryGhId(s)` accept.
 */
export function everyRepositoryGhId(
  field: GraphQLFieldConfig<typeof db.repositories.$inferSelect, unknown>,
): GraphQLFieldConfig<typeof db.repositories.$inferSelect, unknown> {
  return {
    ...field,
    type: new GraphQLNonNull(getNullableType(field.type)),
    description:
      "GitHub's id of the repository; a workspace's Gantry repository, which GitHub does not number, answers its Gantry number negated.",
    resolve: (repository) => referenceGhIdOf(repository),
  };
}
