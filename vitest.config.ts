import { availableParallelism } from "node:os";
import { defaultClientConditions, defaultServerConditions } from "vite";
import { defineConfig } from "vitest/config";

// Workspace packages export their TypeScript sources under the "@gantry/source" condition,
// so tests run against the code as written, with no build step first.
// graphql ships CommonJS and ESM copies; Pothos loads the CommonJS one, so tests must too,
// or the schema's types fail graphql's instanceof checks.
// Vitest runs one test file fewer than there are cores: one at a time on a two-core machine, which
// left the database suite waiting on PostgreSQL and timers most of its 20 minutes (about 10% CPU).
// Database tests wait more than they compute, so they get a file more than the cores; each file has
// its own database, so files never share data.
const cores = availableParallelism();

const sourceFirst = {
  resolve: { conditions: ["@gantry/source", ...defaultClientConditions], alias: { graphql: "graphql/index.js" } },
  ssr: { resolve: { conditions: ["@gantry/source", ...defaultServerConditions] } },
};

export default defineConfig({
  test: {
    projects: [
      {
        ...sourceFirst,
        test: {
          name: "unit",
          environment: "node",
          maxWorkers: cores,
          // Some unit tests start an app on an embedded database; two cores under load need room.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          include: [
            "packages/*/src/**/*.test.ts",
            "apps/server/src/**/*.test.ts",
            "apps/hub-sandbox/src/**/*.test.ts",
            "apps/zenhub-stand-in/src/**/*.test.ts",
            "apps/extension/src/**/*.test.ts",
            "bench/**/*.test.ts",
          ],
          exclude: ["**/*.db.test.ts", "**/node_modules/**"],
        },
      },
      {
        ...sourceFirst,
        test: {
          name: "web",
          environment: "jsdom",
          maxWorkers: cores,
          include: ["apps/web/src/**/*.test.{ts,tsx}"],
          setupFiles: ["apps/web/src/test/setup.ts"],
          // jsdom renders are slow on two busy cores; a timeout here means load, not a hang.
          testTimeout: 30_000,
        },
      },
      {
        ...sourceFirst,
        test: {
          name: "db",
          environment: "node",
          maxWorkers: cores + 1,
          include: ["packages/*/src/**/*.db.test.ts", "apps/server/src/**/*.db.test.ts"],
          testTimeout: 90_000,
          hookTimeout: 90_000,
        },
      },
    ],
  },
});
