import { openDatabase } from "@gantry/db";
import { buildApp } from "./app.js";
import { loadGitHubConfig } from "./codehost/config.js";
import { ConfigError, loadConfig, withoutPassword } from "./config/config.js";
import { loadSecretBox } from "./crypto/keys.js";
import { loadGraphQLRateLimits } from "./graphql/rate-limit.js";
import { loadPublicApiLimits } from "./public-api/config.js";
import { loadSigninConfig } from "./signin/config.js";
import { loadWebhookConfig } from "./webhooks-out/config.js";

async function main(): Promise<void> {
  const config = loadConfig();
  const secretBox = loadSecretBox(process.env, config);
  const github = loadGitHubConfig(process.env);
  const signin = loadSigninConfig(process.env, config.edition, config.publicUrl);
  const webhooks = loadWebhookConfig(process.env);
  const publicApi = loadPublicApiLimits(process.env);
  const graphqlRateLimits = loadGraphQLRateLimits(process.env);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
  } catch (error) {
    // The first statement is where a wrong address, password or database name shows: name the setting.
    const setting = config.databaseUrl
      ? `DATABASE_URL cannot be used (got ${JSON.stringify(withoutPassword(config.databaseUrl))})`
      : `GANTRY_DATA_DIR cannot be used (got ${JSON.stringify(config.dataDir)})`;
    throw new ConfigError([`${setting}: ${error instanceof Error ? error.message : String(error)}`]);
  }

  const app = await buildApp({
    config,
    db: database.db,
    listen: database.listen,
    secretBox,
    github,
    signin,
    webhooks,
    publicApi,
    graphqlRateLimits,
    jobs: { executeSql: database.executeSql, databaseIsThisProcess: database.engine === "pglite" },
  });
  app.addHook("onClose", () => database.close());
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  app.log.info(
    { engine: database.engine, edition: config.edition },
    `${config.productName} is running at http://localhost:${port}`,
  );

  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down: finishing requests in flight");
    await app.close();
    app.log.info("stopped");
    process.exit(0);
  };
  process.once("SIGTERM", shutdown);
  process.once("SIGINT", shutdown);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error("Gantry failed to start:", error);
  }
  process.exit(1);
});
