import { randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Engine } from "@gantry/db";
import { createTestDatabase, type TestDatabase } from "@gantry/db/testing";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app.js";
import type { GitHubConfig } from "../codehost/config.js";
import { type Config, loadConfig } from "../config/config.js";
import { SecretBox } from "../crypto/secret-box.js";
import { loadGraphQLRateLimits } from "../graphql/rate-limit.js";
import type { Mailer } from "../mail/mailer.js";
import { loadPublicApiLimits } from "../public-api/config.js";
import { loadSigninConfig } from "../signin/config.js";
import { loadWebhookConfig } from "../webhooks-out/config.js";

export interface TestApp {
  app: FastifyInstance;
  secretBox: SecretBox;
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

export interface TestAppOptions {
  engine?: Engine;
  mailer?: Mailer;
  now?: () => Date;
  logStream?: NodeJS.WritableStream;
  github?: GitHubConfig;
  /** Another app's database, for two instances sharing one; its owner disposes of it. */
  database?: TestDatabase;
  /** The key ring sealing secrets (a fresh random key when left out), e.g. one with a retired key. */
  secretBox?: SecretBox;
  /** Starts background jobs (pg-boss) on the test database, polling this often. */
  jobsPollingIntervalSeconds?: number;
}

/** The whole HTTP app on a private database (in-memory PGlite by default), driven with `app.inject`. */
export async function createTestApp(env: NodeJS.ProcessEnv = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const config = loadConfig({ LOG_LEVEL: "silent", WEB_DIST_DIR: fakeWebDist(), ...env });
  const database = options.database ?? (await createTestDatabase(options.engine ?? "pglite"));
  const secretBox = options.secretBox ?? new SecretBox(randomBytes(32));
  const app = await buildApp({
    config,
    db: database.db,
    listen: database.listen,
    secretBox,
    github: options.github ?? null,
    signin: loadSigninConfig(env, config.edition, config.publicUrl),
    webhooks: loadWebhookConfig(env),
    publicApi: loadPublicApiLimits(env),
    // Off unless a test sets them: tests and benchmarks send requests far faster than a person would.
    graphqlRateLimits: loadGraphQLRateLimits({
      GRAPHQL_RATE_LIMIT_PER_USER_PER_MINUTE: "0",
      GRAPHQL_RATE_LIMIT_PER_IP_PER_MINUTE: "0",
      ...env,
    }),
    ...(options.mailer ? { mailer: options.mailer } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.jobsPollingIntervalSeconds
      ? { jobs: { executeSql: database.executeSql, pollingIntervalSeconds: options.jobsPollingIntervalSeconds } }
      : {}),
  });
  return {
    app,
    secretBox,
    config,
    database,
    close: async () => {
      await app.close();
      if (!options.database) await database.dispose();
    },
  };
}
