import type { Database } from "@gantry/db";
import Fastify, { type FastifyInstance } from "fastify";
import { registerAccountRoutes } from "./accounts/routes.js";
import { bearerToken, userForToken } from "./accounts/sessions.js";
import type { Config } from "./config/config.js";
import { registerGraphQL } from "./graphql/route.js";
import { loggerOptions } from "./http/logging.js";
import { registerSecurityHeaders } from "./http/security.js";
import { defaultWebDistDir, readBuildId, registerWebApp } from "./http/web-app.js";
import { createSmtpMailer, type Mailer, OutboxMailer } from "./mail/mailer.js";
import { registerOutboxRoutes } from "./mail/outbox-route.js";
import { registerMetaRoutes } from "./meta/routes.js";

export interface AppDependencies {
  config: Config;
  db: Database;
  /** Defaults to SMTP when configured, else the dev outbox. */
  mailer?: Mailer;
  /** The clock account rules read; tests move it to expire tokens. */
  now?: () => Date;
  /** Where log lines go (standard output by default); tests read them back. */
  logStream?: NodeJS.WritableStream;
}

/** Builds the HTTP application without listening, so tests can drive it with `inject`. */
export async function buildApp({
  config,
  db,
  mailer,
  now = () => new Date(),
  logStream,
}: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({ logger: loggerOptions(config, logStream), trustProxy: true, bodyLimit: 1_048_576 });
  const distDir = config.webDistDir ?? defaultWebDistDir;
  const mail = mailer ?? (config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : new OutboxMailer());
  app.addHook("onClose", async () => mail.close());
  const accounts = { db, mailer: mail, config, now };

  await registerSecurityHeaders(app, { production: config.production });
  registerMetaRoutes(app, { buildId: readBuildId(distDir) });
  await registerAccountRoutes(app, accounts, config.authRateLimitPerMinute);
  if (mail instanceof OutboxMailer && !config.production) registerOutboxRoutes(app, mail, config.productName);
  registerGraphQL(app, { db, config, mailer: mail, now }, async (req) => {
    const token = bearerToken(req.headers.authorization);
    return token ? userForToken(accounts, token) : null;
  });
  await registerWebApp(app, config, distDir);
  return app;
}
