import { WEBHOOK_PATH } from "../codehost/repositories.js";
import type { TestApp } from "./app.js";

export interface GitHubDelivery {
  body: string;
  deliveryId: string;
  /** The `x-hub-signature-256` header; null sends none. */
  signature: string | null;
  /** The `x-github-event` header. */
  event?: string;
}

/** Posts a webhook delivery to the app's GitHub endpoint with the headers GitHub sends. */
export function postGitHubDelivery(t: TestApp, delivery: GitHubDelivery) {
  return t.app.inject({
    method: "POST",
    url: WEBHOOK_PATH,
    headers: {
      "content-type": "application/json",
      "x-github-event": delivery.event ?? "issues",
      "x-github-delivery": delivery.deliveryId,
      ...(delivery.signature === null ? {} : { "x-hub-signature-256": delivery.signature }),
    },
    payload: delivery.body,
  });
}
