import type { Repository } from "../store/records.js";
import type { HubStore } from "../store/store.js";

/** The labels GitHub gives every new repository. */
const defaultLabels = [
  { name: "bug", color: "d73a4a", description: "Something isn't working" },
  { name: "documentation", color: "0075ca", description: "Improvements or additions to documentation" },
  { name: "duplicate", color: "cfd3d7", description: "This issue or pull request already exists" },
  { name: "enhancement", color: "a2eeef", description: "New feature or request" },
  { name: "good first issue", color: "7057ff", description: "Good for newcomers" },
  { name: "help wanted", color: "008672", description: "Extra attention is needed" },
  { name: "invalid", color: "e4e669", description: "This doesn't seem right" },
  { name: "question", color: "d876e3", description: "Further information is requested" },
  { name: "wontfix", color: "ffffff", description: "This will not be worked on" },
];

export function addDefaultLabels(store: HubStore, repository: Repository): void {
  for (const label of defaultLabels) store.createLabel(repository, label).isDefault = true;
}

export function labelIds(store: HubStore, repository: Repository, names: readonly string[]): number[] {
  return names.flatMap((name) => store.labelByName(repository, name)?.id ?? []);
}
