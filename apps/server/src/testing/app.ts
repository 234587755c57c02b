import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestDatabase, type TestDatabase } from "@gantry/db/testing";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app.js";
import { type Config, loadConfig } from "../config/config.js";

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: TestDatabase;
  close(): Promise<void>;
}

/** A built web app stand-in: the real index.html shape, with the runtime-config placeholder. */
export function fakeWebDist(buildId = "test-build"): string {
  const dir = mkdtempSync(join(tmpdir(), "gantry-web-"));
  writeFileSync(
    join(dir, "index.html"),
    "<!doctype html><html><head><!--gantry-runtime-config--></head><body><div id=root></div></body></html>",
  );
  writeFileSync(join(dir, "build.json"), JSON.stringify({ buildId }));
  return dir;
}

/** The whole HTTP app on a private in-memory database, driven with `app.inject`. */
export async function createTestApp(env: NodeJS.ProcessEnv = {}): Promise<TestApp> {
  const config = loadConfig({ LOG_LEVEL: "silent", WEB_DIST_DIR: fakeWebDist(), ...env });
  const database = await createTestDatabase("pglite");
  const app = await buildApp({ config, db: database.db });
  return {
    app,
    config,
    database,
    close: async () => {
      await app.close();
      await database.dispose();
    },
  };
}
