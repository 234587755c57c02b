import type { HubSandbox } from "@gantry/hub-sandbox/sandbox";
import type { SeedRepository } from "./seed.js";

/**
 * A hub-sandbox repository (`owner/name`) as `seedWorkspace` takes it: the same GitHub ids and
 * issue numbers, so the ZenHub workspace points at issues Gantry imports from the sandbox.
 */
export function seedRepositoryFrom(store: HubSandbox["store"], fullName: string): SeedRepository {
  const [owner = "", name = ""] = fullName.split("/");
  const repository = store.repository(owner, name);
  if (!repository) throw new Error(`the hub sandbox has no ${fullName}`);
  return {
    ghId: repository.id,
    ownerName: owner,
    name,
    issues: [...repository.issues.values()].map((issue) => ({
      number: issue.number,
      ghId: issue.id,
      title: issue.title,
      state: issue.state,
      pullRequest: issue.pullRequest !== null,
    })),
  };
}
