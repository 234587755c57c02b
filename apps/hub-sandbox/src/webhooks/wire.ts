import type { Site } from "../http/site.js";
import type { Delivery, Hook, Repository } from "../store/records.js";
import type { HubStore } from "../store/store.js";

/** GitHub's `hook`; a secret is never shown back, only that there is one. */
export function hookWire(site: Site, store: HubStore, repository: Repository, hook: Hook) {
  const url = `${site.apiUrl}/repos/${store.fullName(repository)}/hooks/${hook.id}`;
  return {
    type: "Repository",
    id: hook.id,
    name: "web",
    active: hook.active,
    events: hook.events,
    config: {
      url: hook.config.url,
      content_type: hook.config.contentType,
      insecure_ssl: hook.config.insecureSsl,
      ...(hook.config.secret !== null && { secret: "********" }),
    },
    updated_at: hook.updatedAt,
    created_at: hook.createdAt,
    url,
    test_url: `${url}/test`,
    ping_url: `${url}/pings`,
    deliveries_url: `${url}/deliveries`,
    last_response: hook.lastResponse,
  };
}

/** GitHub's `hook-delivery-item`. */
export function deliveryItemWire(delivery: Delivery) {
  return {
    id: delivery.id,
    guid: delivery.guid,
    delivered_at: delivery.deliveredAt,
    redelivery: delivery.redelivery,
    duration: delivery.duration,
    status: delivery.status,
    status_code: delivery.statusCode,
    event: delivery.event,
    action: delivery.action,
    installation_id: null,
    repository_id: delivery.repositoryId,
  };
}

/** GitHub's `hook-delivery`: the item plus the request sent and the response received. */
export function deliveryWire(site: Site, store: HubStore, repository: Repository, delivery: Delivery) {
  return {
    ...deliveryItemWire(delivery),
    url: `${site.apiUrl}/repos/${store.fullName(repository)}/hooks/${delivery.hookId}/deliveries/${delivery.id}`,
    request: { headers: delivery.requestHeaders, payload: JSON.parse(delivery.payload) as unknown },
    response: { headers: delivery.responseHeaders, payload: delivery.responseBody },
  };
}
