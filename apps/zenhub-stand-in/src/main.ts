import { seedDemo } from "@gantry/hub-sandbox/demo";
import { createHubSandbox } from "@gantry/hub-sandbox/sandbox";
import { seedRepositoryFrom } from "./from-hub.js";
import { seedWorkspace } from "./seed.js";
import { createZenhubStandIn } from "./stand-in.js";

// The stand-in for local use and end-to-end tests: one ZenHub workspace, "Payments", over the hub
// sandbox's demo repositories. The demo seed numbers everything the same way every time, so a
// throwaway copy of it gives the GitHub ids and issue numbers the running hub sandbox has.
const demo = await createHubSandbox({ port: 0, seed: seedDemo });
const repositories = ["acme/web-app", "acme/api", "octo-labs/design-system"].map((fullName) =>
  seedRepositoryFrom(demo.store, fullName),
);
await demo.close();

const key = process.env.ZENHUB_STAND_IN_KEY ?? "zh_demo_key_0123456789";
const standIn = await createZenhubStandIn({
  port: Number(process.env.PORT ?? 3002),
  host: process.env.HOST ?? "127.0.0.1",
  seed: (store) => seedWorkspace(store, { key, name: "Payments", repositories }),
});
console.log(`ZenHub stand-in at ${standIn.endpoint} (API key ${key})`);
