import type { OAuthApp } from "./store/records.js";
import type { HubStore } from "./store/store.js";
import type { WebhookDispatcher } from "./webhooks/dispatcher.js";

/** What every route module is given: the data, the webhook sender and the registered OAuth applications. */
export interface SandboxContext {
  store: HubStore;
  webhooks: WebhookDispatcher;
  oauthApps: readonly OAuthApp[];
}
