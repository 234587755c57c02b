import type { Database } from "@gantry/db";
import Fastify, { type FastifyInstance } from "fastify";
import { registerAccountRoutes } from "./accounts/routes.js";
import { bearerToken, userForToken } from "./accounts/sessions.js";
import { createCodeHost } from "./codehost/code-host.js";
import type { GitHubConfig } from "./codehost/config.js";
import { registerGitHubOAuthRoutes } from "./codehost/oauth-routes.js";
import { registerWebhookRoute } from "./codehost/webhook-route.js";
import type { Config } from "./config/config.js";
import type { SecretBox } from "./crypto/secret-box.js";
import { createEventBus } from "./events/event-bus.js";
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
  /** Seals secrets at rest (GitHub tokens, webhook secrets). */
  secretBox: SecretBox;
  /** The GitHub (or GHES, or hub sandbox) connection; null switches GitHub features off. */
  github: GitHubConfig | null;
}

/** Builds the HTTP application without listening, so tests can drive it with `inject`. */
export async function buildApp({
  config,
  db,
  mailer,
  now = () => new Date(),
  logStream,
  secretBox,
  github,
}: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({ logger: loggerOptions(config, logStream), trustProxy: true, bodyLimit: 1_048_576 });
  const distDir = config.webDistDir ?? defaultWebDistDir;
  const mail = mailer ?? (config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : new OutboxMailer());
  app.addHook("onClose", async () => mail.close());
  const accounts = { db, mailer: mail, config, now };
  const events = await createEventBus(config.redisUrl, app.log);
  // Before the server waits for open connections: ending the subscriptions ends their streams.
  app.addHook("preClose", () => events.close());

  await registerSecurityHeaders(app, {
    production: config.production,
    // Sign-in forms post here and are sent on to GitHub; avatars come from GitHub too.
    trustedOrigins: github ? [new URL(github.webUrl).origin, "https://avatars.githubusercontent.com"] : [],
  });
  registerMetaRoutes(app, { buildId: readBuildId(distDir) });
  await registerAccountRoutes(app, accounts, config.authRateLimitPerMinute);
  if (mail instanceof OutboxMailer && !config.production) registerOutboxRoutes(app, mail, config.productName);
  const codeHost = github
    ? createCodeHost({ db, secretBox, github, publicUrl: config.publicUrl, now, log: app.log, events })
    : null;
  if (codeHost) {
    await registerGitHubOAuthRoutes(app, codeHost.deps);
    await registerWebhookRoute(app, codeHost.deps);
    app.addHook("onReady", () => codeHost.imports.resumeUnfinished());
    const interval = codeHost.deps.github.reconcileIntervalMs;
    const timer = interval > 0 ? setInterval(() => void codeHost.imports.reconcileAll(), interval).unref() : null;
    app.addHook("onClose", async () => {
      if (timer) clearInterval(timer);
      await codeHost.imports.settled();
    });
  }
  registerGraphQL(app, { db, config, mailer: mail, now, codeHost, events }, async (req) => {
    const token = bearerToken(req.headers.authorization);
    return token ? userForToken(accounts, token) : null;
  });
  await registerWebApp(app, config, distDir);
  return app;
}
