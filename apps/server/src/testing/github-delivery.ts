import { WEBHOOK_PATH } from "../codehost/repositories.js";
import type { TestApp } from "./app.js";

export interface GitHubDelivery {
  body: string;
  deliveryId: string;
  /** The `x-hub-signature-256` header; null sends none. */
  signature: string | null;
  /** The `x-github-event` header. */
  event?: string;
  /** The hook's content type: `json` (the default) sends `body`, `form` sends it as `payload=…`. */
  contentType?: "json" | "form";
}

/** The bytes GitHub sends for a payload under a hook's content type; the signature covers these. */
export function deliveryBody(json: string, contentType: "json" | "form" = "json"): string {
  return contentType === "form" ? `payload=${encodeURIComponent(json)}` : json;
}

/** Posts a webhook delivery to the app's GitHub endpoint with the headers GitHub sends. */
export function postGitHubDelivery(t: TestApp, delivery: GitHubDelivery) {
  return t.app.inject({
    method: "POST",
    url: WEBHOOK_PATH,
    headers: {
      "content-type": delivery.contentType === "form" ? "application/x-www-form-urlencoded" : "application/json",
      "x-github-event": delivery.event ?? "issues",
      "x-github-delivery": delivery.deliveryId,
      ...(delivery.signature === null ? {} : { "x-hub-signature-256": delivery.signature }),
    },
    payload: delivery.body,
  });
}
