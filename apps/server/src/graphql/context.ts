import type { Database } from "@gantry/db";
import type { SessionUser } from "../accounts/sessions.js";
import type { AuditOrigin } from "../audit/record.js";
import type { CodeHost } from "../codehost/code-host.js";
import type { Config } from "../config/config.js";
import type { BoardEventBus } from "../events/board-events.js";
import type { JobQueue } from "../jobs/background.js";
import type { Mailer } from "../mail/mailer.js";
import type { OutboundWebhookDeps } from "../webhooks-out/service.js";

/** Per-request state every resolver receives; the viewer is null when the request carries no valid session. */
export interface GraphQLContext {
  db: Database;
  config: Config;
  mailer: Mailer;
  now: () => Date;
  /** GitHub features; null when no GitHub connection is configured. */
  codeHost: CodeHost | null;
  events: BoardEventBus;
  /** Asks background jobs for a run soon (sprint automation after a config change). */
  jobs: JobQueue;
  /** Outbound webhooks' settings, secret box and delivery queue. */
  webhooks: OutboundWebhookDeps;
  viewer: SessionUser | null;
  /** Set when the request came through POST /public/graphql with this API key (not a signed-in session). */
  apiKeyId?: string;
  /** The client's address and user agent, for the audit log; absent outside HTTP (tests, jobs). */
  origin?: AuditOrigin;
}

/** The signed-in person; resolvers behind the signedIn scope call it to get a typed viewer. */
export function signedInViewer(context: GraphQLContext): SessionUser {
  if (!context.viewer) throw new Error("unreachable: signedIn scope passed without a viewer");
  return context.viewer;
}
