import { type Executor, schema } from "@gantry/db";
import { and, eq, inArray, isNotNull, or } from "drizzle-orm";
import { GantryError } from "../graphql/errors.js";

const { repositories, workspaceRepositories } = schema;
type RepositoryRow = typeof repositories.$inferSelect;

/**
 * The reference's `ghId` of a repository, which every repository has: GitHub's id, or for a Gantry repository
 * (which GitHub does not number) its Gantry number negated, so the two never meet (decision 0094).
 */
export const referenceGhIdOf = (repository: Pick<RepositoryRow, "ghId" | "number">): number =>
  repository.ghId ?? -repository.number;

/**
 * The workspace's repositories with these reference `ghId`s, in the order given. One the workspace does not show
 * is refused, naming it, before anything is written.
 */
export async function workspaceRepositoriesByGhId(
  db: Executor,
  workspaceId: string,
  ghIds: readonly number[],
  field: string,
): Promise<RepositoryRow[]> {
  const wanted = [...new Set(ghIds)];
  if (wanted.length === 0) return [];
  const github = wanted.filter((ghId) => ghId > 0);
  const gantry = wanted.filter((ghId) => ghId < 0).map((ghId) => -ghId);
  const rows = await db
    .select({ repository: repositories })
    .from(workspaceRepositories)
    .innerJoin(repositories, eq(repositories.id, workspaceRepositories.repositoryId))
    .where(
      and(
        eq(workspaceRepositories.workspaceId, workspaceId),
        or(
          github.length ? inArray(repositories.ghId, github) : undefined,
          gantry.length
            ? and(inArray(repositories.number, gantry), isNotNull(repositories.nativeWorkspaceId))
            : undefined,
        ),
      ),
    );
  const byGhId = new Map(rows.map(({ repository }) => [referenceGhIdOf(repository), repository]));
  return wanted.map((ghId) => {
    const repository = byGhId.get(ghId);
    if (!repository)
      throw new GantryError(
        "BAD_USER_INPUT",
        `Repository ${ghId} is not connected to this workspace; nothing was changed.`,
        {
          field,
        },
      );
    return repository;
  });
}
