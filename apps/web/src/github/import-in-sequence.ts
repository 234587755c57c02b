export interface ImportOutcome<Repository> {
  failed: { repository: Repository; error: unknown }[];
}

/**
 * SPEC §7: repositories are added one at a time, each after the last has answered, so a workspace
 * never starts several imports at once; a failure is noted and the rest still go.
 */
export async function importInSequence<Repository>(
  repositories: readonly Repository[],
  add: (repository: Repository) => Promise<unknown>,
): Promise<ImportOutcome<Repository>> {
  const failed: ImportOutcome<Repository>["failed"] = [];
  for (const repository of repositories) {
    try {
      await add(repository);
    } catch (error) {
      failed.push({ repository, error });
    }
  }
  return { failed };
}
