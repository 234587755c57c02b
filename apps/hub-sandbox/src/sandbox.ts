import Fastify from "fastify";
import { registerOAuthRoutes } from "./auth/routes.js";
import { registerCommentRoutes } from "./comments/routes.js";
import type { SandboxContext } from "./context.js";
import { registerGraphQLRoutes } from "./graphql/routes.js";
import { registerBodyParsers } from "./http/body-parsers.js";
import { registerConditionalRequests } from "./http/conditional.js";
import { registerErrorHandling } from "./http/errors.js";
import { registerGitHubHeaders } from "./http/github-headers.js";
import { defaultRateLimits, RateLimiter, type RateLimits, registerRateLimit } from "./http/rate-limit.js";
import { registerSite } from "./http/site.js";
import { registerViewer } from "./http/viewer.js";
import { registerIssueTypeRoutes } from "./issues/issue-types.js";
import { registerIssueRelationRoutes } from "./issues/relations.js";
import { registerIssueRoutes } from "./issues/routes.js";
import { registerLabelRoutes } from "./labels/routes.js";
import { registerMilestoneRoutes } from "./milestones/routes.js";
import { registerPullRequestRoutes } from "./pulls/routes.js";
import { registerRepositoryRoutes } from "./repos/routes.js";
import { registerSearchRoutes } from "./search/routes.js";
import type { OAuthApp } from "./store/records.js";
import { type Clock, HubStore } from "./store/store.js";
import { registerAvatarRoute, registerUserRoutes } from "./users/routes.js";
import { WebhookDispatcher } from "./webhooks/dispatcher.js";
import { registerHookRoutes } from "./webhooks/routes.js";

export interface HubSandboxOptions {
  port?: number;
  host?: string;
  /** Where the REST API is mounted: "" (the default) as on api.github.com, "/api/v3" as on GitHub Enterprise Server. */
  apiPrefix?: string;
  /** Fills the store before listening, e.g. with `seedDemo`. */
  seed?: (store: HubStore) => void;
  /** OAuth applications allowed to use the web flow. */
  oauthApps?: OAuthApp[];
  rateLimits?: Partial<RateLimits>;
  /** Source of timestamps, so tests can move time on. */
  clock?: Clock;
  logger?: boolean;
  /** Told of every request as it arrives (method and URL as sent), e.g. for a benchmark counting list calls. */
  onRequest?: (request: { method: string; url: string }) => void;
}

export interface HubSandbox {
  /** Origin of the OAuth pages, e.g. http://127.0.0.1:3001 */
  url: string;
  /** Base URL to give Octokit, e.g. http://127.0.0.1:3001/api/v3 */
  apiUrl: string;
  store: HubStore;
  /** Resolves when every webhook delivery started so far has finished. */
  deliveriesSettled(): Promise<void>;
  close(): Promise<void>;
}

function normalisePrefix(prefix: string): string {
  const trimmed = prefix.replace(/\/+$/, "");
  return trimmed === "" || trimmed.startsWith("/") ? trimmed : `/${trimmed}`;
}

export async function createHubSandbox(options: HubSandboxOptions = {}): Promise<HubSandbox> {
  const store = new HubStore(options.clock);
  options.seed?.(store);
  const context: SandboxContext = {
    store,
    webhooks: new WebhookDispatcher(store),
    oauthApps: options.oauthApps ?? [],
  };
  const apiPrefix = normalisePrefix(options.apiPrefix ?? "");
  const limiter = new RateLimiter({ ...defaultRateLimits, ...options.rateLimits }, () => store.clock().getTime());

  const app = Fastify({ logger: options.logger ?? false });
  const { onRequest } = options;
  if (onRequest) {
    app.addHook("onRequest", async (request) => {
      onRequest({ method: request.method, url: request.url });
    });
  }
  registerBodyParsers(app);
  registerErrorHandling(app);
  registerOAuthRoutes(app, context);
  registerAvatarRoute(app, context);
  await app.register(
    async (api) => {
      registerSite(api, apiPrefix);
      registerViewer(api, store);
      registerConditionalRequests(api);
      registerRateLimit(api, limiter);
      registerGitHubHeaders(api);
      registerUserRoutes(api, context);
      registerRepositoryRoutes(api, context);
      registerIssueRoutes(api, context);
      registerIssueRelationRoutes(api, context);
      registerIssueTypeRoutes(api, context);
      registerPullRequestRoutes(api, context);
      registerLabelRoutes(api, context);
      registerMilestoneRoutes(api, context);
      registerCommentRoutes(api, context);
      registerHookRoutes(api, context);
      registerSearchRoutes(api, context);
      registerGraphQLRoutes(api, context);
    },
    { prefix: apiPrefix },
  );

  const host = options.host ?? "127.0.0.1";
  await app.listen({ port: options.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  return {
    url,
    apiUrl: `${url}${apiPrefix}`,
    store,
    deliveriesSettled: () => context.webhooks.settled(),
    async close() {
      await context.webhooks.settled();
      await app.close();
    },
  };
}
