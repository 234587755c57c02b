import type { HubSandbox } from "@gantry/hub-sandbox/sandbox";
import { seedRepositoryFrom } from "@gantry/zenhub-stand-in/from-hub";
import { type SeedRepository, seedWorkspace } from "@gantry/zenhub-stand-in/seed";
import type { ZenhubStandIn } from "@gantry/zenhub-stand-in/stand-in";

export const ZENHUB_KEY = "zh_test_key_0123456789";

/**
 * Seeds the stand-in with one workspace, "Payments", over the given hub-sandbox repositories (the
 * demo data's acme/web-app and acme/api by default), readable with ZENHUB_KEY. The stand-in starts
 * empty before Gantry (which needs its address) and is seeded once the hub sandbox exists.
 */
export function seedZenhubFrom(
  zenhub: ZenhubStandIn,
  hub: HubSandbox,
  repositories = ["acme/web-app", "acme/api"],
  extra: SeedRepository[] = [],
) {
  return seedWorkspace(zenhub.store, {
    key: ZENHUB_KEY,
    name: "Payments",
    repositories: [...repositories.map((fullName) => seedRepositoryFrom(hub.store, fullName)), ...extra],
  });
}
