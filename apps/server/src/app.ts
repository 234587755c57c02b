import type { Database } from "@gantry/db";
import Fastify, { type FastifyInstance } from "fastify";
import type { Config } from "./config/config.js";
import { registerGraphQL } from "./graphql/route.js";
import { loggerOptions } from "./http/logging.js";
import { registerSecurityHeaders } from "./http/security.js";
import { defaultWebDistDir, readBuildId, registerWebApp } from "./http/web-app.js";
import { registerMetaRoutes } from "./meta/routes.js";

export interface AppDependencies {
  config: Config;
  db: Database;
}

/** Builds the HTTP application without listening, so tests can drive it with `inject`. */
export async function buildApp({ config, db }: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({ logger: loggerOptions(config), trustProxy: true, bodyLimit: 1_048_576 });
  const distDir = config.webDistDir ?? defaultWebDistDir;

  await registerSecurityHeaders(app, { production: config.production });
  registerMetaRoutes(app, { buildId: readBuildId(distDir) });
  registerGraphQL(app, { db, config });
  await registerWebApp(app, config, distDir);
  return app;
}
