/** SPEC §8 "Repository import". */
export const IMPORTING_REPOSITORIES = "Importing repositories...";
export const REPOSITORIES_IMPORTED = "Repositories imported successfully!";
export const SOME_REPOSITORIES_FAILED = "There was an error adding some repos to your workspace";

export function importFailedMessage(failedNames: readonly string[]): string {
  return `${SOME_REPOSITORIES_FAILED}. The repositories that failed to load were: ${failedNames.join(", ")}.`;
}
