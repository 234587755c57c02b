import { randomUUID } from "node:crypto";
import { sign } from "@octokit/webhooks-methods";
import type { Site } from "../http/site.js";
import { repositoryWire } from "../repos/wire.js";
import type { Account, Delivery, Hook, Repository } from "../store/records.js";
import type { HubStore } from "../store/store.js";
import { organizationSimple, simpleUser } from "../users/wire.js";
import { isLoopbackUrl } from "./loopback.js";
import { hookWire } from "./wire.js";

const deliveryTimeoutMs = 10_000;

export type WebhookPayload = { action?: string } & Record<string, unknown>;

interface Outgoing {
  hook: Hook;
  event: string;
  action: string | null;
  guid: string;
  /** The JSON payload, before any form encoding. */
  payload: string;
  redelivery: boolean;
}

/** Sends signed deliveries to a repository's hooks and keeps each one in the hook's delivery log. */
export class WebhookDispatcher {
  private readonly inFlight = new Set<Promise<unknown>>();
  /** The last delivery queued per hook id. */
  private readonly queues = new Map<number, Promise<unknown>>();

  constructor(private readonly store: HubStore) {}

  /** Adds `repository`, `sender` (and `organization`) to the payload, as GitHub does, and sends it to every subscribed hook. */
  emit(site: Site, repository: Repository, sender: Account, event: string, payload: WebhookPayload): void {
    const subscribed = [...repository.hooks.values()].filter(
      (hook) => hook.active && (hook.events.includes(event) || hook.events.includes("*")),
    );
    if (subscribed.length === 0) return;
    const json = this.envelope(site, repository, sender, payload);
    for (const hook of subscribed) this.send(hook, event, payload.action ?? null, json);
  }

  /** GitHub pings a hook once when it is created. */
  ping(site: Site, repository: Repository, hook: Hook, sender: Account): void {
    const payload = {
      zen: "Keep it logically awesome.",
      hook_id: hook.id,
      hook: hookWire(site, this.store, repository, hook),
    };
    this.send(hook, "ping", null, this.envelope(site, repository, sender, payload));
  }

  /** Sends a past delivery's body again under its original GUID, logged as a redelivery. */
  redeliver(hook: Hook, delivery: Delivery): Promise<Delivery> {
    return this.start({
      hook,
      event: delivery.event,
      action: delivery.action,
      guid: delivery.guid,
      payload: delivery.payload,
      redelivery: true,
    });
  }

  /** Resolves when every delivery started so far has been answered or has failed. */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
  }

  private envelope(site: Site, repository: Repository, sender: Account, payload: WebhookPayload): string {
    const owner = this.store.account(repository.ownerId);
    return JSON.stringify({
      ...payload,
      repository: repositoryWire(site, this.store, repository, null),
      ...(owner.type === "Organization" && { organization: organizationSimple(site, owner) }),
      sender: simpleUser(site, sender),
    });
  }

  private send(hook: Hook, event: string, action: string | null, json: string): void {
    void this.start({ hook, event, action, guid: randomUUID(), payload: json, redelivery: false });
  }

  /** A hook's deliveries go out one at a time, in the order their events happened. */
  private start(outgoing: Outgoing): Promise<Delivery> {
    const hookId = outgoing.hook.id;
    const delivery = (this.queues.get(hookId) ?? Promise.resolve()).then(() => this.deliver(outgoing));
    const done: Promise<unknown> = delivery
      .catch(() => undefined)
      .finally(() => {
        this.inFlight.delete(done);
        if (this.queues.get(hookId) === done) this.queues.delete(hookId);
      });
    this.queues.set(hookId, done);
    this.inFlight.add(done);
    return delivery;
  }

  private async deliver({ hook, event, action, guid, payload, redelivery }: Outgoing): Promise<Delivery> {
    const body = hook.config.contentType === "form" ? `payload=${encodeURIComponent(payload)}` : payload;
    const requestHeaders: Record<string, string> = {
      Accept: "*/*",
      "content-type": hook.config.contentType === "form" ? "application/x-www-form-urlencoded" : "application/json",
      "User-Agent": "GitHub-Hookshot/hub-sandbox",
      "X-GitHub-Delivery": guid,
      "X-GitHub-Event": event,
      "X-GitHub-Hook-ID": String(hook.id),
      "X-GitHub-Hook-Installation-Target-ID": String(hook.repositoryId),
      "X-GitHub-Hook-Installation-Target-Type": "repository",
      ...(hook.config.secret !== null && { "X-Hub-Signature-256": await sign(hook.config.secret, body) }),
    };
    const started = performance.now();
    const deliveredAt = this.store.timestamp();
    let statusCode = 0;
    let status: string;
    let responseHeaders: Record<string, string> = {};
    let responseBody: string | null = null;
    try {
      if (!isLoopbackUrl(hook.config.url)) throw new Error("only loopback targets are delivered to");
      const response = await fetch(hook.config.url, {
        method: "POST",
        headers: requestHeaders,
        body,
        signal: AbortSignal.timeout(deliveryTimeoutMs),
      });
      statusCode = response.status;
      status = response.ok ? "OK" : `Invalid HTTP Response: ${response.status}`;
      responseHeaders = Object.fromEntries(response.headers);
      responseBody = await response.text();
    } catch (error) {
      status = error instanceof Error ? error.message : String(error);
    }
    const delivery: Delivery = {
      id: this.store.newDeliveryId(),
      guid,
      hookId: hook.id,
      repositoryId: hook.repositoryId,
      event,
      action,
      deliveredAt,
      redelivery,
      duration: Math.round(performance.now() - started) / 1000,
      statusCode,
      status,
      requestHeaders,
      payload,
      responseHeaders,
      responseBody,
    };
    hook.deliveries.unshift(delivery);
    hook.lastResponse = {
      code: statusCode || null,
      status: statusCode >= 200 && statusCode < 300 ? "active" : "failed",
      message: status,
    };
    return delivery;
  }
}
