import type { HubStore } from "../store/store.js";
import { addDefaultLabels, labelIds } from "./labels.js";

export interface BulkSeed {
  owner: string;
  repo: string;
  issues: number;
  /** One in this many items is a pull request; 0 makes none. */
  pullRequestEvery?: number;
}

const labelRotation: string[][] = [["bug"], ["enhancement"], [], ["documentation"], ["bug", "help wanted"], []];

/**
 * Inserts `issues` issues straight into the store (no HTTP, no webhooks), creating the owner
 * and repository when missing, for benchmarks that need large repositories.
 */
export function seedIssues(store: HubStore, { owner, repo, issues, pullRequestEvery = 10 }: BulkSeed): void {
  const account = store.accountByLogin(owner) ?? store.createAccount({ login: owner, type: "User" });
  let repository = store.repository(owner, repo);
  if (!repository) {
    repository = store.createRepository({ owner: account, name: repo, description: `${issues} generated issues` });
    addDefaultLabels(store, repository);
  }
  const labelSets = labelRotation.map((names) => labelIds(store, repository, names));
  for (let index = 0; index < issues; index += 1) {
    const isPull = pullRequestEvery > 0 && index % pullRequestEvery === pullRequestEvery - 1;
    store.createIssue(repository, {
      title: `${isPull ? "Change" : "Issue"} ${index + 1}: generated for load testing`,
      body: `Generated item ${index + 1} of ${issues}.`,
      authorId: account.id,
      labelIds: labelSets[index % labelSets.length],
      state: index % 4 === 3 ? "closed" : "open",
      pullRequest: isPull
        ? { headRef: `generated/${index + 1}`, baseRef: repository.defaultBranch, draft: false }
        : undefined,
    });
  }
}
