import type { Database, Listen } from "@gantry/db";
import Fastify, { type FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { registerAccountRoutes } from "./accounts/routes.js";
import { bearerToken, userForToken } from "./accounts/sessions.js";
import { aiLabelTrainingJob } from "./ai/labels/training.js";
import { movableClock, registerTestClockRoutes } from "./clock/test-clock.js";
import { createCodeHost } from "./codehost/code-host.js";
import type { GitHubConfig } from "./codehost/config.js";
import { registerGitHubOAuthRoutes } from "./codehost/oauth-routes.js";
import { registerWebhookRoute } from "./codehost/webhook-route.js";
import type { Config } from "./config/config.js";
import { resealStaleSecrets } from "./crypto/rotation.js";
import type { SecretBox } from "./crypto/secret-box.js";
import { installEdition } from "./enterprise/edition.js";
import { createEventBus } from "./events/event-bus.js";
import {
  type GraphQLRateLimits,
  GraphQLRequestLimits,
  limitGraphQLRequests,
  loadGraphQLRateLimits,
} from "./graphql/rate-limit.js";
import { registerGraphQL } from "./graphql/route.js";
import { loggerOptions } from "./http/logging.js";
import { registerServerErrorHandler, registerUtf8JsonParser } from "./http/request-errors.js";
import { registerSecurityHeaders } from "./http/security.js";
import { defaultWebDistDir, readBuildId, registerWebApp } from "./http/web-app.js";
import { registerLegacyIssueRoutes } from "./issues/legacy-issue.js";
import { type BackgroundJobsOptions, registerBackgroundJobs } from "./jobs/background.js";
import { createSmtpMailer, type Mailer, OutboxMailer } from "./mail/mailer.js";
import { registerOutboxRoutes } from "./mail/outbox-route.js";
import { registerMetaRoutes } from "./meta/routes.js";
import { registerObservabilityRoutes } from "./observability/routes.js";
import { loadPublicApiLimits, type PublicApiLimits } from "./public-api/config.js";
import { registerPublicGraphQL } from "./public-api/route.js";
import { loadSigninConfig, type SigninConfig, signinOrigins } from "./signin/config.js";
import { registerSigninRoutes } from "./signin/routes.js";
import { runSprintAutomation, sprintAutomationJob } from "./sprints/automation.js";
import { DEFAULT_WEBHOOK_CONFIG, type WebhookConfig } from "./webhooks-out/config.js";
import { deliveryJob } from "./webhooks-out/deliver.js";
import { withOutboundWebhooks } from "./webhooks-out/dispatch.js";
import { createHookCache } from "./webhooks-out/hook-cache.js";
import { THIS_PROCESS } from "./zenhub-import/claimant.js";
import { zenhubImportJob } from "./zenhub-import/job.js";

export interface AppDependencies {
  config: Config;
  db: Database;
  /**
   * The database handle's LISTEN, so outbound webhooks can be kept in memory and dropped when any
   * instance changes them (decision 0054); left out, they are read from the database for every board event.
   */
  listen?: Listen;
  /** Defaults to SMTP when configured, else the dev outbox. */
  mailer?: Mailer;
  /** The server's clock (accounts, sprints, jobs); tests move it to expire tokens or end sprints. */
  now?: () => Date;
  /** Where log lines go (standard output by default); tests read them back. */
  logStream?: NodeJS.WritableStream;
  /** Seals secrets at rest (GitHub tokens, webhook secrets). */
  secretBox: SecretBox;
  /** The GitHub (or GHES, or hub sandbox) connection; null switches GitHub features off. */
  github: GitHubConfig | null;
  /** Runs background jobs (sprint automation) on this database; left out, none start, as in most tests. */
  jobs?: BackgroundJobsOptions;
  /** Sign-in providers besides email (SIGNIN_PROVIDERS and their settings); GitHub only when left out. */
  signin?: SigninConfig;
  /** How outbound webhooks are sent (GANTRY_WEBHOOK*); private addresses refused when left out. */
  webhooks?: WebhookConfig;
  /** POST /public/graphql's limits per API key (PUBLIC_API_*); the defaults when left out. */
  publicApi?: PublicApiLimits;
  /** /graphql's request budgets per person and per address (GRAPHQL_RATE_LIMIT_*); the defaults when left out. */
  graphqlRateLimits?: GraphQLRateLimits;
}

/** Builds the HTTP application without listening, so tests can drive it with `inject`. */
export async function buildApp({
  config,
  db,
  listen,
  mailer,
  now: baseNow = () => new Date(),
  logStream,
  secretBox,
  github,
  jobs: jobsOptions,
  signin = loadSigninConfig({}, config.edition, config.publicUrl),
  webhooks: webhookConfig = DEFAULT_WEBHOOK_CONFIG,
  publicApi = loadPublicApiLimits({}),
  graphqlRateLimits = loadGraphQLRateLimits({}),
}: AppDependencies): Promise<FastifyInstance> {
  // The test clock moves planning time (sprints, the board, GraphQL) and leaves sign-in and GitHub on real
  // time, so a spec moving it past a sprint's end does not expire the sessions and mailed links of specs
  // running beside it (decision 0020).
  const testClock = config.testClock ? movableClock(baseNow) : null;
  const now = testClock ? testClock.now : baseNow;
  const proxies = config.trustProxy;
  const app = Fastify({
    logger: loggerOptions(config, logStream),
    // Which address is the client's, for every limit, log line and audit entry (TRUST_PROXY, decision 0057).
    // A hop count as Fastify itself reads one (its types leave numbers out): the last N hops are proxies.
    trustProxy: typeof proxies === "number" ? (_address: string, hop: number) => hop < proxies : proxies,
    bodyLimit: 1_048_576,
  });
  registerServerErrorHandler(app);
  const distDir = config.webDistDir ?? defaultWebDistDir;
  const mail = mailer ?? (config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : new OutboxMailer());
  app.addHook("onClose", async () => mail.close());
  const accounts = { db, mailer: mail, config, now: baseNow };
  // Licences run on real time, like sign-in: the test clock only moves planning time.
  const edition = installEdition(config, baseNow);
  app.addHook("onClose", async () => edition.uninstall());
  const licence = edition.edition?.licence();
  if (licence && licence.state !== "valid") app.log.warn(`Enterprise license: ${licence.message}`);
  const hookCache = await createHookCache(listen, app.log);
  app.addHook("onClose", () => hookCache.close());
  const webhooks = { db, secretBox, config: webhookConfig, publicUrl: config.publicUrl, hookCache };
  // Issue events also go to the workspace's outbound webhooks; their deliveries are queued as jobs,
  // which only exist below, and publishing starts once requests (or jobs) run.
  const events = withOutboundWebhooks(
    await createEventBus(config.redisUrl, app.log),
    { ...webhooks, jobs: { send: (...args) => jobs.send(...args) } },
    app.log,
  );
  // Before the server waits for open connections: ending the subscriptions ends their streams.
  app.addHook("preClose", () => events.close());
  const sprintAutomation = { db, events };
  const jobs = registerBackgroundJobs(app, jobsOptions, [
    sprintAutomationJob({ ...sprintAutomation, now }),
    deliveryJob(webhooks),
    aiLabelTrainingJob({ db }),
    // Read when a job runs: the GitHub connection is made below, and without one there is nothing to import into.
    zenhubImportJob(() =>
      codeHost
        ? {
            db,
            codeHost: codeHost.deps,
            secretBox,
            events,
            zenhubApiUrl: config.zenhubApiUrl,
            claimMs: config.zenhubImportClaimMs,
            claims: { self: THIS_PROCESS, databaseIsThisProcess: jobsOptions?.databaseIsThisProcess ?? false },
            now: baseNow,
          }
        : null,
    ),
  ]);
  if (testClock) {
    // A test that moves the clock past a sprint's end sees the rollover done when its request returns.
    registerTestClockRoutes(app, testClock, async (at) => void (await runSprintAutomation(sprintAutomation, at)));
  }

  await registerSecurityHeaders(app, {
    production: config.production,
    // Sign-in forms post here and are sent on to GitHub; avatars come from GitHub too.
    trustedOrigins: [
      ...(github ? [new URL(github.webUrl).origin, "https://avatars.githubusercontent.com"] : []),
      ...signinOrigins(signin),
    ],
    // A GitHub Enterprise install's pages may frame the extension's pages too (docs/decisions/0031).
    ...(github ? { gitHubWebOrigin: new URL(github.webUrl).origin } : {}),
  });
  registerMetaRoutes(app, { buildId: readBuildId(distDir) });
  registerObservabilityRoutes(app, { db, executeSql: jobsOptions?.executeSql, metricsToken: config.metricsToken });
  // Sign-in limits count across every instance when they share Redis; sessions already live in the database.
  const limitsStore = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1 }) : null;
  limitsStore?.on("error", (error: Error) => app.log.warn({ err: error.message }, "Redis for sign-in limits failed"));
  app.addHook("onClose", async () => void (await limitsStore?.quit()));
  await registerAccountRoutes(app, accounts, { perMinute: config.authRateLimitPerMinute, redis: limitsStore });
  if (mail instanceof OutboxMailer && !config.production) registerOutboxRoutes(app, mail, config.productName);
  const codeHost = github
    ? createCodeHost({ db, secretBox, github, publicUrl: config.publicUrl, now: baseNow, log: app.log, events })
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
  // After the GitHub delivery route, whose own scope reads its JSON as the signed bytes: Fastify lets a scope
  // replace only its parent's default parser. Routes on the app itself use this one whenever they were added.
  registerUtf8JsonParser(app);
  await registerSigninRoutes(app, {
    db,
    secretBox,
    publicUrl: config.publicUrl,
    now: baseNow,
    signin,
    githubConfigured: github !== null,
    perMinute: config.authRateLimitPerMinute,
  });
  if (secretBox.hasRetiredKeys) {
    // Secrets sealed with a retired key are sealed again in the background once the server is up, so a
    // rotation needs no separate step; every instance may run it at once (each row is swapped only once).
    let resealing: Promise<unknown> = Promise.resolve();
    app.addHook("onReady", async () => {
      resealing = resealStaleSecrets({ db, secretBox, log: app.log }).catch((error: unknown) =>
        app.log.error({ err: error instanceof Error ? error.message : String(error) }, "secret rotation failed"),
      );
    });
    app.addHook("onClose", async () => void (await resealing));
  }
  registerLegacyIssueRoutes(app, { db, now });
  const graphqlContext = { db, config, mailer: mail, now, codeHost, events, jobs, webhooks: { ...webhooks, jobs } };
  // Counted on real time, like sign-in; in Redis with the sign-in limits when instances share one.
  const graphqlLimits = new GraphQLRequestLimits(graphqlRateLimits, {
    redis: limitsStore,
    now: () => baseNow().getTime(),
    log: app.log,
  });
  const viewerFor = limitGraphQLRequests(app, "/graphql", graphqlLimits, async (req) => {
    const token = bearerToken(req.headers.authorization);
    return token ? userForToken(accounts, token) : null;
  });
  registerGraphQL(app, graphqlContext, viewerFor);
  registerPublicGraphQL(app, graphqlContext, publicApi);
  await registerWebApp(app, config, distDir);
  return app;
}
